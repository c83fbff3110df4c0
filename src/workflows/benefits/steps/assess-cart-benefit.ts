import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { BENEFITS_MODULE } from "../../../modules/benefits"
import type BenefitsModuleService from "../../../modules/benefits/service"
import { benefitStateOf, type BenefitState } from "../../../lib/benefits/state"

/** Whether the cart's authorized redemption still matches the cart, and if not, why. */
export const assessCartBenefitStep = createStep(
  "assess-cart-benefit",
  async ({ cart_id }: { cart_id: string }, { container }) => {
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    const [redemption] = await benefits.listBenefitRedemptions({ cart_id, status: "authorized" }, { take: 1 })
    if (!redemption) {
      return new StepResponse(null)
    }
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "cart",
      fields: ["id", "total", "completed_at", "promotions.code"],
      filters: { id: cart_id },
    })
    if (!data[0] || data[0].completed_at) {
      return new StepResponse(null)
    }
    const state: BenefitState = benefitStateOf(data[0], redemption)
    return new StepResponse(
      state === "current" ? null : { redemption_id: redemption.id, promotion_code: redemption.promotion_code, state }
    )
  }
)
