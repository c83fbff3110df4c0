/**
 * Applies a loyalty card to a cart: lock the cart, refuse what can be refused locally, compute the
 * discount from the merchant's rule, get the program's authorization, then apply it as a
 * single-use promotion and record the redemption with both codes. Steps after the authorization
 * undo their own work, but the redemption survives as `failed` with its codes: there is no
 * reversal call to undo the program's side.
 */
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { Modules, PromotionActions } from "@medusajs/framework/utils"
import {
  acquireLockStep,
  createRemoteLinkStep,
  releaseLockStep,
  updateCartPromotionsWorkflow,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import { BENEFITS_MODULE } from "../../modules/benefits"
import { prepareBenefitApplyStep, type CartForBenefit } from "./steps/prepare-benefit-apply"
import { authorizeBenefitStep } from "./steps/authorize-benefit"
import { recordRedemptionStep } from "./steps/record-redemption"
import { createBenefitPromotionStep } from "./steps/create-benefit-promotion"
import { verifyBenefitAppliedStep } from "./steps/verify-benefit-applied"

export type ApplyBenefitInput = { cart_id: string; rule_id: string; card: string }

export const applyBenefitWorkflow = createWorkflow("apply-loyalty-benefit", (input: ApplyBenefitInput) => {
  // The cart's own lock key, so an apply also waits for (and blocks) a completion of the same cart.
  acquireLockStep({ key: input.cart_id, timeout: 30, ttl: 60 })
  const { data: carts } = useQueryGraphStep({
    entity: "cart",
    fields: ["id", "currency_code", "completed_at", "total"],
    filters: { id: input.cart_id },
  })
  const cart = transform({ carts }, ({ carts }) => (carts[0] ?? null) as CartForBenefit | null)
  const prepared = prepareBenefitApplyStep({ cart, cart_id: input.cart_id, rule_id: input.rule_id, card: input.card })

  const codes = authorizeBenefitStep(
    transform({ prepared, input }, ({ prepared, input }) => ({
      card: input.card,
      benefit_code: prepared.benefit_code,
      discount: prepared.discount,
      total: prepared.total,
    }))
  )
  const redemption = recordRedemptionStep(
    transform({ prepared, codes, input }, ({ prepared, codes, input }) => ({
      cart_id: input.cart_id,
      rule_id: prepared.rule_id,
      benefit_code: prepared.benefit_code,
      card_last4: prepared.card_last4,
      card_fingerprint: prepared.card_fingerprint,
      discount: prepared.discount,
      total: prepared.total,
      authorization: codes.authorization,
      confirmation: codes.confirmation,
    }))
  )
  const promotion = createBenefitPromotionStep(
    transform({ prepared, codes, redemption, input }, ({ prepared, codes, redemption, input }) => ({
      redemption_id: redemption.id,
      cart_id: input.cart_id,
      discount: prepared.discount,
      rule_name: prepared.rule_name,
      authorization: codes.authorization,
      confirmation: codes.confirmation,
    }))
  )
  updateCartPromotionsWorkflow.runAsStep({
    input: transform({ promotion, input }, ({ promotion, input }) => ({
      cart_id: input.cart_id,
      promo_codes: [promotion.code],
      action: PromotionActions.ADD,
      // The total changes: pending payment links must be replaced, not paid at the old amount.
      force_refresh_payment_collection: true,
    })),
  })
  verifyBenefitAppliedStep(
    transform({ promotion, prepared, input }, ({ promotion, prepared, input }) => ({
      cart_id: input.cart_id,
      promotion_code: promotion.code,
      discount: prepared.discount,
      total: prepared.total,
    }))
  )
  createRemoteLinkStep(
    transform({ redemption, input }, ({ redemption, input }) => [
      {
        [Modules.CART]: { cart_id: input.cart_id },
        [BENEFITS_MODULE]: { benefit_redemption_id: redemption.id },
      },
    ])
  )
  releaseLockStep({ key: input.cart_id })
  return new WorkflowResponse({ redemption_id: redemption.id, promotion_code: promotion.code })
})
