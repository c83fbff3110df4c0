/**
 * What a paid storefront link does to its cart, decided from the state as it is now, never from
 * what the flow that started it expected: the cart becomes the order it was paid for; or, when the
 * cart already became that order and its payment was not recorded (the process stopped between
 * the two), the payment is recorded on that order. The return flow, the job that finishes
 * interrupted returns and the merchant's Place order all end here, with the record `completed`
 * or in `needs_attention` with a reason that is true of what was read.
 */
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { acquireLockStepId, completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { PAYLINK_MODULE } from "../../modules/paylink"
import type PaylinkModuleService from "../../modules/paylink/service"
import { toCents } from "../../lib/money"
import { crashPoint } from "../../lib/crash-point"
import { recordOrderLinkPaymentWorkflow } from "../record-order-link-payment"
import { linkOnOrder, orderOfCart, recordThatPaidOrder, tieRecordToOrder, type LinkOnOrder } from "./paid-with"
import { creditedToOrder } from "./settle-order-link"
import { announceRecoveredOrder } from "./announce-recovered-order"
import { attentionReason, type AttentionCode, type AttentionParams, type AttentionReason } from "../../lib/attention-reason"

type Container = Pick<MedusaContainer, "resolve">

export type CartLinkOutcome = { order_id: string | null; reason: string | null }

export type SettleCartLinkOptions = {
  /** The return link's signature is genuine but its expiry has passed. */
  expired?: boolean
  /** The merchant settles a `needs_attention` record whose cart already became its order. */
  actor_id?: string
}

/** Serializes the settlements of one cart (a return, its replay, the job, the merchant). */
export const cartLinkSettlementLockKey = (cartOrRecordId: string) => `paylink-settle-cart:${cartOrRecordId}`

type LinkRecord = Awaited<ReturnType<PaylinkModuleService["retrievePaylinkCheckout"]>>

const errorText = (errors: any[] | undefined) => (errors?.[0]?.error as { message?: string } | undefined)?.message ?? "no order was created"

export async function settleCartLink(container: Container, recordId: string, options: SettleCartLinkOptions = {}): Promise<CartLinkOutcome> {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const first = await paylink.retrievePaylinkCheckout(recordId)
  // Not the cart's own lock: completeCartWorkflow, run inside, takes that one itself.
  return await container
    .resolve(Modules.LOCKING)
    .execute(cartLinkSettlementLockKey(first.cart_id ?? recordId), () => settle(container, recordId, options), { timeout: 30 })
}

async function settle(container: Container, recordId: string, { expired, actor_id }: SettleCartLinkOptions): Promise<CartLinkOutcome> {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const record = await paylink.retrievePaylinkCheckout(recordId)
  const attention = (code: AttentionCode, params: Omit<AttentionParams, "number"> = {}) =>
    handToMerchant(paylink, record, attentionReason(code, { number: record.number, target: "cart", ...params }))
  const name = `Link ${record.number}`

  if (record.status === "completed" && record.order_id) {
    return { order_id: record.order_id, reason: null }
  }
  if (record.status === "refunded" || (record.status === "needs_attention" && !actor_id)) {
    return { order_id: null, reason: record.attention_reason ?? "" }
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: carts } = record.cart_id
    ? await query.graph({ entity: "cart", fields: ["id", "total", "completed_at"], filters: { id: record.cart_id } })
    : { data: [] as any[] }
  const cart = carts[0] as { id: string; total: unknown; completed_at?: unknown } | undefined
  if (!cart) {
    return await attention("cart_missing")
  }
  if (cart.completed_at) {
    return await payPlacedOrder(container, record, cart.id, actor_id)
  }
  if (actor_id) {
    // The merchant's Place order for a cart that is not an order yet runs placePaylinkOrderWorkflow.
    return { order_id: null, reason: `${name}: cart ${cart.id} is not completed yet.` }
  }
  // A record already `returned` had its return verified in time (this is a late replay of it).
  if (expired && record.status !== "returned") {
    return await attention("return_link_expired")
  }
  if (record.status === "withdrawn" || record.status === "expired" || record.status === "failed") {
    const code =
      record.status === "withdrawn" ? (record.checkout_id ? "link_replaced" : "link_unanswered") : record.status === "expired" ? "link_expired" : "link_failed"
    const handed = await attention(code)
    return record.status === "withdrawn" ? await placeIfLinkRestored(container, record.id, cart.id, handed, { expired }) : handed
  }
  const paid = toCents(record.amount)
  const total = toCents(cart.total as string)
  if (total !== paid) {
    return await attention("cart_total_changed", { currency: record.currency_code.toUpperCase(), paid: Number(paid), total: Number(total) })
  }
  const started = await paylink.tryTransition(recordId, "returned", { returned_at: record.returned_at ?? new Date(), canceled_by: null, canceled_at: null })
  if (started.record.status !== "returned") {
    const handed = await attention("status_changed", { status: started.record.status })
    return started.record.status === "withdrawn" ? await placeIfLinkRestored(container, record.id, cart.id, handed, { expired }) : handed
  }
  await crashPoint("return:returned")
  // Medusa's own completion, run on its own so that it takes the cart's lock itself (the
  // storefront's complete call waits for it and gets the same order) and so that its failure is
  // an answer here: a paid return whose order cannot be placed goes to the merchant.
  const { result, errors } = await completeCartWorkflow(container as MedusaContainer).run({ input: { id: cart.id }, throwOnError: false })
  const orderId = (result as { id?: string } | undefined)?.id ?? null
  if (errors?.length || !orderId) {
    const after = await orderOfCart(container, cart.id)
    if (after) {
      // Completed by someone else meanwhile (the storefront's own call): read what that order holds.
      return await payPlacedOrder(container, record, cart.id)
    }
    if (errors?.length && errors.every((e: any) => e?.action === acquireLockStepId)) {
      // Only the cart's lock was busy (a long call of another request for the cart): nothing
      // failed, so the record stays `returned` and the stranded-returns job places the order.
      container.resolve(ContainerRegistrationKeys.LOGGER).warn(`paylink: link ${record.number} was paid; cart ${cart.id} was locked, its order will be placed by the stranded-returns job`)
      return { order_id: null, reason: `${name} was paid; its cart was busy, so its order will be placed shortly.` }
    }
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`paylink: link ${record.number} was paid but cart ${cart.id} could not be completed: ${errorText(errors)}`)
    return await attention("cart_completion_failed", { error: errorText(errors) })
  }
  await crashPoint("return:authorized")
  return await payPlacedOrder(container, record, cart.id)
}

/**
 * A paid link found withdrawn may have been withdrawn by a link request for its cart that is still
 * under way: Medusa deletes the cart's old session as it asks the service for the new link. The
 * record is `needs_attention` by now, so that request's last check refuses it and rolls back,
 * and Medusa re-creates this link's session. The request holds the cart's lock until then: under
 * that lock, when this link's session is the cart's only one again, the record counts as returned
 * and the cart is completed with it. Otherwise (the link was replaced for good, or the lock stayed
 * busy past 30 s) the merchant keeps it, as handed.
 */
async function placeIfLinkRestored(
  container: Container,
  recordId: string,
  cartId: string,
  handed: CartLinkOutcome,
  options: SettleCartLinkOptions
): Promise<CartLinkOutcome> {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const restored = await container
    .resolve(Modules.LOCKING)
    .execute(
      cartId,
      async () => {
        if (!(await cartPaysOnlyWith(container, cartId, recordId))) {
          return false
        }
        const back = await paylink.tryTransition(recordId, "returned", { attention_reason: null, attention_detail: null, canceled_by: null, canceled_at: null })
        return back.changed
      },
      { timeout: 30 }
    )
    .catch(() => false)
  // Settled as a return from here (the record is `returned`): the cart's total is checked again.
  return restored ? await settle(container, recordId, options) : handed
}

/** Whether the cart's payment sessions are this link's and no other. */
async function cartPaysOnlyWith(container: Container, cartId: string, recordId: string): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "completed_at", "payment_collection.payment_sessions.id", "payment_collection.payment_sessions.data"],
    filters: { id: cartId },
  })
  const cart = data[0] as { completed_at?: unknown; payment_collection?: { payment_sessions?: { data?: Record<string, unknown> }[] } } | undefined
  const sessions = cart?.payment_collection?.payment_sessions ?? []
  return !cart?.completed_at && sessions.length > 0 && sessions.every((s) => s?.data?.paylink_checkout_id === recordId)
}

/**
 * The cart is already an order. If the order was placed with this link's session and nothing else
 * paid it, the link's payment is recorded on it (Medusa authorizes the session: the provider
 * answers `captured` from the record) and the record is tied to it; an order paid some other way
 * is the merchant's to sort out, with the order named. An order that nothing paid yet comes from a
 * completion that stopped before it authorized the payment, so before Medusa released
 * `order.placed`: that announcement is owed, and made once the payment is recorded.
 */
async function payPlacedOrder(container: Container, record: LinkRecord, cartId: string, actorId?: string): Promise<CartLinkOutcome> {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const orderId = await orderOfCart(container, cartId)
  const state = orderId ? await linkOnOrder(container, orderId, record.id) : null
  const ref = { id: orderId ?? "", display_id: state?.display_id ?? null }
  const attention = (code: AttentionCode, params: Omit<AttentionParams, "number"> = {}) =>
    handToMerchant(paylink, record, attentionReason(code, { number: record.number, target: "cart", order: ref, ...params }))
  if (!orderId || !state) {
    return await handToMerchant(paylink, record, attentionReason("cart_order_not_found", { number: record.number, target: "cart" }))
  }
  const order = `order ${state.display_id ? `#${state.display_id}` : orderId}`
  const credited = state.paid_by === record.id && state.session_id ? await creditedToOrder(container, state.session_id, orderId) : false
  const blocked = placedOrderBlocker(record, state, credited)
  if (blocked === "order_paid_by_other_link" || blocked === "order_paid_otherwise") {
    return await attention(blocked)
  }
  if (!credited) {
    if (blocked === "order_canceled") {
      return await attention("order_canceled")
    }
    const paid = toCents(record.amount)
    const manualAwaiting = state.paid_by === record.id && record.confirmation === "manual" && !record.confirmed_at
    if (blocked === "order_owes_different") {
      return await attention("order_owes_different", { currency: record.currency_code.toUpperCase(), paid: Number(paid), owed: Number(state.owed_cents) })
    }
    if (!state.paid_by) {
      // Before the payment is recorded: a recovery interrupted after it must still announce.
      await paylink.oweOrderPlacedEvent(record.id)
    }
    // The record counts as returned, so that the provider answers `captured` for its session.
    const started = await paylink.tryTransition(record.id, "returned", {
      returned_at: record.returned_at ?? new Date(),
      ...(actorId ? { settled_by: actorId, settled_at: new Date() } : {}),
    })
    if (started.record.status !== "returned" && started.record.status !== "completed") {
      return await attention("status_changed_recording", { status: started.record.status })
    }
    if (!manualAwaiting) {
      const { errors } = await recordOrderLinkPaymentWorkflow(container as MedusaContainer).run({
        input: { payment_session_id: state.session_id!, order_id: orderId },
        throwOnError: false,
      })
      if (errors?.length) {
        container.resolve(ContainerRegistrationKeys.LOGGER).warn(`paylink: link ${record.number}: recording its payment on ${order} failed: ${errorText(errors)}`)
        return await attention("recording_failed", { error: errorText(errors) })
      }
      if ((await recordThatPaidOrder(container, orderId)) !== record.id) {
        return await attention("payment_not_accepted")
      }
    }
  }
  // Before the tie: a completed record is never recovered again, so an announcement still owed
  // after the tie would be lost.
  await announceRecoveredOrder(container, record.id, orderId)
  await tieRecordToOrder(container, record.id, orderId)
  return { order_id: orderId, reason: null }
}

/**
 * What stops a link's payment from being recorded on the order its cart already became, from that
 * order's payments as read (linkOnOrder); null when nothing does. The merchant's Place order is
 * offered only when this is null (src/lib/attention-actions.ts reads it too).
 */
export function placedOrderBlocker(
  record: Pick<LinkRecord, "id" | "amount" | "confirmation" | "confirmed_at">,
  state: LinkOnOrder,
  credited: boolean
): "order_paid_by_other_link" | "order_paid_otherwise" | "order_canceled" | "order_owes_different" | null {
  if (state.paid_by && state.paid_by !== record.id) {
    return "order_paid_by_other_link"
  }
  if (state.other_payment || (!state.session_id && state.paid_by !== record.id)) {
    return "order_paid_otherwise"
  }
  if (credited) {
    // Already on the order: the settlement only ties the record to it.
    return null
  }
  if (state.canceled) {
    return "order_canceled"
  }
  const manualAwaiting = state.paid_by === record.id && record.confirmation === "manual" && !record.confirmed_at
  return !manualAwaiting && state.owed_cents !== toCents(record.amount) ? "order_owes_different" : null
}

/** The record goes (or stays) with the merchant, with this reason: the one true now. */
async function handToMerchant(paylink: PaylinkModuleService, record: LinkRecord, reason: AttentionReason): Promise<CartLinkOutcome> {
  await paylink.handToMerchant(record.id, reason)
  return { order_id: null, reason: reason.text }
}
