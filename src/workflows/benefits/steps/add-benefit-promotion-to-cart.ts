import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PromotionActions } from "@medusajs/framework/utils"
import { updateCartPromotionsWorkflow } from "@medusajs/medusa/core-flows"
import { notAppliedError, type AuthorizationOnRecord } from "../../../lib/benefits/not-applied"
import { cancelChildWorkflow, runChildWorkflow, type ChildRun } from "../child-workflow"

type Input = { cart_id: string; promotion_code: string; held: AuthorizationOnRecord }

/**
 * Puts the benefit's promotion on the cart with Medusa's own `updateCartPromotionsWorkflow` (run
 * as this step's child, under the apply's lock), and replaces pending payment links: the total
 * changes. A failure is told as an authorization that was not applied; compensation takes the
 * promotion off again.
 */
export const addBenefitPromotionToCartStep = createStep(
  "add-benefit-promotion-to-cart",
  async ({ cart_id, promotion_code, held }: Input, context) => {
    try {
      const { child } = await runChildWorkflow(
        updateCartPromotionsWorkflow,
        { cart_id, promo_codes: [promotion_code], action: PromotionActions.ADD, force_refresh_payment_collection: true },
        context
      )
      return new StepResponse(undefined, child)
    } catch (error) {
      throw notAppliedError(held, error)
    }
  },
  async (child: ChildRun | undefined, context) => {
    if (child) {
      await cancelChildWorkflow(updateCartPromotionsWorkflow, child, context)
    }
  }
)
