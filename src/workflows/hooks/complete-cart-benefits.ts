/**
 * Loyalty benefits at cart completion: a cart still carrying a loyalty promotion whose authorization
 * no longer matches its total is refused; a cart that already became its order is let through
 * (docs/architecture.md#loyalty-benefits-and-the-cart).
 */
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
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

async function cartHasOrder(
  container: Pick<MedusaContainer, "resolve">,
  cartId: string
): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order_cart",
    fields: ["order_id"],
    filters: { cart_id: cartId },
  })
  return !!data[0]?.order_id
}
