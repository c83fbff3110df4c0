/** The gateways' routes answer in English; each rule the page knows is shown in the admin's language. */
import type { TFunction } from "i18next"
import {
  fieldErrorsOf,
  serverMessage,
  type ServerFieldError,
} from "./server-errors"

export const GATEWAY_FIELDS = [
  "token",
  "base_url",
  "path_segment",
  "enabled",
] as const
export type GatewayField = (typeof GATEWAY_FIELDS)[number]

/** Each rule and its translation key: the field rules, the stored row's rules and the service's. */
const KNOWN: [RegExp, string][] = [
  [/must be the gateway's X-Token/, "gateways.errors.tokenInvalid"],
  [
    /changing base_url needs the gateway's token typed again/,
    "gateways.errors.tokenAgainForNewAddress",
  ],
  [
    /base_url set in the admin needs the gateway's token/,
    "gateways.errors.tokenNeededForAdminAddress",
  ],
  [/cannot be stored without a key/, "gateways.errors.noEncryptionKey"],
  [/must be an absolute https URL/, "gateways.errors.baseUrlInvalid"],
  [/must be one URL path segment/, "gateways.errors.pathSegmentInvalid"],
  [/changed by another save meanwhile/, "gateways.errors.changedMeanwhile"],
  [/has no address/, "gateways.errors.noAddress"],
  [/a Test token ran less than/, "gateways.errors.testTokenTooSoon"],
]

export function translatedServerMessage(t: TFunction, message: string): string {
  const known = KNOWN.find(([pattern]) => pattern.test(message))
  return known ? t(known[1]) : message
}

/** Without the field's name: the field is labelled already. */
export function gatewayFieldMessage(t: TFunction, message: string): string {
  const rule = message.replace(
    new RegExp(`^(?:${GATEWAY_FIELDS.join("|")}): `),
    ""
  )
  return translatedServerMessage(t, rule)
}

/** Each problem on the field the server named, or one message for a toast. */
export function gatewaySaveError(
  t: TFunction,
  err: unknown
): { fields: ServerFieldError<GatewayField>[]; message: string | null } {
  const onFields = fieldErrorsOf(err, GATEWAY_FIELDS)
  if (onFields.length) {
    return {
      fields: onFields.map(({ field, message }) => ({
        field,
        message: translatedServerMessage(t, message),
      })),
      message: null,
    }
  }
  return { fields: [], message: translatedServerMessage(t, serverMessage(err)) }
}
