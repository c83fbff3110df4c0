/**
 * Applies a loyalty card to a cart under its lock: local refusals, the program's authorization
 * (written on record before the call, or reused), then a single-use promotion. A failure after the
 * authorization keeps the redemption `failed` with its codes (docs/architecture.md#program-requests-on-record).
 */
import {
  createHook,
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { prepareBenefitApplyStep } from "../steps/prepare-benefit-apply"
import { readCartForBenefitStep } from "../steps/read-cart-for-benefit"
import { obtainBenefitAuthorizationStep } from "../steps/obtain-benefit-authorization"
import { createBenefitPromotionStep } from "../steps/create-benefit-promotion"
import { verifyBenefitAppliedStep } from "../steps/verify-benefit-applied"
import { addBenefitPromotionToCart } from "../steps/add-benefit-promotion-to-cart"

export type ApplyBenefitInput = {
  cart_id: string
  rule_id: string
  card: string
}

export const applyBenefitWorkflow = createWorkflow(
  "apply-loyalty-benefit",
  (input: ApplyBenefitInput) => {
    // The cart's own lock key, so an apply and a completion of the same cart wait for each other.
    acquireLockStep({ key: input.cart_id, timeout: 30, ttl: 60 })
    const cart = readCartForBenefitStep({ cart_id: input.cart_id })
    const prepared = prepareBenefitApplyStep({
      cart,
      cart_id: input.cart_id,
      rule_id: input.rule_id,
      card: input.card,
    })

    const held = obtainBenefitAuthorizationStep(
      transform({ prepared, input }, ({ prepared, input }) => ({
        cart_id: input.cart_id,
        card: input.card,
        prepared,
      }))
    )
    const promotion = createBenefitPromotionStep(
      transform({ prepared, held, input }, ({ prepared, held, input }) => ({
        redemption_id: held.redemption_id,
        cart_id: input.cart_id,
        discount: prepared.discount,
        rule_name: prepared.rule_name,
        authorization: held.authorization,
        confirmation: held.confirmation,
        held,
      }))
    )
    addBenefitPromotionToCart(
      transform({ promotion, input }, ({ promotion, input }) => ({
        cart_id: input.cart_id,
        promotion_code: promotion.code,
      }))
    )
    verifyBenefitAppliedStep(
      transform(
        { promotion, prepared, held, input },
        ({ promotion, prepared, held, input }) => ({
          cart_id: input.cart_id,
          promotion_code: promotion.code,
          discount: prepared.discount,
          total: prepared.total,
          held,
        })
      )
    )
    const applied = transform(
      { held, promotion, prepared },
      ({ held, promotion, prepared }) => ({
        id: held.redemption_id,
        promotion_code: promotion.code,
        authorization: held.authorization,
        confirmation: held.confirmation,
        discount: prepared.discount,
        total: prepared.total,
        reused: held.reused,
      })
    )
    const benefitApplied = createHook("benefitApplied", {
      cart_id: input.cart_id,
      redemption: applied,
    })
    releaseLockStep({ key: input.cart_id })
    return new WorkflowResponse(
      transform({ applied }, ({ applied }) => ({
        redemption_id: applied.id,
        promotion_code: applied.promotion_code,
        reused: applied.reused,
      })),
      { hooks: [benefitApplied] }
    )
  }
)
