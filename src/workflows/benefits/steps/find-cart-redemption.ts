import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { BENEFITS_MODULE } from "../../../modules/benefits"
import type BenefitsModuleService from "../../../modules/benefits/service"
import { codedError } from "../../../lib/common/store-errors"

type Input = { cart_id: string; required?: boolean }

/** The cart's current redemption (authorized, else stale), if any. */
export const findCartRedemptionStep = createStep(
  "find-cart-benefit-redemption",
  async ({ cart_id, required }: Input, { container }) => {
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    const redemption = await benefits.currentRedemption(cart_id)
    if (!redemption && required) {
      throw codedError(
        MedusaError.Types.NOT_FOUND,
        "benefits.nothing_to_remove",
        `Cart ${cart_id} has no loyalty benefit to remove.`
      )
    }
    return new StepResponse(redemption ?? null)
  }
)
