import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cartWithTotalsAndCodes } from "../../../lib/cart/cart-totals"
import type { CartForBenefit } from "./prepare-benefit-apply"

/**
 * The cart an apply computes the discount from (its totals, items and promotion codes), read under
 * the cart's lock in 2 or 3 statements (src/lib/cart/cart-totals.ts); null when there is no such cart.
 */
export const readCartForBenefitStep = createStep("read-cart-for-benefit", async ({ cart_id }: { cart_id: string }, { container }) => {
  const cart = await cartWithTotalsAndCodes(container, cart_id, ["id", "currency_code", "completed_at", "total", "shipping_total"])
  return new StepResponse((cart as CartForBenefit | null) ?? null)
})
