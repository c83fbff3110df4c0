import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cartWithTotalsAndCodes } from "../../../lib/cart/cart-totals"
import type { CartForBenefit } from "./prepare-benefit-apply"

/** The cart an apply computes the discount from, in 2 or 3 statements; null when there is none. */
export const readCartForBenefitStep = createStep(
  "read-cart-for-benefit",
  async ({ cart_id }: { cart_id: string }, { container }) => {
    const cart = await cartWithTotalsAndCodes(container, cart_id, [
      "id",
      "currency_code",
      "completed_at",
      "total",
      "shipping_total",
    ])
    return new StepResponse((cart as CartForBenefit | null) ?? null)
  }
)
