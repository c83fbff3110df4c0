/**
 * After a cart changes: a discount whose authorized amounts no longer hold comes off and its
 * redemption becomes stale; one whose promotion was taken off some other way is marked removed.
 * Runs inside Medusa's cart refresh (../../hooks/refresh-cart-benefits.ts), or on its own under the cart's lock.
 */
import {
  createHook,
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { takeBenefitPromotionOff } from "../steps/take-promotion-off"
import { assessCartBenefitStep } from "../steps/assess-cart-benefit"
import { retireRedemptionStep } from "../steps/retire-redemption"

export type RecheckCartBenefitInput = {
  cart_id: string
  /** false when the caller refreshes the payment collection right after. */
  refresh_payment_collection?: boolean
  /** true when the caller holds the cart's lock (a handler on a cart workflow's hook). */
  cart_lock_held?: boolean
}

export const recheckCartBenefitWorkflow = createWorkflow(
  "recheck-cart-benefit",
  (input: RecheckCartBenefitInput) => {
    when(
      "recheck-takes-cart-lock",
      { input },
      ({ input }) => !input.cart_lock_held
    ).then(() => {
      acquireLockStep({ key: input.cart_id, timeout: 30, ttl: 60 })
    })
    const assessed = assessCartBenefitStep({ cart_id: input.cart_id })
    when(
      "benefit-went-stale",
      { assessed },
      ({ assessed }) => assessed?.state === "stale"
    ).then(() => {
      takeBenefitPromotionOff(
        transform({ assessed, input }, ({ assessed, input }) => ({
          cart_id: input.cart_id,
          promotion_code: assessed!.promotion_code!,
          refresh_payment_collection:
            input.refresh_payment_collection !== false,
        }))
      )
    })
    const retired = transform({ assessed }, ({ assessed }) =>
      assessed
        ? {
            redemption_id: assessed.redemption_id,
            status:
              assessed.state === "stale"
                ? ("stale" as const)
                : ("removed" as const),
          }
        : null
    )
    when(
      "benefit-no-longer-current",
      { retired },
      ({ retired }) => !!retired
    ).then(() => {
      retireRedemptionStep(transform({ retired }, ({ retired }) => retired!))
    })
    const benefitRechecked = createHook("benefitRechecked", {
      cart_id: input.cart_id,
      retired,
    })
    when(
      "recheck-releases-cart-lock",
      { input },
      ({ input }) => !input.cart_lock_held
    ).then(() => {
      releaseLockStep({ key: input.cart_id })
    })
    return new WorkflowResponse(assessed, { hooks: [benefitRechecked] })
  }
)
