/**
 * What a settlement does with a paid link, decided from facts already read: the only place that
 * decides it, so the settlement workflow's branches and the admin's offered actions agree. Pure
 * (no Medusa calls): unit-tested in __tests__/disposition.unit.spec.ts. An admin link's half is
 * order-disposition.ts. The sentences come from
 * src/lib/attention/attention-reason.ts; nothing here writes one.
 */
import { toCents } from "../common/money"
import {
  attentionReason,
  type AttentionCode,
  type AttentionOrder,
  type AttentionParams,
  type AttentionReason,
} from "../attention/attention-reason"
import type { LinkOnOrder } from "./paid-with"

/** How a settlement ended: the order the link paid, or why not (null when nothing needs saying). */
export type SettleOutcome = { order_id: string | null; reason: string | null }

export type SettleOptions = {
  /** The return link's signature is genuine but its expiry has passed. */
  expired?: boolean
  /** The merchant settles a `needs_attention` record (Place order, Record payment). */
  actor_id?: string
}

export type Disposition =
  /** Already tied to its order: a replay. */
  | { kind: "already_done"; order_id: string }
  /** Nothing to change; the outcome says why (a record already with the merchant, or refunded). */
  | { kind: "report"; reason: string | null }
  /** Moved to (or kept in) `needs_attention` with this reason; `restore`: a withdrawn storefront link
   * that a rolled-back link request may give back (settle-cart-steps, placeIfLinkRestored). */
  | { kind: "hand_to_merchant"; reason: AttentionReason; restore?: boolean }
  /** A storefront link: its cart completed with it. */
  | { kind: "place_cart" }
  /** A storefront link whose cart already became its order: its payment recorded on that order. */
  | { kind: "pay_placed_order" }
  /** An admin link: its payment recorded on its order (a new session first, a draft converted after). */
  | {
      kind: "record_on_order"
      order_id: string
      session_id: string
      order: AttentionOrder
      needs_session: boolean
      already_recorded: boolean
      draft: boolean
    }

export type SettleRecord = {
  id: string
  number: number
  status: string
  origin?: string | null
  order_id?: string | null
  checkout_id?: string | null
  provider_id?: string | null
  url?: string | null
  attention_reason?: string | null
  amount: unknown
  currency_code: string
  confirmation?: string | null
  confirmed_at?: unknown
}

export const hand = (
  reason: AttentionReason,
  restore = false
): Disposition => ({
  kind: "hand_to_merchant",
  reason,
  ...(restore ? { restore } : {}),
})

/** What every settlement does first with the record's own status; null when it goes on. */
export function settledAlready(
  record: SettleRecord,
  { actor_id }: SettleOptions
): Disposition | null {
  if (record.status === "completed" && record.order_id) {
    return { kind: "already_done", order_id: record.order_id }
  }
  if (
    record.status === "refunded" ||
    (record.status === "needs_attention" && !actor_id)
  ) {
    return { kind: "report", reason: record.attention_reason ?? "" }
  }
  return null
}

export type CartFacts = {
  record: SettleRecord
  cart: { id: string; total: unknown; completed: boolean } | null
}

/** A storefront link, from the record and its cart as they are now. */
export function cartLinkDisposition(
  { record, cart }: CartFacts,
  options: SettleOptions
): Disposition {
  const attention = (
    code: AttentionCode,
    params: Omit<AttentionParams, "number"> = {}
  ) =>
    attentionReason(code, { number: record.number, target: "cart", ...params })
  const early = settledAlready(record, options)
  if (early) {
    return early
  }
  if (!cart) {
    return hand(attention("cart_missing"))
  }
  if (cart.completed) {
    return { kind: "pay_placed_order" }
  }
  if (options.actor_id) {
    // The merchant's Place order for a cart that is not an order yet runs placePaylinkOrderWorkflow.
    return {
      kind: "report",
      reason: `Link ${record.number}: cart ${cart.id} is not completed yet.`,
    }
  }
  // A record already `returned` had its return verified in time (this is a late replay of it).
  if (options.expired && record.status !== "returned") {
    return hand(attention("return_link_expired"))
  }
  if (record.status === "withdrawn") {
    return hand(
      attention(record.checkout_id ? "link_replaced" : "link_unanswered"),
      true
    )
  }
  if (record.status === "expired" || record.status === "failed") {
    return hand(
      attention(record.status === "expired" ? "link_expired" : "link_failed")
    )
  }
  const paid = toCents(record.amount as string)
  const total = toCents(cart.total as string)
  if (total !== paid) {
    return hand(
      attention("cart_total_changed", {
        currency: record.currency_code.toUpperCase(),
        paid: Number(paid),
        total: Number(total),
      })
    )
  }
  return { kind: "place_cart" }
}

/** After the record was moved to `returned` for placing its cart: null when it is `returned`. */
export function cartClaimDisposition(
  record: Pick<SettleRecord, "number">,
  status: string
): Disposition | null {
  return status === "returned"
    ? null
    : hand(
        attentionReason("status_changed", {
          number: record.number,
          target: "cart",
          status,
        }),
        status === "withdrawn"
      )
}

/** What an order's payments say about one link, as paid-with.ts's linkOnOrder reads it. */
export type LinkOnOrderFacts = LinkOnOrder

type PlacedBlocker =
  | "order_paid_by_other_link"
  | "order_paid_otherwise"
  | "order_canceled"
  | "order_owes_different"

/**
 * What stops a link's payment from being recorded on the order its cart already became, from that
 * order's payments as read (linkOnOrder); null when nothing does. The merchant's Place order is
 * offered only when this is null (src/lib/attention/attention-actions.ts reads it too).
 */
export function placedOrderBlocker(
  record: Pick<SettleRecord, "id" | "amount" | "confirmation" | "confirmed_at">,
  state: LinkOnOrderFacts,
  credited: boolean
): PlacedBlocker | null {
  if (state.paid_by && state.paid_by !== record.id) {
    return "order_paid_by_other_link"
  }
  if (
    state.other_payment ||
    (!state.session_id && state.paid_by !== record.id)
  ) {
    return "order_paid_otherwise"
  }
  if (credited) {
    // Already on the order: the settlement only ties the record to it.
    return null
  }
  if (state.canceled) {
    return "order_canceled"
  }
  return !manualAwaiting(record, state) &&
    state.owed_cents !== toCents(record.amount as string)
    ? "order_owes_different"
    : null
}

/** Manual confirmation: the order waits for the merchant to confirm the link's payment. */
export const manualAwaiting = (
  record: Pick<SettleRecord, "id" | "confirmation" | "confirmed_at">,
  state: Pick<LinkOnOrderFacts, "paid_by">
) =>
  state.paid_by === record.id &&
  record.confirmation === "manual" &&
  !record.confirmed_at

export type PlacedOrderPlan =
  | { kind: "hand_to_merchant"; reason: AttentionReason }
  /** Tie the record to the order (its payment is on it already when `credited`). */
  | {
      kind: "pay"
      order_id: string
      session_id: string | null
      credited: boolean
      owe_announcement: boolean
      record_payment: boolean
      order: AttentionOrder
    }

/** A storefront link whose cart is already an order: record its payment on it, or why not. */
export function placedOrderDisposition(
  record: SettleRecord,
  orderId: string | null,
  state: LinkOnOrderFacts | null,
  credited: boolean
): PlacedOrderPlan {
  if (!orderId || !state) {
    return {
      kind: "hand_to_merchant",
      reason: attentionReason("cart_order_not_found", {
        number: record.number,
        target: "cart",
      }),
    }
  }
  const order = { id: orderId, display_id: state.display_id ?? null }
  const blocked = placedOrderBlocker(record, state, credited)
  if (blocked) {
    const amounts =
      blocked === "order_owes_different"
        ? {
            currency: record.currency_code.toUpperCase(),
            paid: Number(toCents(record.amount as string)),
            owed: Number(state.owed_cents),
          }
        : {}
    return {
      kind: "hand_to_merchant",
      reason: attentionReason(blocked, {
        number: record.number,
        target: "cart",
        order,
        ...amounts,
      }),
    }
  }
  return {
    kind: "pay",
    order_id: orderId,
    session_id: state.session_id,
    credited,
    // An order nothing paid yet comes from a completion that stopped before Medusa released order.placed.
    owe_announcement: !credited && !state.paid_by,
    record_payment: !credited && !manualAwaiting(record, state),
    order,
  }
}
