/**
 * Loyalty benefits at cart completion: a cart whose redemption no longer matches the cart is
 * refused. (The placed order takes the redemption over in the order.placed subscriber.)
 */
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { BENEFITS_MODULE } from "../../modules/benefits"
import type BenefitsModuleService from "../../modules/benefits/service"
import { benefitStateOf, REMOVED_MESSAGE, STALE_MESSAGE } from "../../lib/benefits/state"

completeCartWorkflow.hooks.validate(async ({ cart }, { container }) => {
  const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
  const [redemption] = await benefits.listBenefitRedemptions(
    { cart_id: cart.id, status: ["authorized", "stale"] },
    { take: 1 }
  )
  if (!redemption) {
    return
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: ["id", "total", "promotions.code"], filters: { id: cart.id } })
  // Checked here as well as on cart.updated: the event may not have been handled yet.
  const state = redemption.status === "stale" ? "stale" : benefitStateOf(data[0] ?? cart, redemption)
  if (state === "removed") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, REMOVED_MESSAGE)
  }
  if (state === "stale") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, STALE_MESSAGE)
  }
})
