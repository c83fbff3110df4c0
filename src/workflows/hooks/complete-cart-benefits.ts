/**
 * Loyalty benefits at cart completion: a cart that still carries a loyalty promotion whose
 * authorization no longer matches the cart's total is refused. A benefit that no longer discounts
 * the cart (stale, or its promotion taken off) does not block: the cart is paid at its own total.
 * A cart change already takes a stale discount off (./refresh-cart-benefits.ts); this catches a
 * total changed without a refresh of the cart's items, e.g. another promotion added through the
 * core promotions route. (The placed order takes the redemption over in the order.placed
 * subscriber.)
 *
 * A cart that already became its order is let through: Medusa then answers that order (the
 * storefront's complete call after a payment link's return placed it), and its redemption, taken
 * over by the order, no longer reads as an authorization for the cart. "Already an order" is read
 * as Medusa reads it, from the cart-to-order link only.
 */
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { benefitCompletionProblem } from "../../lib/benefits/cart-benefit-state"

completeCartWorkflow.hooks.validate(async ({ cart }, { container }) => {
  // Not `completed_at`: Medusa places an order for a cart with no order link whatever that says.
  const problem = await benefitCompletionProblem(container, cart.id)
  // Read only when there is a problem: Medusa's own test for "already an order" is this link.
  if (problem && !(await cartHasOrder(container, cart.id))) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, problem)
  }
})

async function cartHasOrder(container: Pick<MedusaContainer, "resolve">, cartId: string): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  return !!data[0]?.order_id
}
