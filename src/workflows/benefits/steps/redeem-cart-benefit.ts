import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { BENEFITS_MODULE } from "../../../modules/benefits"
import type BenefitsModuleService from "../../../modules/benefits/service"

type Input = { order_id: string; cart_id: string }

/** The order takes over the cart's redemption: marked redeemed, linked, codes readable with it. */
export const redeemCartBenefitStep = createStep(
  "redeem-cart-benefit",
  async ({ order_id, cart_id }: Input, { container }) => {
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    const authorized = await benefits.listBenefitRedemptions({
      cart_id,
      status: "authorized",
    })
    if (!authorized.length) {
      return new StepResponse(null, null)
    }
    // Only the redemption whose promotion the order carries was used; any other is marked removed.
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "order",
      fields: ["id", "promotions.code"],
      filters: { id: order_id },
    })
    const codes = new Set(
      ((data[0]?.promotions ?? []) as ({ code?: string | null } | null)[])
        .map((p) => p?.code)
        .filter(Boolean)
    )
    const redemption = authorized.find(
      (r) => r.promotion_code && codes.has(r.promotion_code)
    )
    const unused = authorized.filter((r) => r !== redemption)
    if (unused.length) {
      await benefits.updateBenefitRedemptions(
        unused.map((r) => ({
          id: r.id,
          status: "removed" as const,
          removed_at: new Date(),
        }))
      )
    }
    if (!redemption) {
      return new StepResponse(null, null)
    }
    await benefits.updateBenefitRedemptions({
      id: redemption.id,
      status: "redeemed",
      order_id,
      redeemed_at: new Date(),
    })
    await container.resolve(ContainerRegistrationKeys.LINK).create({
      [Modules.ORDER]: { order_id },
      [BENEFITS_MODULE]: { benefit_redemption_id: redemption.id },
    })
    return new StepResponse(
      { redemption_id: redemption.id },
      { redemption_id: redemption.id, order_id }
    )
  },
  async (undo, { container }) => {
    if (!undo) {
      return
    }
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    await container.resolve(ContainerRegistrationKeys.LINK).dismiss({
      [Modules.ORDER]: { order_id: undo.order_id },
      [BENEFITS_MODULE]: { benefit_redemption_id: undo.redemption_id },
    })
    await benefits.updateBenefitRedemptions({
      id: undo.redemption_id,
      status: "authorized",
      order_id: null,
      redeemed_at: null,
    })
  }
)
