import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { BENEFITS_MODULE } from "../../modules/benefits"
import type BenefitsModuleService from "../../modules/benefits/service"
import { benefitStateOf, type BenefitState } from "../../lib/benefits/state"

/**
 * The cart's live redemption (authorized or stale) and whether it still holds for the cart as it
 * is now. Read by the reconcile step after a cart change and by the completion check.
 */
export async function cartBenefitState(container: Pick<MedusaContainer, "resolve">, cartId: string) {
  const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
  const [redemption] = await benefits.listBenefitRedemptions(
    { cart_id: cartId, status: ["authorized", "stale"] },
    { order: { created_at: "DESC" }, take: 1 }
  )
  if (!redemption) {
    return null
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "total", "completed_at", "promotions.code"],
    filters: { id: cartId },
  })
  const cart = data[0] ?? null
  const state: BenefitState =
    redemption.status === "stale" ? "stale" : cart ? benefitStateOf(cart, redemption) : "removed"
  return { redemption, cart, state }
}
