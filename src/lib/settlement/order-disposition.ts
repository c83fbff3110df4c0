/**
 * What a settlement does with a paid admin link (an order's or a draft order's), decided from facts
 * already read (reads.ts readOrderFacts). Pure, like disposition.ts, whose types it shares.
 */
import { toCents } from "../common/money"
import {
  attentionReason,
  type AttentionCode,
  type AttentionOrder,
  type AttentionParams,
  type AttentionReason,
} from "../attention/attention-reason"
import {
  hand,
  settledAlready,
  type Disposition,
  type SettleOptions,
  type SettleRecord,
} from "./disposition"

export type OrderRead = {
  id: string
  display_id?: number | null
  status?: string
  is_draft_order?: boolean
  summary?: { pending_difference?: unknown } | null
}

const isDraft = (order: OrderRead) =>
  order.status === "draft" || !!order.is_draft_order
export const orderRef = (order: OrderRead): AttentionOrder => ({
  id: order.id,
  display_id: order.display_id ?? null,
  draft: isDraft(order),
})

/**
 * A link pays exactly what its order owes when it is paid: on the return, any other amount is the
 * merchant's to settle. The merchant may still record it on an order that owes more (the rest
 * stays owed), never on one that owes less, and never on a draft that owes another amount: a
 * draft becomes an order only when it is paid in full.
 */
export function amountMismatch(
  record: { number: number; amount: unknown; currency_code: string },
  order: OrderRead,
  byMerchant: boolean
): AttentionReason | null {
  const paid = toCents(record.amount as string)
  const owed = toCents((order.summary?.pending_difference ?? 0) as string)
  if (owed === paid || (byMerchant && owed > paid && !isDraft(order))) {
    return null
  }
  return attentionReason("amount_mismatch", {
    number: record.number,
    target: "order",
    order: orderRef(order),
    currency: record.currency_code.toUpperCase(),
    paid: Number(paid),
    owed: Number(owed < 0n ? 0n : owed),
    remedy: owed < paid ? "less" : isDraft(order) ? "draft" : "more",
  })
}

/** An admin link, before anything about its order is read: null when it goes on; "withdrawn" needs its reason read. */
export function orderLinkStatusDisposition(
  record: SettleRecord,
  options: SettleOptions
): Disposition | "withdrawn" | null {
  const early = settledAlready(record, options)
  if (early) {
    return early
  }
  // A record already `returned` had its return verified in time (this is a late replay of it).
  if (options.expired && record.status !== "returned") {
    return hand(
      attentionReason("return_link_expired", {
        number: record.number,
        target: "order",
      })
    )
  }
  if (record.status === "withdrawn") {
    return "withdrawn"
  }
  if (record.status === "expired" || record.status === "failed") {
    return hand(
      attentionReason(
        record.status === "expired" ? "link_expired" : "link_failed",
        { number: record.number, target: "order" }
      )
    )
  }
  return null
}

export type OrderFacts = {
  record: SettleRecord
  /** The session that carries the link now, and the order whose collection holds it. */
  session_id: string
  session_order_id: string | null
  /** The record's order as read (fields of OrderRead), or null when it is gone. */
  order: OrderRead | null
  /** The session's payment is already credited to the order. */
  already_recorded: boolean
}

/**
 * The store replaced this admin link (its session was deleted) and the customer paid it anyway:
 * the merchant records it on the order the admin made it for, through a new session for it.
 */
export const needsNewSession = (
  record: SettleRecord,
  sessionOrderId: string | null,
  { actor_id }: SettleOptions
) =>
  !sessionOrderId &&
  !!actor_id &&
  record.origin !== "storefront" &&
  !!record.order_id &&
  !!record.provider_id &&
  !!record.url &&
  !!record.checkout_id

/** An admin link past its status checks, from its session and its order. */
export function orderLinkDisposition(
  { record, session_id, session_order_id, order, already_recorded }: OrderFacts,
  options: SettleOptions
): Disposition {
  const attention = (
    code: AttentionCode,
    params: Omit<AttentionParams, "number"> = {}
  ) =>
    hand(
      attentionReason(code, {
        number: record.number,
        target: "order",
        ...params,
      })
    )
  const needsSession = needsNewSession(record, session_order_id, options)
  const orderId = needsSession ? record.order_id! : session_order_id
  if (!orderId || orderId !== record.order_id) {
    return attention("session_not_of_order", {
      order: order
        ? orderRef(order)
        : record.order_id
          ? { id: record.order_id, display_id: null }
          : undefined,
    })
  }
  if (!order || order.status === "canceled") {
    return order
      ? attention("order_canceled", { order: orderRef(order) })
      : attention("order_missing")
  }
  if (!already_recorded) {
    const mismatch = amountMismatch(record, order, !!options.actor_id)
    if (mismatch) {
      return hand(mismatch)
    }
  }
  return {
    kind: "record_on_order",
    order_id: orderId,
    session_id,
    order: orderRef(order),
    needs_session: needsSession,
    already_recorded,
    draft: isDraft(order),
  }
}
