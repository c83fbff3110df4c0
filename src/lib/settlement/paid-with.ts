/**
 * Which checkout record paid a cart's order: the record behind the payment session that became
 * the order's payment. Answers "was this order placed with this link?" without trusting the link.
 */
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { PAYLINK_MODULE } from "../../modules/paylink"
import type PaylinkModuleService from "../../modules/paylink/services/paylink-module"
import type { MedusaContainer } from "@medusajs/framework/types"
import { toCents } from "../common/money"
import { subscribeFirstOrders } from "../subscriptions/subscribe-first-order"

export async function orderOfCart(
  container: Pick<MedusaContainer, "resolve">,
  cartId: string
): Promise<string | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order_cart",
    fields: ["order_id"],
    filters: { cart_id: cartId },
  })
  return (data[0]?.order_id as string | undefined) ?? null
}

/** Session states that mean "this session paid the order" (in manual mode it waits for the merchant). */
const PAYING = new Set(["authorized", "captured", "pending_authorization"])

/**
 * The paylink record id whose session paid `orderId`, or null (another provider, or none yet): the
 * session that became the order's payment, or, in manual confirmation mode, the one Medusa left
 * pending authorization on the order.
 */
export async function recordThatPaidOrder(
  container: Pick<MedusaContainer, "resolve">,
  orderId: string
): Promise<string | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "payment_collections.payments.payment_session_id",
      "payment_collections.payment_sessions.id",
      "payment_collections.payment_sessions.status",
      "payment_collections.payment_sessions.data",
    ],
    filters: { id: orderId },
  })
  for (const collection of (data[0]?.payment_collections ?? []) as any[]) {
    const paidSessions = new Set(
      (collection?.payments ?? []).map((p: any) => p?.payment_session_id)
    )
    for (const session of collection?.payment_sessions ?? []) {
      const recordId = session?.data?.paylink_checkout_id
      if (
        typeof recordId === "string" &&
        (paidSessions.has(session?.id) || PAYING.has(session?.status))
      ) {
        return recordId
      }
    }
  }
  return null
}

/**
 * Marks a record `completed` on the order it paid and links the two, once; a subscription link's
 * subscription starts here. Safe to repeat: a replayed return after a crash between the order and
 * this write finishes the job.
 */
export async function tieRecordToOrder(
  container: Pick<MedusaContainer, "resolve">,
  recordId: string,
  orderId: string
) {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const result = await paylink.transition(recordId, "completed", {
    order_id: orderId,
    completed_at: new Date(),
  })
  if (result.changed) {
    await container.resolve(ContainerRegistrationKeys.LINK).create({
      [Modules.ORDER]: { order_id: orderId },
      [PAYLINK_MODULE]: { paylink_checkout_id: recordId },
    })
  }
  await startSubscription(container, recordId)
  return result
}

/**
 * The order is placed and paid whatever happens here: a subscription that could not be written now
 * is written by the next reconciliation read that meets the link, so a failure is only logged.
 */
async function startSubscription(
  container: Pick<MedusaContainer, "resolve">,
  recordId: string
) {
  try {
    await subscribeFirstOrders(container, [recordId])
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `paylink: the subscription of link record ${recordId} was not recorded yet (the next reconciliation records it): ${error instanceof Error ? error.message : String(error)}`
      )
  }
}

/** What an order's payments say about one link: read in one query, for the settlement's decision. */
export type LinkOnOrder = {
  display_id: number | null
  canceled: boolean
  /** What the order still owes, in cents (Medusa's pending difference; never below 0). */
  owed_cents: bigint
  /** The link's payment session on the order's collections (the one the cart was completed with). */
  session_id: string | null
  /** The paylink record whose session paid (or, in manual mode, awaits confirmation on) the order. */
  paid_by: string | null
  /** A payment on the order that is not this link's (another provider, or another link). */
  other_payment: boolean
}

export async function linkOnOrder(
  container: Pick<MedusaContainer, "resolve">,
  orderId: string,
  recordId: string
): Promise<LinkOnOrder | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "display_id",
      "status",
      "summary.*",
      "payment_collections.payments.payment_session_id",
      "payment_collections.payment_sessions.id",
      "payment_collections.payment_sessions.status",
      "payment_collections.payment_sessions.data",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as any
  if (!order) {
    return null
  }
  let sessionId: string | null = null
  let paidBy: string | null = null
  let other = false
  for (const collection of (order.payment_collections ?? []) as any[]) {
    const paidSessions = new Set(
      (collection?.payments ?? []).map((p: any) => p?.payment_session_id)
    )
    for (const session of collection?.payment_sessions ?? []) {
      const ofLink = session?.data?.paylink_checkout_id
      const paying =
        paidSessions.has(session?.id) || PAYING.has(session?.status)
      if (ofLink === recordId) {
        sessionId = session.id
      }
      if (paying && typeof ofLink === "string" && !paidBy) {
        paidBy = ofLink
      }
      if (paying && ofLink !== recordId) {
        other = true
      }
    }
  }
  const owed = toCents((order.summary?.pending_difference ?? 0) as string)
  return {
    display_id: (order.display_id as number | undefined) ?? null,
    canceled: order.status === "canceled",
    owed_cents: owed < 0n ? 0n : owed,
    session_id: sessionId,
    paid_by: paidBy,
    other_payment: other,
  }
}
