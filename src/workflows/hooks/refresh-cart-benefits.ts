/**
 * Loyalty benefits when a cart changes. Medusa recomputes a cart's promotions in
 * `refreshCartItemsWorkflow`, which every cart change runs (items added, updated or deleted,
 * shipping method, region or address, customer transfer), and then refreshes the payment
 * collection. In between, at the `beforeRefreshingPaymentCollection` hook, a loyalty discount
 * whose authorized total the cart no longer shows is taken off and its redemption marked stale
 * (or removed, if the promotion is already off), so the payment collection is refreshed for the
 * cart's real total, in the same request.
 *
 * A hook handler is one step, so the recheck runs as a workflow of its own from it, the way
 * loyalty-plugin's handler on this hook runs its gift-card refresh: with the step's own context,
 * so it belongs to the cart workflow's transaction and its events are released (or dropped) with
 * that workflow's, never before. The cart's lock is held at this point by the cart workflow: the
 * recheck is told so (`cart_lock_held`) instead of waiting for a lock it is inside of. Its
 * promotion change is Medusa's `updateCartPromotionsWorkflow` run as a step, whose lock steps are
 * skipped as any nested workflow's. If the cart workflow fails later, compensation cancels the
 * recheck. Medusa allows one handler per hook: a store that needs its own
 * `beforeRefreshingPaymentCollection` handler must run `recheckCartBenefitWorkflow` from it the
 * same way.
 */
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { refreshCartItemsWorkflow } from "@medusajs/medusa/core-flows"
import { BENEFITS_MODULE } from "../../modules/benefits"
import type BenefitsModuleService from "../../modules/benefits/service"
import { recheckCartBenefitWorkflow } from "../benefits/workflows/recheck-cart-benefit"

refreshCartItemsWorkflow.hooks.beforeRefreshingPaymentCollection(
  async ({ input }, { container, ...shared }) => {
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    // Most carts have no authorized benefit: one indexed read, and nothing more, for them.
    const current = await benefits.currentRedemption(input.cart_id)
    if (current?.status !== "authorized") {
      return new StepResponse(undefined, null)
    }
    const { transaction } = await recheckCartBenefitWorkflow.run({
      // The refresh that runs this hook refreshes the payment collection next.
      input: { cart_id: input.cart_id, refresh_payment_collection: false, cart_lock_held: true },
      container,
      context: { ...shared, preventReleaseEvents: true },
    })
    return new StepResponse(undefined, transaction)
  },
  async (transaction, { container, ...shared }) => {
    if (transaction) {
      await recheckCartBenefitWorkflow(container).cancel({ transaction, context: { ...shared, preventReleaseEvents: true } })
    }
  }
)
