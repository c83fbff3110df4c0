/**
 * Loyalty benefits at cart completion: a cart whose redemption no longer matches the cart is
 * refused. (The placed order takes the redemption over in the order.placed subscriber.)
 */
import { MedusaError } from "@medusajs/framework/utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { REMOVED_MESSAGE, STALE_MESSAGE } from "../../lib/benefits/state"
import { cartBenefitState } from "../benefits/cart-benefit-state"

completeCartWorkflow.hooks.validate(async ({ cart }, { container }) => {
  // Checked here as well as on cart.updated: the event may not have been handled yet.
  const found = await cartBenefitState(container, cart.id)
  if (found?.state === "removed") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, REMOVED_MESSAGE)
  }
  if (found?.state === "stale") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, STALE_MESSAGE)
  }
})
