/** Takes the loyalty discount off a cart and marks the redemption removed. */
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { PromotionActions } from "@medusajs/framework/utils"
import { acquireLockStep, releaseLockStep, updateCartPromotionsWorkflow } from "@medusajs/medusa/core-flows"
import { findCartRedemptionStep } from "./steps/find-cart-redemption"
import { retireRedemptionStep } from "./steps/retire-redemption"

export const removeBenefitWorkflow = createWorkflow("remove-loyalty-benefit", (input: { cart_id: string }) => {
  acquireLockStep({ key: input.cart_id, timeout: 30, ttl: 60 })
  const redemption = findCartRedemptionStep({ cart_id: input.cart_id, required: true })
  when("benefit-promotion-on-cart", { redemption }, ({ redemption }) => redemption?.status === "authorized").then(() => {
    updateCartPromotionsWorkflow.runAsStep({
      input: transform({ redemption, input }, ({ redemption, input }) => ({
        cart_id: input.cart_id,
        promo_codes: [redemption!.promotion_code!],
        action: PromotionActions.REMOVE,
        // The total changes: pending payment links must be replaced, not paid at the old amount.
        force_refresh_payment_collection: true,
      })),
    })
  })
  retireRedemptionStep(transform({ redemption }, ({ redemption }) => ({ redemption_id: redemption!.id, status: "removed" as const })))
  releaseLockStep({ key: input.cart_id })
  return new WorkflowResponse(transform({ redemption }, ({ redemption }) => ({ redemption_id: redemption!.id })))
})
