/**
 * Loyalty benefits at cart completion: a cart that still carries a loyalty promotion whose
 * authorization no longer matches the cart's total is refused. A benefit that no longer discounts
 * the cart (stale, or its promotion taken off) does not block: the cart is paid at its own total.
 * A cart change already takes a stale discount off (./refresh-cart-benefits.ts); this catches a
 * total changed without a refresh of the cart's items, e.g. another promotion added through the
 * core promotions route. (The placed order takes the redemption over in the order.placed
 * subscriber.)
 */
import { MedusaError } from "@medusajs/framework/utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { benefitCompletionProblem } from "../benefits/cart-benefit-state"

completeCartWorkflow.hooks.validate(async ({ cart }, { container }) => {
  const problem = await benefitCompletionProblem(container, cart.id)
  if (problem) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, problem)
  }
})
