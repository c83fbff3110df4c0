/**
 * After a cart changes: if the authorized amounts no longer hold, the discount comes off and the
 * redemption becomes stale (the storefront is told to apply the benefit again); if the promotion
 * was taken off some other way, the redemption is marked removed.
 */
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { PromotionActions } from "@medusajs/framework/utils"
import { acquireLockStep, releaseLockStep, updateCartPromotionsWorkflow } from "@medusajs/medusa/core-flows"
import { assessCartBenefitStep } from "./steps/assess-cart-benefit"
import { retireRedemptionStep } from "./steps/retire-redemption"

export const reconcileCartBenefitWorkflow = createWorkflow("reconcile-cart-benefit", (input: { cart_id: string }) => {
  acquireLockStep({ key: input.cart_id, timeout: 30, ttl: 60 })
  const assessed = assessCartBenefitStep(input)
  when("benefit-went-stale", { assessed }, ({ assessed }) => assessed?.state === "stale").then(() => {
    updateCartPromotionsWorkflow.runAsStep({
      input: transform({ assessed, input }, ({ assessed, input }) => ({
        cart_id: input.cart_id,
        promo_codes: [assessed!.promotion_code!],
        action: PromotionActions.REMOVE,
        // The total changes: pending payment links must be replaced, not paid at the old amount.
        force_refresh_payment_collection: true,
      })),
    })
  })
  when("benefit-no-longer-current", { assessed }, ({ assessed }) => !!assessed).then(() => {
    retireRedemptionStep(
      transform({ assessed }, ({ assessed }) => ({
        redemption_id: assessed!.redemption_id,
        status: assessed!.state === "stale" ? ("stale" as const) : ("removed" as const),
      }))
    )
  })
  releaseLockStep({ key: input.cart_id })
  return new WorkflowResponse(assessed)
})
