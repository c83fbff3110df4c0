/**
 * The rules of a gateway-settings save that depend on the body alone, in one place: the route's
 * schema (and so the admin's form) and the paylink module both check them. Pure, so the admin
 * bundles it.
 */
import { isSecretSafeUrl } from "./secret-safe-url"
import { isPathSegment, PATH_SEGMENT_RULE } from "../paylink/path-segment"
import { isHeaderValue } from "../paylink/outcome"

export const TOKEN_MAX_LENGTH = 4096

/** A token usable as the X-Token header: printable ASCII, no surrounding spaces. */
export function isAcceptableToken(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.length > 0 &&
    value.length <= TOKEN_MAX_LENGTH &&
    value.trim() === value &&
    isHeaderValue(value)
  )
}

/** In the form's order. */
export const GATEWAY_SETTINGS_FIELDS = [
  "token",
  "base_url",
  "path_segment",
  "enabled",
  "renewal_orders",
] as const
export type GatewaySettingsField = (typeof GATEWAY_SETTINGS_FIELDS)[number]

type FieldRule = { accepts: (value: unknown) => boolean; rule: string }

/** `null` clears a text field back to the provider's option. A rule never quotes the value (the token is a secret). */
export const GATEWAY_FIELD_RULES: Readonly<
  Record<GatewaySettingsField, FieldRule>
> = {
  token: {
    accepts: (v) => v === null || isAcceptableToken(v),
    rule:
      `must be the gateway's X-Token: 1 to ${TOKEN_MAX_LENGTH} printable characters without surrounding spaces ` +
      "(or null to use the provider option)",
  },
  base_url: {
    accepts: (v) => v === null || (typeof v === "string" && isSecretSafeUrl(v)),
    rule: "must be an absolute https URL (plain http only for localhost, 127.0.0.1 or ::1), or null to use the provider option",
  },
  path_segment: {
    accepts: (v) => v === null || isPathSegment(v),
    rule: `must be ${PATH_SEGMENT_RULE}, or null to use the provider option`,
  },
  enabled: {
    accepts: (v) => typeof v === "boolean",
    rule: "must be true or false",
  },
  renewal_orders: {
    accepts: (v) => typeof v === "boolean",
    rule: "must be true or false",
  },
}

/** The refusal of one field as the routes word it: `<field>: <rule>`, so a form puts it on that field. */
export const fieldProblem = (field: GatewaySettingsField): string =>
  `${field}: ${GATEWAY_FIELD_RULES[field].rule}`

export function invalidGatewayFields(
  input: Partial<Record<GatewaySettingsField, unknown>>
): GatewaySettingsField[] {
  return GATEWAY_SETTINGS_FIELDS.filter(
    (f) => input[f] !== undefined && !GATEWAY_FIELD_RULES[f].accepts(input[f])
  )
}
