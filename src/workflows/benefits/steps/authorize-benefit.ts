import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { BENEFITS_MODULE } from "../../../modules/benefits"
import type BenefitsModuleService from "../../../modules/benefits/service"
import { requestDiscount } from "../program"

type Input = { card: string; benefit_code: number; discount: string; total: string }

/**
 * Endpoint 5. No compensation: the spec has no reversal call, so what the program authorized
 * stays authorized; the redemption step that follows keeps the codes whatever happens next.
 */
export const authorizeBenefitStep = createStep("authorize-benefit", async (input: Input, { container }) => {
  const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
  const codes = await requestDiscount(benefits, {
    discount: Number(input.discount),
    total: Number(input.total),
    currency: "GTQ",
    code: input.benefit_code,
    card: input.card.replace(/[\s-]/g, ""),
  })
  return new StepResponse(codes)
})
