/**
 * Settlement: what a paid link does, decided from the state as it is now. A storefront link's cart
 * becomes the order it was paid for (or, already that order, the payment is recorded on it); an
 * admin link's payment is recorded on its order (a draft converted when paid in full). It ends
 * with the record `completed` on its order, or in `needs_attention` with a reason that is true of
 * what was read, never in an error the customer is left with. The return workflow, the merchant's
 * Place order and Record payment, and the stranded-returns job all run it; it runs under one lock
 * per cart (or order), so a return, its replay, the job and the merchant go one after the other.
 */
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import type { AttentionReason } from "../../../lib/attention/attention-reason"
import type { Disposition, PlacedOrderPlan, SettleOutcome } from "../../../lib/settlement/disposition"
import {
  handPaylinkToMerchantStep,
  recordPaylinkPaymentStep,
  settlementLockStep,
  tiePaylinkRecordStep,
  type SettleInput,
} from "../steps/settlement-common"
import { claimCartReturnStep, claimPlacedOrderStep, completePaylinkCartStep, readCartSettlementStep, readPlacedOrderStep } from "../steps/settle-cart-steps"
import { claimOrderReturnStep, convertPaidDraftStep, makeLinkSessionStep, readOrderSettlementStep } from "../steps/settle-order-steps"

export type { SettleInput, SettleOutcome }

/** The outcome a disposition ends with by itself (nothing to do but say so), or null. */
const endsAt = (d: Disposition | undefined): SettleOutcome | null =>
  d?.kind === "already_done" ? { order_id: d.order_id, reason: null } : d?.kind === "report" ? { order_id: null, reason: d.reason } : null

const handsOver = (d: Disposition | undefined) => d?.kind === "hand_to_merchant" && !d.restore

/**
 * The reason of a hand-over, and the plan of a payment: read inside the branch whose `when`
 * checked the kind (a transform sees the union, not what its branch's condition proved).
 */
function handOverReason(d: Disposition | PlacedOrderPlan | undefined): AttentionReason {
  if (d?.kind !== "hand_to_merchant") throw new Error(`paylink settlement: a ${d?.kind ?? "missing"} disposition has no reason to hand over`)
  return d.reason
}

function paymentPlan(plan: PlacedOrderPlan | undefined): Extract<PlacedOrderPlan, { kind: "pay" }> {
  if (plan?.kind !== "pay") throw new Error(`paylink settlement: a ${plan?.kind ?? "missing"} plan records no payment`)
  return plan
}

export const settlePaylinkCheckoutWorkflow = createWorkflow("settle-paylink-checkout", (input: SettleInput) => {
  const lock = settlementLockStep(input)
  // Also when run as another workflow's step (the return, Place order, Record payment).
  acquireLockStep({ key: lock.key, ownerId: lock.owner, timeout: 30, ttl: 180, executeOnSubWorkflow: true })

  // A storefront link: its cart.
  const cart = when("paylink-settles-cart", { lock }, ({ lock }) => lock.cart).then(() => readCartSettlementStep(input))
  const cartHanded = when("paylink-cart-handed", { cart }, ({ cart }) => handsOver(cart?.disposition)).then(() =>
    handPaylinkToMerchantStep(
      transform({ input, cart }, ({ input, cart }) => ({ record_id: input.record_id, reason: handOverReason(cart?.disposition) }))
    ).config({ name: "hand-paylink-cart-to-merchant" })
  )
  const claimed = when("paylink-cart-claimed", { cart }, ({ cart }) => {
    const d = cart?.disposition
    return d?.kind === "place_cart" || (d?.kind === "hand_to_merchant" && !!d.restore)
  }).then(() =>
    claimCartReturnStep(transform({ input, cart }, ({ input, cart }) => ({ record_id: input.record_id, cart_id: cart!.cart_id, expired: input.expired, disposition: cart!.disposition })))
  )
  const completed = when("paylink-cart-completes", { claimed }, ({ claimed }) => claimed?.next === "complete").then(() =>
    completePaylinkCartStep(transform({ input, cart }, ({ input, cart }) => ({ record_id: input.record_id, cart_id: cart!.cart_id!, number: cart!.number })))
  )
  const plan = when("paylink-cart-ordered", { cart, claimed, completed }, ({ cart, claimed, completed }) =>
    cart?.disposition.kind === "pay_placed_order" || claimed?.next === "pay" || completed?.next === "pay"
  ).then(() => readPlacedOrderStep(transform({ input, cart }, ({ input, cart }) => ({ record_id: input.record_id, cart_id: cart!.cart_id! }))))
  const planHanded = when("paylink-placed-order-handed", { plan }, ({ plan }) => plan?.kind === "hand_to_merchant").then(() =>
    handPaylinkToMerchantStep(
      transform({ input, plan }, ({ input, plan }) => ({ record_id: input.record_id, reason: handOverReason(plan) }))
    ).config({ name: "hand-paylink-placed-order-to-merchant" })
  )
  const paying = when("paylink-placed-order-claimed", { plan }, ({ plan }) => plan?.kind === "pay" && !plan.credited).then(() =>
    claimPlacedOrderStep(transform({ input, plan }, ({ input, plan }) => ({ record_id: input.record_id, actor_id: input.actor_id, plan: plan! })))
  )
  const paid = when("paylink-placed-order-records", { plan, paying }, ({ plan, paying }) => plan?.kind === "pay" && plan.record_payment && !paying?.outcome).then(() =>
    recordPaylinkPaymentStep(
      transform({ input, cart, plan }, ({ input, cart, plan }) => {
        const pay = paymentPlan(plan)
        return { record_id: input.record_id, number: cart!.number, session_id: pay.session_id!, order_id: pay.order_id, order: pay.order, target: "cart" as const, verify_paid_by: true }
      })
    ).config({ name: "record-paylink-payment-on-cart-order" })
  )
  const cartTied = when("paylink-cart-order-tied", { plan, paying, paid }, ({ plan, paying, paid }) => plan?.kind === "pay" && !paying?.outcome && !paid?.outcome).then(() =>
    tiePaylinkRecordStep(
      transform({ input, plan }, ({ input, plan }) => ({ record_id: input.record_id, order_id: paymentPlan(plan).order_id, announce: true }))
    ).config({ name: "tie-paylink-record-to-cart-order" })
  )

  // An admin link: its order.
  const order = when("paylink-settles-order", { lock }, ({ lock }) => !lock.cart).then(() => readOrderSettlementStep(input))
  const orderHanded = when("paylink-order-handed", { order }, ({ order }) => order?.disposition.kind === "hand_to_merchant").then(() =>
    handPaylinkToMerchantStep(
      transform({ input, order }, ({ input, order }) => ({ record_id: input.record_id, reason: handOverReason(order?.disposition) }))
    ).config({ name: "hand-paylink-order-to-merchant" })
  )
  const target = transform({ input, order }, ({ input, order }) => {
    const d = order?.disposition
    return d?.kind === "record_on_order" ? { ...d, record_id: input.record_id, number: order!.number } : null
  })
  const orderClaimed = when("paylink-order-claimed", { target }, ({ target }) => !!target).then(() => claimOrderReturnStep(input))
  const session = when("paylink-order-needs-session", { target, orderClaimed }, ({ target, orderClaimed }) => !!target?.needs_session && !orderClaimed?.outcome).then(() =>
    makeLinkSessionStep(transform({ target }, ({ target }) => target!))
  )
  const orderGoes = transform({ target, orderClaimed, session }, ({ target, orderClaimed, session }) => !!target && !orderClaimed?.outcome && !session?.outcome)
  const recorded = when("paylink-order-records", { target, orderGoes }, ({ target, orderGoes }) => orderGoes && !target!.already_recorded).then(() =>
    recordPaylinkPaymentStep(
      transform({ target, session }, ({ target, session }) => ({
        record_id: target!.record_id,
        number: target!.number,
        session_id: session?.session_id ?? target!.session_id,
        order_id: target!.order_id,
        order: target!.order,
        target: "order" as const,
      }))
    )
  )
  const converted = when("paylink-order-converts-draft", { target, orderGoes, recorded }, ({ target, orderGoes, recorded }) => orderGoes && !recorded?.outcome && target!.draft).then(
    () => convertPaidDraftStep(transform({ target }, ({ target }) => target!))
  )
  const orderTied = when("paylink-order-tied", { orderGoes, recorded, converted }, ({ orderGoes, recorded, converted }) => orderGoes && !recorded?.outcome && !converted?.outcome).then(
    () => tiePaylinkRecordStep(transform({ target }, ({ target }) => ({ record_id: target!.record_id, order_id: target!.order_id, withdraw_others: target!.needs_session })))
  )

  releaseLockStep({ key: lock.key, ownerId: lock.owner, executeOnSubWorkflow: true })
  const outcome = transform(
    { cart, cartHanded, claimed, completed, planHanded, paying, paid, cartTied, order, orderHanded, orderClaimed, session, recorded, converted, orderTied },
    (s): SettleOutcome =>
      endsAt(s.cart?.disposition) ??
      s.cartHanded ??
      s.claimed?.outcome ??
      s.completed?.outcome ??
      s.planHanded ??
      s.paying?.outcome ??
      s.paid?.outcome ??
      s.cartTied ??
      endsAt(s.order?.disposition) ??
      s.orderHanded ??
      s.orderClaimed?.outcome ??
      s.session?.outcome ??
      s.recorded?.outcome ??
      s.converted?.outcome ??
      s.orderTied ?? { order_id: null, reason: null }
  )
  return new WorkflowResponse(outcome)
})
