import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import { BENEFITS_MODULE } from "../../../modules/benefits"
import type BenefitsModuleService from "../../../modules/benefits/service"

type Input = { redemption_id: string; status: "removed" | "stale" }

/**
 * Ends a redemption's life on its cart: marks it removed or stale and retires its promotion, which
 * was made for this one cart and must not be usable again.
 */
export const retireRedemptionStep = createStep(
  "retire-benefit-redemption",
  async ({ redemption_id, status }: Input, { container }) => {
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    const before = await benefits.retrieveBenefitRedemption(redemption_id)
    await benefits.updateBenefitRedemptions({
      id: redemption_id,
      status,
      ...(status === "stale"
        ? { stale_at: new Date() }
        : { removed_at: new Date() }),
    })
    if (before.promotion_id) {
      await container
        .resolve(Modules.PROMOTION)
        .softDeletePromotions([before.promotion_id])
    }
    return new StepResponse(undefined, {
      id: redemption_id,
      status: before.status,
      promotion_id: before.promotion_id,
    })
  },
  async (undo, { container }) => {
    if (!undo) {
      return
    }
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    await benefits.updateBenefitRedemptions({
      id: undo.id,
      status: undo.status,
      stale_at: null,
      removed_at: null,
    })
    if (undo.promotion_id) {
      await container
        .resolve(Modules.PROMOTION)
        .restorePromotions([undo.promotion_id])
    }
  }
)
