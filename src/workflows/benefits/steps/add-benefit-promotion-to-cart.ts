import { transform, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { PromotionActions } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { updateCartPromotionsWorkflow } from "@medusajs/medusa/core-flows"
import { BENEFITS_MODULE } from "../../../modules/benefits"
import type BenefitsModuleService from "../../../modules/benefits/service"
import { notAppliedError } from "../../../lib/benefits/not-applied"

/** The step's name in the apply workflow: its errors are reported under it. */
export const ADD_BENEFIT_PROMOTION_TO_CART = "add-benefit-promotion-to-cart"

type Input = { cart_id: string; promotion_code: string }

/**
 * Composition helper (call it inside the apply workflow): puts the benefit's promotion on the cart
 * with Medusa's own `updateCartPromotionsWorkflow`, run as a step, so its lock steps are skipped
 * under the apply's lock and its steps are undone with the apply. The total changes, so pending
 * payment links are replaced (the payment collection is refreshed).
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
 * The error an apply's caller answers for a failed run. A step cannot catch the error of a
 * workflow it runs as a step, so Medusa's own failure here is explained after the run, the way
 * Medusa's cart-completion route explains its workflow's errors: from what the failure left. The
 * apply's compensation has then put the program's authorization on record as `failed` (a new one,
 * or one that had already failed); then the customer and the merchant must learn that it exists
 * although nothing was applied. An authorization brought back from before is restored as it was
 * instead, and the error is told as itself, as are the other steps' errors (they explain their own).
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
  const [last] = await benefits.listBenefitRedemptions({ cart_id: cartId }, { order: { updated_at: "DESC" }, take: 1 })
  if (last?.status === "failed" && last.authorization) {
    return notAppliedError({ authorization: last.authorization, kept_on_failure: true }, error)
  }
  return error
}
