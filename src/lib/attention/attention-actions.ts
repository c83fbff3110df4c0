/**
 * Which of the merchant's ways out of `needs_attention` can succeed for a record now, read from the
 * same facts the actions check, so the admin offers only those (and says why Place order cannot).
 * Read-only; the actions check everything again under their locks.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { toCents } from "../common/money"
import {
  attentionReason,
  PLACE_ORDER_REFUSED_CODES,
  type AttentionDetail,
  type AttentionReason,
} from "./attention-reason"
import { orderCreditedWithLink } from "../settlement/credited-order"
import { linkOnOrder, orderOfCart } from "../settlement/paid-with"
import { placedOrderBlocker } from "../settlement/disposition"
import {
  amountMismatch,
  orderRef,
  type OrderRead,
} from "../settlement/order-disposition"
import {
  creditedToOrder,
  orderOfSession,
  sessionOfLink,
} from "../settlement/reads"

type Container = Pick<MedusaContainer, "resolve">

import type { AttentionAction } from "../../types/paylink"
export type { AttentionAction }

export type AttentionActions = {
  actions: AttentionAction[]
  /** Why Place order (Record payment for an admin link) is not offered; null when it is. */
  place_order_blocked: AttentionReason | null
}

export type AttentionRecord = {
  id: string
  number: number
  status: string
  origin?: string | null
  cart_id?: string | null
  order_id?: string | null
  provider_id?: string | null
  url?: string | null
  checkout_id?: string | null
  payment_session_id: string
  amount: unknown
  currency_code: string
  confirmation?: string | null
  confirmed_at?: unknown
  attention_detail?: AttentionDetail | null
  payment_verification?: string | null
}

const NONE: AttentionActions = { actions: [], place_order_blocked: null }

export async function attentionActions(
  container: Container,
  record: AttentionRecord
): Promise<AttentionActions> {
  if (record.status !== "needs_attention") {
    return NONE
  }
  const [blocked, credited] = await Promise.all([
    refusedByReason(record) ??
      (record.origin === "storefront"
        ? cartLinkBlocker(container, record)
        : orderLinkBlocker(container, record)),
    orderCreditedWithLink(container, record),
  ])
  const actions: AttentionAction[] = []
  if (!blocked) {
    actions.push("place_order")
  }
  // Credited on an order: marking it refunded would leave that order paid with no money behind it.
  if (!credited) {
    actions.push("mark_refunded")
  }
  return { actions, place_order_blocked: blocked }
}

/**
 * A reason that itself rules Place order out (the report shows another amount than the link's):
 * nothing the merchant changes in the store makes it right.
 */
export function refusedByReason(
  record: Pick<AttentionRecord, "attention_detail" | "payment_verification"> & {
    number?: number
    origin?: string | null
  }
): AttentionReason | null {
  const detail = record.attention_detail
  if (detail && PLACE_ORDER_REFUSED_CODES.includes(detail.code))
    return attentionReason(detail.code, detail.params)
  if (record.payment_verification === "short") {
    const number = record.number ?? detail?.params.number ?? 0
    return attentionReason("paid_short_in_report", {
      number,
      target: record.origin === "storefront" ? "cart" : "order",
    })
  }
  return null
}

/** A storefront link: its cart becomes the order (same total), or the order it became takes the payment. */
async function cartLinkBlocker(
  container: Container,
  record: AttentionRecord
): Promise<AttentionReason | null> {
  const base = { number: record.number, target: "cart" as const }
  if (
    !record.cart_id ||
    !record.provider_id ||
    !record.url ||
    !record.checkout_id
  ) {
    return attentionReason("cart_missing", base)
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "total", "completed_at"],
    filters: { id: record.cart_id },
  })
  const cart = data[0] as { total: unknown; completed_at?: unknown } | undefined
  if (!cart) {
    return attentionReason("cart_missing", base)
  }
  const paid = toCents(record.amount as string)
  const currency = record.currency_code.toUpperCase()
  if (!cart.completed_at) {
    const total = toCents(cart.total as string)
    return total === paid
      ? null
      : attentionReason("cart_total_changed", {
          ...base,
          currency,
          paid: Number(paid),
          total: Number(total),
        })
  }
  const orderId = await orderOfCart(container, record.cart_id)
  const state = orderId
    ? await linkOnOrder(container, orderId, record.id)
    : null
  if (!orderId || !state) {
    return attentionReason("cart_order_not_found", base)
  }
  const credited =
    state.paid_by === record.id && state.session_id
      ? await creditedToOrder(container, state.session_id, orderId)
      : false
  const code = placedOrderBlocker(record as any, state, credited)
  return code
    ? attentionReason(code, {
        ...base,
        order: { id: orderId, display_id: state.display_id },
        currency,
        paid: Number(paid),
        owed: Number(state.owed_cents),
      })
    : null
}

/** An admin link: its payment recorded on its order, which must exist, not be canceled, and owe at least as much. */
async function orderLinkBlocker(
  container: Container,
  record: AttentionRecord
): Promise<AttentionReason | null> {
  const base = { number: record.number, target: "order" as const }
  const sessionId = await sessionOfLink(container, record)
  let orderId = await orderOfSession(container, sessionId)
  // As the settlement does: a replaced admin link gets a new session on the order it was made for.
  if (
    !orderId &&
    record.order_id &&
    record.provider_id &&
    record.url &&
    record.checkout_id
  ) {
    orderId = record.order_id
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const read = async (id: string) =>
    ((
      await query.graph({
        entity: "order",
        fields: ["id", "display_id", "status", "is_draft_order", "summary.*"],
        filters: { id },
      })
    ).data[0] as OrderRead | undefined) ?? null
  if (!orderId || orderId !== record.order_id) {
    const named = record.order_id ? await read(record.order_id) : null
    return attentionReason("session_not_of_order", {
      ...base,
      order: named ? orderRef(named) : undefined,
    })
  }
  const order = await read(orderId)
  if (!order) {
    return attentionReason("order_missing", base)
  }
  if (order.status === "canceled") {
    return attentionReason("order_canceled", {
      ...base,
      order: orderRef(order),
    })
  }
  if (await creditedToOrder(container, sessionId, orderId)) {
    return null
  }
  return amountMismatch(record, order, true)
}
