/**
 * The checkout record's statements: its insert, and the compare-and-set updates of its status and
 * the columns written beside it (each guarded by the state it was decided against).
 */
import { BigNumber, generateEntityId } from "@medusajs/framework/utils"
import type { CheckoutStatus } from "../models/paylink-checkout"
import type { OpenCheckoutInput, TransitionPatch } from "../types"
import { centsToDecimal } from "../../../lib/common/money"
import type { Statement } from "./statement"

const INSERTED = [
  "id",
  "gateway",
  "provider_id",
  "payment_session_id",
  "cart_id",
  "order_id",
  "origin",
  "created_by",
  "amount",
  "raw_amount",
  "currency_code",
  "return_expires_at",
  "status",
  "confirmation",
  "success_redirect",
  "cancel_redirect",
  "plan",
] as const

/**
 * The record's INSERT ... RETURNING, one statement: atomic alone, so no BEGIN/COMMIT around it; the
 * serial `number`, timestamps and refund ledger's zero are the table's defaults.
 */
export function insertCheckout(input: OpenCheckoutInput): Statement {
  // Exact: a two-decimal value converts to BigNumber through its shortest decimal text, as the
  // model's own bigNumber column does.
  const decimal = centsToDecimal(input.cents)
  const amount = new BigNumber(decimal)
  const values: Record<(typeof INSERTED)[number], unknown> = {
    id: generateEntityId(undefined, "plck"),
    gateway: input.gateway,
    provider_id: input.provider_id ?? null,
    payment_session_id: input.payment_session_id,
    cart_id: input.cart_id ?? null,
    order_id: input.order_id ?? null,
    origin: input.origin ?? "storefront",
    created_by: input.created_by ?? null,
    amount: decimal,
    raw_amount: JSON.stringify(amount.raw),
    // Stored lower-case, as Medusa stores currency codes; the service and the signed links use upper-case.
    currency_code: input.currency_code.toLowerCase(),
    return_expires_at: input.return_expires_at,
    status: "created",
    confirmation: input.confirmation,
    success_redirect: input.success_redirect ?? null,
    cancel_redirect: input.cancel_redirect ?? null,
    plan: input.plan ? JSON.stringify(input.plan) : null,
  }
  return [
    `insert into "paylink_checkout" (${INSERTED.map((c) => `"${c}"`).join(", ")}) values (${INSERTED.map(() => "?").join(", ")}) returning *`,
    INSERTED.map((c) => values[c]),
  ]
}

/** Money columns come back from PostgreSQL as text; the module's reads answer them as numbers. */
const NUMERIC = ["amount", "refunded_amount"] as const

/** A record a statement returned (`returning *`), shaped as the module's own reads answer it. */
export function rowAsRead<T>(row: Record<string, unknown>): T {
  const record: Record<string, unknown> = { ...row }
  for (const column of NUMERIC) {
    if (typeof record[column] === "string")
      record[column] = Number(record[column])
  }
  return record as T
}

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
  "failure_detail",
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

const JSON_COLUMNS = new Set(["attention_detail", "failure_detail"])

/** A json column's value goes as its JSON text (PostgreSQL casts it). */
function jsonText(column: string, value: unknown) {
  return JSON_COLUMNS.has(column) && value !== null
    ? JSON.stringify(value)
    : value
}

/**
 * Columns written once: the first value stays (`coalesce`). `returned_at` is when the customer
 * first came back paid; a later move through `returned` or to the merchant keeps it, without a
 * read of the record before the write.
 */
const WRITTEN_ONCE = new Set<string>(["returned_at"])

/**
 * Moves a record to `to` only from one of the `from` states; returns the moved row, all of its
 * columns (none when the move was refused), so that no read follows the write.
 */
export function statusUpdate(
  id: string,
  from: readonly CheckoutStatus[],
  to: CheckoutStatus,
  patch: TransitionPatch
): Statement {
  const columns = Object.keys(patch).filter((k) => PATCHABLE.has(k))
  const sets = [
    '"status" = ?',
    '"updated_at" = now()',
    ...columns.map((c) =>
      WRITTEN_ONCE.has(c) ? `"${c}" = coalesce("${c}", ?)` : `"${c}" = ?`
    ),
  ]
  const values = columns.map((c) =>
    jsonText(c, (patch as Record<string, unknown>)[c] ?? null)
  )
  return [
    `update "paylink_checkout" set ${sets.join(", ")} where "id" = ? and "deleted_at" is null and "status" in (${from
      .map(() => "?")
      .join(", ")}) returning *`,
    [to, ...values, id, ...from],
  ]
}

/** The service's answer on the record: only these four columns; the status stays the state machine's. */
export function answerUpdate(
  id: string,
  link: {
    checkout_id: string
    url: string
    product?: string | null
    expires_at?: string | null
  }
): Statement {
  return [
    `update "paylink_checkout" set "checkout_id" = ?, "url" = ?, "product" = ?, "expires_at" = ?, "updated_at" = now() where "id" = ? and "deleted_at" is null returning "id"`,
    [
      link.checkout_id,
      link.url,
      link.product ?? null,
      link.expires_at ? new Date(link.expires_at) : null,
      id,
    ],
  ]
}

/**
 * A new reason for a record that already needs attention, written only while it still does (a
 * record the merchant settled meanwhile keeps its settlement).
 */
export function attentionUpdate(
  id: string,
  reason: string,
  detail: unknown = null
): Statement {
  return [
    `update "paylink_checkout" set "attention_reason" = ?, "attention_detail" = ?, "updated_at" = now() where "id" = ? and "deleted_at" is null and "status" = 'needs_attention' returning "id"`,
    [reason, jsonText("attention_detail", detail), id],
  ]
}

/**
 * Moves `order_placed_event` from one value to the next (null → owed, owed → emitted), so that of
 * two recoveries only one sees the move: the event is owed once and emitted once.
 */
export function orderPlacedEventUpdate(
  id: string,
  from: "owed" | null,
  to: "owed" | "emitted"
): Statement {
  return [
    `update "paylink_checkout" set "order_placed_event" = ?, "updated_at" = now() where "id" = ? and "deleted_at" is null and "order_placed_event" ${
      from === null ? "is null" : "= ?"
    } returning "id"`,
    from === null ? [to, id] : [to, id, from],
  ]
}
