import { transform, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { PromotionActions } from "@medusajs/framework/utils"
import { updateCartPromotionsWorkflow } from "@medusajs/medusa/core-flows"

type Input = {
  cart_id: string
  promotion_code: string
  refresh_payment_collection: boolean
}

/**
 * Composition helper: Medusa's `updateCartPromotionsWorkflow`; the payment collection is refreshed
 * (pending links replaced, not paid at the old amount) unless the caller refreshes it next.
 */
export function takeBenefitPromotionOff(input: WorkflowData<Input>) {
  return updateCartPromotionsWorkflow.runAsStep({
    input: transform({ input }, ({ input }) => ({
      cart_id: input.cart_id,
      promo_codes: [input.promotion_code],
      action: PromotionActions.REMOVE,
      force_refresh_payment_collection: input.refresh_payment_collection,
    })),
  })
}
