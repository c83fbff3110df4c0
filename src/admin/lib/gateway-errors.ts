/**
 * The gateways' routes answer in English ("base_url: must be an absolute https URL ..."); the page
 * shows each rule it knows in the admin's language, and any other message as the server wrote it.
 */
import type { TFunction } from "i18next"
import { fieldErrorOf, serverMessage } from "./server-errors"

export const GATEWAY_FIELDS = ["token", "base_url", "path_segment", "enabled"] as const
export type GatewayField = (typeof GATEWAY_FIELDS)[number]

/** Each rule of src/modules/paylink/gateway-settings.ts (and the service) and its translation key. */
const KNOWN: [RegExp, string][] = [
  [/must be the gateway's X-Token/, "gateways.errors.tokenInvalid"],
  [/changing base_url needs the gateway's token typed again/, "gateways.errors.tokenAgainForNewAddress"],
  [/base_url set in the admin needs the gateway's token/, "gateways.errors.tokenNeededForAdminAddress"],
  [/cannot be stored without a key/, "gateways.errors.noEncryptionKey"],
  [/must be an absolute https URL/, "gateways.errors.baseUrlInvalid"],
  [/must be one URL path segment/, "gateways.errors.pathSegmentInvalid"],
  [/changed by another save meanwhile/, "gateways.errors.changedMeanwhile"],
  [/has no address/, "gateways.errors.noAddress"],
]

/** The message in the admin's language when the rule is known, else as the server wrote it. */
export function translatedServerMessage(t: TFunction, message: string): string {
  const known = KNOWN.find(([pattern]) => pattern.test(message))
  return known ? t(known[1]) : message
}

/** A refused save: on its field when the server named one, else for a toast. */
export function gatewaySaveError(t: TFunction, err: unknown): { field: GatewayField | null; message: string } {
  const onField = fieldErrorOf(err, GATEWAY_FIELDS)
  if (onField) {
    return { field: onField.field, message: translatedServerMessage(t, onField.message) }
  }
  return { field: null, message: translatedServerMessage(t, serverMessage(err)) }
}
