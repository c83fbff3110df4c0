/** The compare-and-set statements of a gateway's settings row (one row per gateway). */
import type { Statement } from "./statement"

/** Columns a gateway-settings save writes; `version` is bumped by the statement itself. */
const GATEWAY_PATCHABLE = new Set<string>([
  "token_sealed",
  "token_last4",
  "path_segment",
  "base_url",
  "enabled",
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

/**
 * A test's outcome on the gateway's row, without bumping `version` or `updated_at` (a test is not
 * a save, and must not make a concurrent save lose its compare-and-set). None when no row yet.
 */
export function gatewayCheckUpdate(gateway: string, ok: boolean): Statement {
  return [
    `update "paylink_gateway_settings" set "last_check_ok" = ?, "last_check_at" = now() where "gateway" = ? and "deleted_at" is null returning "id"`,
    [ok, gateway],
  ]
}
