/**
 * How the merchant settles a paid link that could not become an order by itself
 * (`needs_attention`): place the order as it was paid, or record that the customer was refunded
 * by hand. Both are recorded with the admin user and the time.
 */
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  completeCartWorkflow,
  createPaymentSessionsWorkflow,
  releaseLockStep,
} from "@medusajs/medusa/core-flows"
import {
  preparePaylinkSettlementStep,
  settlementCartStep,
} from "../steps/prepare-place-order"
import {
  completePaylinkRecordStep,
  markPaylinkRefundedStep,
  requirePaylinkNeedsAttentionStep,
  requirePaylinkSettledStep,
  startPaylinkSettlementStep,
} from "../steps/settle-by-merchant-steps"
import { settlePaylinkCheckoutWorkflow } from "./settle-paylink-checkout"

export type SettlePaylinkInput = { checkout_id: string; actor_id: string }

/**
 * "Place order": completes the cart with this link as its payment. Allowed only while the cart's
 * total equals what was paid. The cart gets a session for this link if it has another one (that
 * one is withdrawn); the service is not called.
 */
export const placePaylinkOrderWorkflow = createWorkflow(
  "place-paylink-order",
  (input: SettlePaylinkInput) => {
    // The checks run under the cart's lock: a return placing the cart's order right now is waited
    // for, and then seen.
    const cartId = settlementCartStep({ checkout_id: input.checkout_id })
    acquireLockStep({ key: cartId, timeout: 30, ttl: 180 })
    const prepared = preparePaylinkSettlementStep({
      checkout_id: input.checkout_id,
    })
    // The cart already became its order: the link's payment is recorded on that order.
    const recorded = when(
      "paylink-settlement-cart-ordered",
      { prepared },
      ({ prepared }) => prepared.already_ordered
    ).then(() => {
      const outcome = settlePaylinkCheckoutWorkflow.runAsStep({
        input: transform({ input }, ({ input }) => ({
          record_id: input.checkout_id,
          actor_id: input.actor_id,
        })),
      })
      return requirePaylinkSettledStep(
        transform({ outcome }, ({ outcome }) => ({
          outcome,
          refusal: "The payment link cannot be recorded on its order.",
        }))
      )
    })
    const placing = transform(
      { prepared },
      ({ prepared }) => !prepared.already_ordered
    )
    when(
      "paylink-settlement-starts",
      { placing },
      ({ placing }) => placing
    ).then(() => {
      startPaylinkSettlementStep(input)
    })
    when(
      "paylink-settlement-needs-session",
      { prepared },
      ({ prepared }) => !prepared.already_ordered && prepared.needs_session
    ).then(() => {
      createPaymentSessionsWorkflow.runAsStep({
        input: transform({ prepared }, ({ prepared }) => ({
          payment_collection_id: prepared.payment_collection_id!,
          provider_id: prepared.provider_id,
          data: prepared.session_data,
        })),
      })
    })
    const placed = when(
      "paylink-settlement-completes-cart",
      { placing },
      ({ placing }) => placing
    ).then(() => {
      const order = completeCartWorkflow.runAsStep({
        input: transform({ prepared }, ({ prepared }) => ({
          id: prepared.cart_id,
        })),
      })
      const checkout = completePaylinkRecordStep(
        transform({ input, order }, ({ input, order }) => ({
          checkout_id: input.checkout_id,
          order_id: order.id,
        }))
      )
      return { checkout, order_id: order.id }
    })
    releaseLockStep({ key: cartId })
    return new WorkflowResponse(
      transform({ recorded, placed }, ({ recorded, placed }) => ({
        order_id: (recorded?.order_id ?? placed?.order_id) as string,
      }))
    )
  }
)

/**
 * "Record payment" for a paid admin link that needs attention: the same as its return would have
 * done (the payment recorded on the order, a draft converted), now that the merchant has fixed
 * what stood in the way. Refused with the reason while it still cannot be done.
 */
export const settlePaylinkOrderLinkWorkflow = createWorkflow(
  "settle-paylink-order-link",
  (input: SettlePaylinkInput) => {
    const number = requirePaylinkNeedsAttentionStep(input)
    const outcome = settlePaylinkCheckoutWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({
        record_id: input.checkout_id,
        actor_id: input.actor_id,
      })),
    })
    const refusal = transform(
      { number },
      ({ number }) => `Payment link ${number} cannot be recorded on its order.`
    )
    return new WorkflowResponse(requirePaylinkSettledStep({ outcome, refusal }))
  }
)

/** "Mark refunded by hand", with the merchant's note. */
export const markPaylinkRefundedWorkflow = createWorkflow(
  "mark-paylink-refunded",
  (input: SettlePaylinkInput & { note: string }) =>
    new WorkflowResponse(markPaylinkRefundedStep(input))
)
