/**
 * The compare-and-set statements of the paylink module, as SQL and parameters (pure: the internal
 * services run them on the caller's transaction). Each UPDATE only succeeds while the row is in a
 * state the write was decided against, so a concurrent writer cannot slip in between a read and a
 * write (a store withdrawal racing a verified return, two returns, the job, two saves).
 */
import type { CheckoutStatus } from "./models/paylink-checkout"
import type { TransitionPatch } from "./types"

export type Statement = [sql: string, params: unknown[]]

/** Columns a transition may set beside `status`; nothing else is ever written this way. */
const PATCHABLE = new Set<string>([
  "canceled_by",
  "canceled_at",
  "returned_at",
  "completed_at",
  "order_id",
  "cart_id",
  "provider_id",
  "failure_reason",
  "attention_reason",
  "attention_detail",
  "settled_by",
  "settled_at",
  "settlement_note",
  "checkout_id",
  "url",
  "product",
  "expires_at",
  // A reconciliation that moves a record also says what the gateway's report showed of it.
  "payment_verification",
  "verified_at",
  "verification_reconciliation_id",
])

const JSON_COLUMNS = new Set(["attention_detail"])

/** A json column's value goes as its JSON text (PostgreSQL casts it). */
function jsonText(column: string, value: unknown) {
  return JSON_COLUMNS.has(column) && value !== null ? JSON.stringify(value) : value
}

/** Moves a record to `to` only from one of the `from` states; returns the ids moved. */
export function statusUpdate(id: string, from: readonly CheckoutStatus[], to: CheckoutStatus, patch: TransitionPatch): Statement {
  const columns = Object.keys(patch).filter((k) => PATCHABLE.has(k))
  const sets = ['"status" = ?', '"updated_at" = now()', ...columns.map((c) => `"${c}" = ?`)]
  const values = columns.map((c) => jsonText(c, (patch as Record<string, unknown>)[c] ?? null))
  return [
    `update "paylink_checkout" set ${sets.join(", ")} where "id" = ? and "deleted_at" is null and "status" in (${from
      .map(() => "?")
      .join(", ")}) returning "id"`,
    [to, ...values, id, ...from],
  ]
}

/** The service's answer on the record: only these four columns; the status stays the state machine's. */
export function answerUpdate(
  id: string,
  link: { checkout_id: string; url: string; product?: string | null; expires_at?: string | null }
): Statement {
  return [
    `update "paylink_checkout" set "checkout_id" = ?, "url" = ?, "product" = ?, "expires_at" = ?, "updated_at" = now() where "id" = ? and "deleted_at" is null returning "id"`,
    [link.checkout_id, link.url, link.product ?? null, link.expires_at ? new Date(link.expires_at) : null, id],
  ]
}

/**
 * A new reason for a record that already needs attention, written only while it still does (a
 * record the merchant settled meanwhile keeps its settlement).
 */
export function attentionUpdate(id: string, reason: string, detail: unknown = null): Statement {
  return [
    `update "paylink_checkout" set "attention_reason" = ?, "attention_detail" = ?, "updated_at" = now() where "id" = ? and "deleted_at" is null and "status" = 'needs_attention' returning "id"`,
    [reason, jsonText("attention_detail", detail), id],
  ]
}

/**
 * Moves `order_placed_event` from one value to the next (null → owed, owed → emitted), so that of
 * two recoveries only one sees the move: the event is owed once and emitted once.
 */
export function orderPlacedEventUpdate(id: string, from: "owed" | null, to: "owed" | "emitted"): Statement {
  return [
    `update "paylink_checkout" set "order_placed_event" = ?, "updated_at" = now() where "id" = ? and "deleted_at" is null and "order_placed_event" ${
      from === null ? "is null" : "= ?"
    } returning "id"`,
    from === null ? [to, id] : [to, id, from],
  ]
}

/** Columns a gateway-settings save writes; `version` is bumped by the statement itself. */
const GATEWAY_PATCHABLE = new Set<string>(["token_sealed", "token_last4", "path_segment", "base_url", "enabled"])

/**
 * A save of a gateway's settings over the row as it was read (`version`): one UPDATE that bumps
 * the version, so two saves racing cannot both pass the rules checked against the same row (a
 * token cleared while another request moves the address). No row: another save came first.
 */
export function gatewaySettingsUpdate(id: string, version: number, patch: Record<string, unknown>): Statement {
  const columns = Object.keys(patch).filter((k) => GATEWAY_PATCHABLE.has(k))
  const sets = ['"version" = "version" + 1', '"updated_at" = now()', ...columns.map((c) => `"${c}" = ?`)]
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

/** Whether `error` is PostgreSQL's unique violation (23505) of the index or constraint `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null
  return e?.code === "23505" && e.constraint === constraint
}
