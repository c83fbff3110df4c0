import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import type { IPromotionModuleService } from "@medusajs/framework/types"
import { BENEFITS_MODULE } from "../../../modules/benefits"
import type BenefitsModuleService from "../../../modules/benefits/service"
import { randomBytes } from "node:crypto"
import {
  notAppliedError,
  type AuthorizationOnRecord,
} from "../../../lib/benefits/not-applied"
import { BENEFITS_CURRENCY_CODE } from "../../../types/benefits"

type Input = {
  redemption_id: string
  cart_id: string
  discount: string
  rule_name: string
  authorization: string
  confirmation: string
  held: AuthorizationOnRecord
}

/**
 * The discount as a standard Medusa promotion, so cart, order and admin show it like any other:
 * a fixed amount off the order, tax-inclusive, usable once, and valid for this cart only (its one
 * rule is the cart's id), with the program's codes in its metadata.
 */
export const createBenefitPromotionStep = createStep(
  "create-benefit-promotion",
  async (input: Input, { container }) => {
    const promotions = container.resolve(Modules.PROMOTION)
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    const code = `LOYALTY-${randomBytes(6).toString("hex").toUpperCase()}`
    const promotion = await create(promotions, input, code).catch(
      (error: unknown) => {
        throw notAppliedError(input.held, error)
      }
    )
    await benefits.patchRedemption(input.redemption_id, {
      promotion_id: promotion.id,
      promotion_code: code,
    })
    return new StepResponse({ promotion_id: promotion.id, code }, promotion.id)
  },
  async (promotionId, { container }) => {
    if (!promotionId) {
      return
    }
    await container.resolve(Modules.PROMOTION).deletePromotions([promotionId])
  }
)

async function create(
  promotions: IPromotionModuleService,
  input: Input,
  code: string
) {
  const [promotion] = await promotions.createPromotions([
    {
      code,
      type: "standard",
      status: "active",
      is_automatic: false,
      is_tax_inclusive: true,
      limit: 1,
      application_method: {
        type: "fixed",
        target_type: "order",
        allocation: "across",
        value: Number(input.discount),
        currency_code: BENEFITS_CURRENCY_CODE,
      },
      rules: [{ attribute: "id", operator: "eq", values: [input.cart_id] }],
      metadata: {
        source: "medusa-plugin-paylink",
        benefit: input.rule_name,
        benefit_redemption_id: input.redemption_id,
        authorization: input.authorization,
        confirmation: input.confirmation,
      },
    },
  ])
  return promotion
}
