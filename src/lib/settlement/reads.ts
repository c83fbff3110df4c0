/**
 * What a settlement reads before it decides (disposition.ts): the record, its cart or its order,
 * and where the link's payment stands in Medusa. Never trusts the link or session data for which
 * cart or order it pays: that comes from the payment session's collection.
 */
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { PAYLINK_MODULE } from "../../modules/paylink"
import type PaylinkModuleService from "../../modules/paylink/services/paylink-module"
import { toCents } from "../common/money"
import {
  attentionReason,
  type AttentionReason,
} from "../attention/attention-reason"
import type { CartFacts, SettleOutcome } from "./disposition"
import { orderRef, type OrderFacts, type OrderRead } from "./order-disposition"

type Container = Pick<MedusaContainer, "resolve">

const ORDER_FIELDS = [
  "id",
  "display_id",
  "status",
  "is_draft_order",
  "summary.*",
]

/** The record goes (or stays) with the merchant, with this reason: the one true now. */
export async function handToMerchant(
  container: Container,
  recordId: string,
  reason: AttentionReason
): Promise<SettleOutcome> {
  await container
    .resolve<PaylinkModuleService>(PAYLINK_MODULE)
    .handToMerchant(recordId, reason)
  return { order_id: null, reason: reason.text }
}

/**
 * Whether the session's payment is already credited to the order: Medusa's payment exists and each
 * of its captures is an order transaction. A payment without its transactions (a crash between the
 * two steps of recordOrderLinkPaymentWorkflow) is not: both steps are idempotent, so it is run again.
 */
export async function creditedToOrder(
  container: Container,
  sessionId: string,
  orderId: string
): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: ["id", "captures.id"],
    filters: { payment_session_id: sessionId },
  })
  const captureIds = ((data[0] as any)?.captures ?? [])
    .map((c: any) => c?.id as string)
    .filter(Boolean) as string[]
  if (!captureIds.length) {
    return false
  }
  const transactions = await container
    .resolve(Modules.ORDER)
    .listOrderTransactions(
      { order_id: orderId, reference: "capture", reference_id: captureIds },
      { select: ["reference_id"] }
    )
  const credited = new Set(transactions.map((t: any) => t.reference_id))
  return captureIds.every((id) => credited.has(id))
}

/** The order whose payment collection holds the session, never taken from the link or session data. */
export async function orderOfSession(
  container: Container,
  sessionId: string
): Promise<string | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: sessions } = await query.graph({
    entity: "payment_session",
    fields: ["payment_collection_id"],
    filters: { id: sessionId },
    withDeleted: true,
  })
  const collectionId = sessions[0]?.payment_collection_id
  if (!collectionId) {
    return null
  }
  const { data: links } = await query.graph({
    entity: "order_payment_collection",
    fields: ["order_id"],
    filters: { payment_collection_id: collectionId },
  })
  return (links[0]?.order_id as string | undefined) ?? null
}

/**
 * The payment session that carries the link now: the one it was made for or, when Medusa deleted
 * that one and its compensation re-created it under a new id (a failed switch to another gateway),
 * the session of the order's collections with this link's provider and record. The order is still
 * checked through the session's collection (orderOfSession), never taken from session data.
 */
export async function sessionOfLink(
  container: Container,
  record: {
    id: string
    payment_session_id: string
    order_id?: string | null
    provider_id?: string | null
  }
): Promise<string> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: same } = await query.graph({
    entity: "payment_session",
    fields: ["id"],
    filters: { id: record.payment_session_id },
  })
  if (same[0] || !record.order_id) {
    return record.payment_session_id
  }
  const { data: orders } = await query.graph({
    entity: "order",
    fields: [
      "payment_collections.payment_sessions.id",
      "payment_collections.payment_sessions.provider_id",
      "payment_collections.payment_sessions.data",
    ],
    filters: { id: record.order_id },
  })
  for (const collection of ((orders[0] as any)?.payment_collections ??
    []) as any[]) {
    for (const session of collection?.payment_sessions ?? []) {
      if (
        session?.data?.paylink_checkout_id === record.id &&
        session.provider_id === record.provider_id
      ) {
        return session.id as string
      }
    }
  }
  return record.payment_session_id
}

/** A storefront link's record and its cart. */
export async function readCartFacts(
  container: Container,
  recordId: string
): Promise<CartFacts> {
  const record = await container
    .resolve<PaylinkModuleService>(PAYLINK_MODULE)
    .retrievePaylinkCheckout(recordId)
  const { data: carts } = record.cart_id
    ? await container.resolve(ContainerRegistrationKeys.QUERY).graph({
        entity: "cart",
        fields: ["id", "total", "completed_at"],
        filters: { id: record.cart_id },
      })
    : { data: [] as any[] }
  const cart = carts[0] as
    { id: string; total: unknown; completed_at?: unknown } | undefined
  return {
    record: record as any,
    cart: cart
      ? { id: cart.id, total: cart.total, completed: !!cart.completed_at }
      : null,
  }
}

/** An admin link past its status checks: its session, the order that session pays, the record's order. */
export async function readOrderFacts(
  container: Container,
  record: OrderFacts["record"] & { payment_session_id: string }
): Promise<OrderFacts> {
  const sessionId = await sessionOfLink(container, record)
  const sessionOrderId = await orderOfSession(container, sessionId)
  const { data } = record.order_id
    ? await container.resolve(ContainerRegistrationKeys.QUERY).graph({
        entity: "order",
        fields: ORDER_FIELDS,
        filters: { id: record.order_id },
      })
    : { data: [] as any[] }
  const order = (data[0] as OrderRead | undefined) ?? null
  const sameOrder =
    !!order &&
    order.status !== "canceled" &&
    (sessionOrderId ?? record.order_id) === order.id
  return {
    record,
    session_id: sessionId,
    session_order_id: sessionOrderId,
    order,
    already_recorded: sameOrder
      ? await creditedToOrder(container, sessionId, order!.id)
      : false,
  }
}

/**
 * Why a withdrawn admin link was withdrawn, read from the order as it is now: an edit (or another
 * change) confirmed after the link was made, or a newer link; with what the order owes now.
 */
export async function withdrawnReason(
  container: Container,
  record: {
    number: number
    order_id?: string | null
    amount: unknown
    currency_code: string
    created_at: Date | string
  }
): Promise<AttentionReason> {
  const base = { number: record.number, target: "order" as const }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = record.order_id
    ? await query.graph({
        entity: "order",
        fields: ORDER_FIELDS,
        filters: { id: record.order_id },
      })
    : { data: [] as any[] }
  const order = data[0] as OrderRead | undefined
  if (!order) {
    return attentionReason("withdrawn_order_missing", base)
  }
  const changes = await container
    .resolve(Modules.ORDER)
    .listOrderChanges(
      { order_id: order.id, status: "confirmed" },
      { select: ["change_type", "confirmed_at"] }
    )
  const after = changes.filter(
    (c: any) =>
      c.confirmed_at &&
      new Date(c.confirmed_at).getTime() >=
        new Date(record.created_at).getTime()
  )
  const owed = toCents((order.summary?.pending_difference ?? 0) as string)
  const params = {
    ...base,
    order: orderRef(order),
    currency: record.currency_code.toUpperCase(),
    owed: Number(owed < 0n ? 0n : owed),
    paid: Number(toCents(record.amount as string)),
  }
  const edited = after.some(
    (c: any) => !c.change_type || c.change_type === "edit"
  )
  return after.length
    ? attentionReason("withdrawn_order_changed", {
        ...params,
        change: edited
          ? "edited"
          : `changed (${after.map((c: any) => c.change_type).join(", ")})`,
      })
    : attentionReason("withdrawn_order_unchanged", params)
}

/** Whether the cart's payment sessions are this link's and no other. */
export async function cartPaysOnlyWith(
  container: Container,
  cartId: string,
  recordId: string
): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: [
      "id",
      "completed_at",
      "payment_collection.payment_sessions.id",
      "payment_collection.payment_sessions.data",
    ],
    filters: { id: cartId },
  })
  const cart = data[0] as
    | {
        completed_at?: unknown
        payment_collection?: {
          payment_sessions?: { data?: Record<string, unknown> }[]
        }
      }
    | undefined
  const sessions = cart?.payment_collection?.payment_sessions ?? []
  return (
    !cart?.completed_at &&
    sessions.length > 0 &&
    sessions.every((s) => s?.data?.paylink_checkout_id === recordId)
  )
}
