import { transform, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { PromotionActions } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { updateCartPromotionsWorkflow } from "@medusajs/medusa/core-flows"
import { BENEFITS_MODULE } from "../../../modules/benefits"
import type BenefitsModuleService from "../../../modules/benefits/service"
import { notAppliedError } from "../../../lib/benefits/not-applied"

/** Its errors are reported under this name. */
export const ADD_BENEFIT_PROMOTION_TO_CART = "add-benefit-promotion-to-cart"

type Input = { cart_id: string; promotion_code: string }

/**
 * Composition helper: Medusa's `updateCartPromotionsWorkflow` run as a step, so its lock steps are
 * skipped under the apply's lock and it is undone with the apply.
 */
export function addBenefitPromotionToCart(input: WorkflowData<Input>) {
  return updateCartPromotionsWorkflow
    .runAsStep({
      input: transform({ input }, ({ input }) => ({
        cart_id: input.cart_id,
        promo_codes: [input.promotion_code],
        action: PromotionActions.ADD,
        force_refresh_payment_collection: true,
      })),
    })
    .config({ name: ADD_BENEFIT_PROMOTION_TO_CART })
}

/**
 * The error for a failed apply run. A step cannot catch a failure of a workflow it runs as a step, so
 * it is explained after the run from what it left: an authorization on record although nothing applied.
 */
export async function explainApplyFailure(
  container: Pick<MedusaContainer, "resolve">,
  cartId: string,
  failure: { action?: string; error: unknown }
): Promise<unknown> {
  const error = failure.error ?? failure
  if (failure.action !== ADD_BENEFIT_PROMOTION_TO_CART) {
    return error
  }
  const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
  // The apply's redemption is the cart's last one written: its compensation wrote it last.
  const [last] = await benefits.listBenefitRedemptions(
    { cart_id: cartId },
    { order: { updated_at: "DESC" }, take: 1 }
  )
  if (last?.status === "failed" && last.authorization) {
    return notAppliedError(
      { authorization: last.authorization, kept_on_failure: true },
      error
    )
  }
  return error
}
