/**
 * The gateways' routes answer in English ("base_url: must be an absolute https URL ..."); the page
 * shows each rule it knows in the admin's language, and any other message as the server wrote it.
 */
import type { TFunction } from "i18next"
import { fieldErrorsOf, serverMessage, type ServerFieldError } from "./server-errors"

export const GATEWAY_FIELDS = ["token", "base_url", "path_segment", "enabled"] as const
export type GatewayField = (typeof GATEWAY_FIELDS)[number]

/**
 * Each rule and its translation key: a field's own rules (src/lib/credentials/gateway-field-rules.ts, the
 * route's schema and the form), the stored row's (src/modules/paylink/utils/gateway-settings.ts) and the
 * service's.
 */
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

/**
 * A rule of the route's schema as the form shows it on its field before sending: in the admin's
 * language when known, else the rule without the field's name (the field is labelled already).
 */
export function gatewayFieldMessage(t: TFunction, message: string): string {
  const rule = message.replace(new RegExp(`^(?:${GATEWAY_FIELDS.join("|")}): `), "")
  return translatedServerMessage(t, rule)
}

/**
 * A refused save: each problem on the field the server named (every one of them), or, when it
 * named none, one message for a toast.
 */
export function gatewaySaveError(
  t: TFunction,
  err: unknown
): { fields: ServerFieldError<GatewayField>[]; message: string | null } {
  const onFields = fieldErrorsOf(err, GATEWAY_FIELDS)
  if (onFields.length) {
    return { fields: onFields.map(({ field, message }) => ({ field, message: translatedServerMessage(t, message) })), message: null }
  }
  return { fields: [], message: translatedServerMessage(t, serverMessage(err)) }
}
