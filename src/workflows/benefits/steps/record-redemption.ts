import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { BENEFITS_MODULE } from "../../../modules/benefits"
import type BenefitsModuleService from "../../../modules/benefits/service"

type Input = {
  cart_id: string
  rule_id: string
  benefit_code: number
  card_last4: string
  card_fingerprint: string
  discount: string
  total: string
  authorization: string
  confirmation: string
}

/**
 * Stores the redemption as soon as the program has answered. Its compensation does not delete
 * it: the program did authorize, so the record stays, as `failed`, with both codes.
 */
export const recordRedemptionStep = createStep(
  "record-benefit-redemption",
  async (input: Input, { container }) => {
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    const { rule_id, discount, total, ...rest } = input
    const redemption = await benefits.createBenefitRedemptions({
      ...rest,
      rule_id,
      discount: Number(discount),
      total: Number(total),
      currency_code: "gtq",
      status: "authorized",
      authorized_at: new Date(),
    })
    return new StepResponse(redemption, redemption.id)
  },
  async (id, { container }) => {
    if (!id) {
      return
    }
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    await benefits.updateBenefitRedemptions({
      id,
      status: "failed",
      failure_reason: "The program authorized the discount but applying it to the cart failed; no discount was applied.",
    })
  }
)
