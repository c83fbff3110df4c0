import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { BENEFITS_MODULE } from "../../../modules/benefits"
import { codedError } from "../../../lib/common/store-errors"
import type BenefitsModuleService from "../../../modules/benefits/service"

/** A completed cart's benefit belongs to its order: removing it is refused with a 400 that says so. */
export const refuseRemovalFromCompletedCartStep = createStep(
  "refuse-benefit-removal-from-completed-cart",
  async ({ cart_id }: { cart_id: string }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: carts } = await query.graph({
      entity: "cart",
      fields: ["id", "completed_at"],
      filters: { id: cart_id },
    })
    if (!carts[0]?.completed_at) {
      return new StepResponse(null)
    }
    const { data: links } = await query.graph({
      entity: "order_cart",
      fields: ["order_id"],
      filters: { cart_id },
    })
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    const rows = await benefits.listBenefitRedemptions(
      { cart_id, status: ["redeemed", "authorized"] },
      { order: { updated_at: "DESC" } }
    )
    const used = rows.find((r) => r.status === "redeemed") ?? rows[0]
    const orderId = links[0]?.order_id ?? used?.order_id ?? null
    const order = orderId ? `order ${orderId}` : "its order"
    throw codedError(
      MedusaError.Types.NOT_ALLOWED,
      used ? "benefits.used_by_order" : "paylink.cart_completed",
      used
        ? `Cart ${cart_id} is completed: ${order} used its loyalty benefit (card ending in ${used.card_last4}), which can no longer be removed.`
        : `Cart ${cart_id} is completed (${order}); it has no loyalty benefit to remove.`
    )
  }
)
