/**
 * Takes the loyalty discount off a cart and marks the redemption removed, under the cart's lock.
 * A completed cart's benefit is its order's: refused with a 400 naming the order.
 * Hook `benefitRemoved` ({ cart_id, redemption_id }) runs under the lock once it is off.
 */
import {
  createHook,
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { takeBenefitPromotionOff } from "../steps/take-promotion-off"
import { findCartRedemptionStep } from "../steps/find-cart-redemption"
import { retireRedemptionStep } from "../steps/retire-redemption"
import { refuseRemovalFromCompletedCartStep } from "../steps/refuse-removal-from-completed-cart"

export const removeBenefitWorkflow = createWorkflow(
  "remove-loyalty-benefit",
  (input: { cart_id: string }) => {
    acquireLockStep({ key: input.cart_id, timeout: 30, ttl: 60 })
    refuseRemovalFromCompletedCartStep({ cart_id: input.cart_id })
    const redemption = findCartRedemptionStep({
      cart_id: input.cart_id,
      required: true,
    })
    when(
      "benefit-promotion-on-cart",
      { redemption },
      ({ redemption }) => redemption?.status === "authorized"
    ).then(() => {
      takeBenefitPromotionOff(
        transform({ redemption, input }, ({ redemption, input }) => ({
          cart_id: input.cart_id,
          promotion_code: redemption!.promotion_code!,
          refresh_payment_collection: true,
        }))
      )
    })
    const removed = transform({ redemption }, ({ redemption }) => ({
      redemption_id: redemption!.id,
    }))
    retireRedemptionStep(
      transform({ removed }, ({ removed }) => ({
        ...removed,
        status: "removed" as const,
      }))
    )
    const benefitRemoved = createHook("benefitRemoved", {
      cart_id: input.cart_id,
      redemption_id: removed.redemption_id,
    })
    releaseLockStep({ key: input.cart_id })
    return new WorkflowResponse(removed, { hooks: [benefitRemoved] })
  }
)
