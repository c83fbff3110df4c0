/**
 * The one status write of a checkout record: an UPDATE that only succeeds while the record is in
 * one of the states the state machine allows the move from, so a concurrent writer cannot slip in
 * between a read and a write (a store withdrawal racing a verified return, two returns, the job).
 */
import type { CheckoutStatus } from "./models/paylink-checkout"
import type { TransitionPatch } from "./types"

export type Manager = { execute: (sql: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>> }

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
])


/** The ids of the rows moved (none when the record was not in a `from` state). */
export async function compareAndSetStatus(
  manager: Manager,
  id: string,
  from: readonly CheckoutStatus[],
  to: CheckoutStatus,
  patch: TransitionPatch
) {
  if (!from.length) {
    return []
  }
  const columns = Object.keys(patch).filter((k) => PATCHABLE.has(k))
  const sets = ['"status" = ?', '"updated_at" = now()', ...columns.map((c) => `"${c}" = ?`)]
  // A json column's value goes as its JSON text (PostgreSQL casts it).
  const values = columns.map((c) => jsonText(c, (patch as Record<string, unknown>)[c] ?? null))
  return await manager.execute(
    `update "paylink_checkout" set ${sets.join(", ")} where "id" = ? and "deleted_at" is null and "status" in (${from
      .map(() => "?")
      .join(", ")}) returning "id"`,
    [to, ...values, id, ...from]
  )
}

/**
 * A new reason for a record that already needs attention, written only while it still does (a
 * record the merchant settled meanwhile keeps its settlement). The ids of the rows changed.
 */
export async function compareAndSetAttentionReason(manager: Manager, id: string, reason: string, detail: unknown = null) {
  return await manager.execute(
    `update "paylink_checkout" set "attention_reason" = ?, "attention_detail" = ?, "updated_at" = now() where "id" = ? and "deleted_at" is null and "status" = 'needs_attention' returning "id"`,
    [reason, jsonText("attention_detail", detail), id]
  )
}

const JSON_COLUMNS = new Set(["attention_detail"])

function jsonText(column: string, value: unknown) {
  return JSON_COLUMNS.has(column) && value !== null ? JSON.stringify(value) : value
}

/**
 * Moves `order_placed_event` from one value to the next (null → owed, owed → emitted) in one
 * UPDATE, so that of two recoveries only one sees the move: the event is owed once and emitted once.
 */
export async function compareAndSetOrderPlacedEvent(manager: Manager, id: string, from: "owed" | null, to: "owed" | "emitted") {
  return await manager.execute(
    `update "paylink_checkout" set "order_placed_event" = ?, "updated_at" = now() where "id" = ? and "deleted_at" is null and "order_placed_event" ${
      from === null ? "is null" : "= ?"
    } returning "id"`,
    from === null ? [to, id] : [to, id, from]
  )
}

/** Columns a gateway-settings save writes; `version` is bumped by the statement itself. */
const GATEWAY_PATCHABLE = new Set<string>(["token_sealed", "token_last4", "path_segment", "base_url", "enabled"])

/**
 * A save of a gateway's settings over the row as it was read (`version`): one UPDATE that bumps
 * the version, so two saves racing cannot both pass the rules checked against the same row (a
 * token cleared while another request moves the address). No row: another save came first.
 */
export async function compareAndSetGatewaySettings(manager: Manager, id: string, version: number, patch: Record<string, unknown>) {
  const columns = Object.keys(patch).filter((k) => GATEWAY_PATCHABLE.has(k))
  const sets = ['"version" = "version" + 1', '"updated_at" = now()', ...columns.map((c) => `"${c}" = ?`)]
  return await manager.execute(
    `update "paylink_gateway_settings" set ${sets.join(", ")} where "id" = ? and "deleted_at" is null and "version" = ? returning "id"`,
    [...columns.map((c) => patch[c] ?? null), id, version]
  )
}
