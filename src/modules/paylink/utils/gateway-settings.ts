/**
 * Gateway credentials set in the admin: the rules of a save and the columns it writes (what they
 * amount to is ./gateway-view). Pure (no database, no key): the module's gateway-credential
 * service reads and writes the row and seals the token.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { isSecretSafeUrl } from "../../../lib/credentials/secret-safe-url"
import { needsSecretAgain } from "../../../lib/credentials/secret-follows-address"
import {
  fieldProblem,
  GATEWAY_SETTINGS_FIELDS,
  invalidGatewayFields,
  type GatewaySettingsField,
} from "../../../lib/credentials/gateway-field-rules"
import type {
  Gateway,
  GatewaySettingSource,
  GatewayTestLink,
} from "../../../types/paylink"

/** A save: a field left out keeps its value, `null` clears it back to the provider's option. */
export type GatewaySettingsInput = {
  token?: string | null
  path_segment?: string | null
  base_url?: string | null
  enabled?: boolean
  /** The subscription product only: renewals a reconciliation shows become orders. */
  renewal_orders?: boolean
}

/** The stored row's fields these rules read. */
export type GatewaySettingsRow = {
  gateway: Gateway
  token_sealed: string | null
  token_last4: string | null
  path_segment: string | null
  base_url: string | null
  enabled: boolean
  renewal_orders?: boolean
  version: number
  updated_at?: string | Date | null
  /** The last test of the gateway (on a save, or Test): whether it passed, and when. */
  last_check_ok?: boolean | null
  last_check_at?: string | Date | null
  /** What it tested: a token (a test link made with it) or the address alone; null before either existed. */
  last_check_kind?: "token" | "address" | null
  /** The last link a token test made. */
  test_link?: GatewayTestLink | null
}

/** The provider's options for the gateway: used for every field the admin left unset. */
export type GatewayFallback = {
  token: string
  baseUrl: string
  pathSegment?: string
}

/** What the provider's options say, without the token: what the admin view may show. */
export type RegisteredFallback = {
  base_url: string
  path_segment: string
  token_last4: string | null
}

/** What the next checkout on a gateway uses. */
export type EffectiveGatewayConfig = {
  gateway: Gateway
  enabled: boolean
  token: string
  baseUrl: string
  pathSegment: string
  version: number
  sources: {
    token: GatewaySettingSource
    base_url: GatewaySettingSource
    path_segment: GatewaySettingSource
  }
}

/** Path key and endpoint per gateway, and the check of an id: from the gateways' table. */
export {
  ENDPOINT_OF,
  isGateway,
  PATH_KEY_OF,
} from "../../../lib/paylink/gateways"

/** A field's own rules (token, https address, one segment): the route's schema checks them first. */
export {
  isAcceptableToken,
  TOKEN_MAX_LENGTH,
} from "../../../lib/credentials/gateway-field-rules"

/** The address receives the token: https, except on this machine. */
export const isAcceptableGatewayUrl = isSecretSafeUrl

/** The last 4 characters, shown to recognise a token; none for a token too short to hide the rest. */
export function lastFour(token: string): string | null {
  return token.length >= 8 ? token.slice(-4) : null
}

const invalid = (message: string) =>
  new MedusaError(MedusaError.Types.INVALID_DATA, message)

/** The fields of a save, in the order the form shows them (and a refusal names them). */
export const SETTINGS_FIELDS = GATEWAY_SETTINGS_FIELDS
type SettingsField = GatewaySettingsField

/**
 * Emptying base_url without typing a token goes back to the provider's address AND token: the
 * token typed for the old address is dropped rather than sent to another one.
 */
function dropsToken(
  input: GatewaySettingsInput,
  previous: GatewaySettingsRow | null
): boolean {
  const baseBefore = previous?.base_url ?? null
  return (
    input.base_url === null && baseBefore !== null && input.token === undefined
  )
}

/**
 * Every reason a save is refused, one `field: rule` per field (empty when none). A field's own
 * rules are the route schema's (lib/credentials/gateway-field-rules), checked again here for a caller that
 * reaches the module directly. The rules of the stored row are this module's: the stored token
 * is only ever sent to the address it was typed for, so another address set here needs the token
 * again in the same request (emptying the address drops the token instead, see dropsToken), and an
 * address set in the admin needs a token set in the admin (the provider option's token is never
 * sent to an address it was not configured with).
 */
export function gatewaySettingsProblems(
  input: GatewaySettingsInput,
  previous: GatewaySettingsRow | null
): string[] {
  const problems = new Map<SettingsField, string>()
  const add = (field: SettingsField, problem: string) => {
    if (!problems.has(field)) problems.set(field, problem)
  }
  for (const field of invalidGatewayFields(input)) {
    add(field, fieldProblem(field))
  }
  const baseBefore = previous?.base_url ?? null
  const baseAfter = input.base_url !== undefined ? input.base_url : baseBefore
  // Emptying the address sends no token anywhere new (it drops the admin's, see dropsToken).
  if (
    needsSecretAgain({
      before: baseBefore,
      after: baseAfter,
      secretGiven: input.token !== undefined,
      secretWouldFollow: baseAfter !== null,
    })
  ) {
    add(
      "token",
      "token: changing base_url needs the gateway's token typed again in the same request; " +
        "a stored token is never sent to an address it was not entered for."
    )
  }
  const tokenAfter =
    input.token !== undefined
      ? input.token
      : dropsToken(input, previous)
        ? null
        : (previous?.token_sealed ?? null)
  if (baseAfter !== null && tokenAfter === null) {
    add(
      "token",
      "token: a base_url set in the admin needs the gateway's token set in the admin too; " +
        "the provider option's token is never sent to an address it was not configured with."
    )
  }
  return SETTINGS_FIELDS.flatMap((f) =>
    problems.has(f) ? [problems.get(f)!] : []
  )
}

/** Why a save is refused (one 400 naming every field with its rule, "; " between them), or null. */
export function gatewaySettingsProblem(
  input: GatewaySettingsInput,
  previous: GatewaySettingsRow | null
): MedusaError | null {
  const problems = gatewaySettingsProblems(input, previous)
  return problems.length ? invalid(problems.join("; ")) : null
}

/**
 * The fields a save would change: none when every value given is the one stored (no row: the
 * provider options, i.e. nulls and enabled). `sameToken` says whether a typed token is the stored
 * one (it opens the sealed token; false when it cannot).
 */
export function changedFields(
  input: GatewaySettingsInput,
  previous: GatewaySettingsRow | null,
  sameToken: (token: string) => boolean
): SettingsField[] {
  return SETTINGS_FIELDS.filter((field) => {
    if (input[field] === undefined) return false
    switch (field) {
      case "token":
        return input.token === null
          ? !!previous?.token_sealed
          : !previous?.token_sealed || !sameToken(input.token!)
      case "enabled":
        return (previous?.enabled ?? true) !== input.enabled
      case "renewal_orders":
        return (previous?.renewal_orders ?? true) !== input.renewal_orders
      default:
        return (previous?.[field] ?? null) !== input[field]
    }
  })
}

/** The columns a save may write: never the last test, which only a test writes. */
export type SettingsPatch = Partial<
  Omit<
    GatewaySettingsRow,
    | "last_check_ok"
    | "last_check_at"
    | "last_check_kind"
    | "test_link"
    | "updated_at"
  >
>

/** The columns a save writes (the token sealed by `seal`), the version bumped. */
export function settingsPatch(
  input: GatewaySettingsInput,
  previous: GatewaySettingsRow | null,
  seal: (token: string) => string
): SettingsPatch {
  const patch: SettingsPatch = { version: (previous?.version ?? 0) + 1 }
  if (input.token !== undefined) {
    patch.token_sealed = input.token === null ? null : seal(input.token)
    patch.token_last4 = input.token === null ? null : lastFour(input.token)
  } else if (dropsToken(input, previous)) {
    patch.token_sealed = null
    patch.token_last4 = null
  }
  for (const key of [
    "path_segment",
    "base_url",
    "enabled",
    "renewal_orders",
  ] as const) {
    if (input[key] !== undefined) {
      ;(patch as Record<string, unknown>)[key] = input[key]
    }
  }
  return patch
}
