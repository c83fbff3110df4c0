import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cartBenefitState } from "../../../lib/benefits/cart-benefit-state"

/** Whether the cart's authorized redemption still matches the cart, and if not, why. */
export const assessCartBenefitStep = createStep(
  "assess-cart-benefit",
  async ({ cart_id }: { cart_id: string }, { container }) => {
    const found = await cartBenefitState(container, cart_id)
    // Nothing to do: no redemption, one already marked stale, a completed cart, or all is well.
    if (
      !found ||
      found.redemption.status !== "authorized" ||
      !found.cart ||
      found.cart.completed_at ||
      found.state === "current"
    ) {
      return new StepResponse(null)
    }
    const { redemption, state } = found
    return new StepResponse({
      redemption_id: redemption.id,
      promotion_code: redemption.promotion_code,
      state,
    })
  }
)
