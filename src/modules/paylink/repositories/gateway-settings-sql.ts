/** The compare-and-set statements of a gateway's settings row (one row per gateway). */
import type { Statement } from "./statement"

/** Columns a gateway-settings save writes; `version` is bumped by the statement itself. */
const GATEWAY_PATCHABLE = new Set<string>([
  "token_sealed",
  "token_last4",
  "path_segment",
  "base_url",
  "enabled",
  "renewal_orders",
])

/**
 * A save of a gateway's settings over the row as it was read (`version`): one UPDATE that bumps
 * the version, so two saves racing cannot both pass the rules checked against the same row (a
 * token cleared while another request moves the address). No row: another save came first.
 */
export function gatewaySettingsUpdate(
  id: string,
  version: number,
  patch: Record<string, unknown>
): Statement {
  const columns = Object.keys(patch).filter((k) => GATEWAY_PATCHABLE.has(k))
  const sets = [
    '"version" = "version" + 1',
    '"updated_at" = now()',
    ...columns.map((c) => `"${c}" = ?`),
  ]
  return [
    `update "paylink_gateway_settings" set ${sets.join(", ")} where "id" = ? and "deleted_at" is null and "version" = ? returning "id"`,
    [...columns.map((c) => patch[c] ?? null), id, version],
  ]
}

/** What a test writes on the row: its outcome, what it tested, and the link a token test made. */
export type GatewayCheckWrite = {
  ok: boolean
  kind: "token" | "address"
  /** Written only when the test made one: an address test keeps the last link found. */
  testLink: Record<string, unknown> | null
}

/**
 * A test's outcome on the gateway's row, without bumping `version` or `updated_at` (a test is not
 * a save, and must not make a concurrent save lose its compare-and-set). None when no row yet.
 */
export function gatewayCheckUpdate(
  gateway: string,
  { ok, kind, testLink }: GatewayCheckWrite
): Statement {
  return [
    `update "paylink_gateway_settings" set "last_check_ok" = ?, "last_check_at" = now(), "last_check_kind" = ?,
            "test_link" = coalesce(?::jsonb, "test_link")
      where "gateway" = ? and "deleted_at" is null returning "id"`,
    [ok, kind, testLink ? JSON.stringify(testLink) : null, gateway],
  ]
}

/**
 * One number from the payment links' own sequence (the `number` column's), for a test link: no
 * record is ever given it afterwards, and no record had it before, so a reconciliation can never
 * find an order's link by it.
 */
export const TAKE_LINK_NUMBER: Statement = [
  `select nextval(pg_get_serial_sequence('"paylink_checkout"', 'number'))::int as "number"`,
  [],
]
