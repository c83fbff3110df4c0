/**
 * Loyalty benefits when a cart changes. Medusa recomputes a cart's promotions in
 * `refreshCartItemsWorkflow`, which every cart change runs (items added, updated or deleted,
 * shipping method, region or address, customer transfer), and then refreshes the payment
 * collection. In between, at the `beforeRefreshingPaymentCollection` hook, a loyalty discount
 * whose authorized total the cart no longer shows is taken off and its redemption marked stale
 * (or removed, if the promotion is already off), so the payment collection is refreshed for the
 * cart's real total, in the same request.
 *
 * The cart's lock is held then (by the outermost cart workflow), so the reconcile runs as this
 * hook's child workflow, whose own lock steps are skipped, as nested workflows' are; a top-level
 * run would wait for the lock it is inside of. If the cart workflow fails later, compensation
 * undoes the reconcile. Medusa allows one handler per hook: a store that needs its own
 * `beforeRefreshingPaymentCollection` handler must run `reconcileCartBenefitWorkflow` from it.
 */
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { refreshCartItemsWorkflow } from "@medusajs/medusa/core-flows"
import { BENEFITS_MODULE } from "../../modules/benefits"
import type BenefitsModuleService from "../../modules/benefits/service"
import { reconcileCartBenefitWorkflow } from "../benefits/reconcile-cart-benefit"
import { cancelChildWorkflow, runChildWorkflow } from "../benefits/child-workflow"

refreshCartItemsWorkflow.hooks.beforeRefreshingPaymentCollection(
  async ({ input }, context) => {
    const benefits = context.container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    // Most carts have no authorized benefit: one indexed read, and nothing more, for them.
    const current = await benefits.currentRedemption(input.cart_id)
    if (current?.status !== "authorized") {
      return new StepResponse(undefined, null)
    }
    const { child } = await runChildWorkflow(
      reconcileCartBenefitWorkflow,
      // The refresh that runs this hook refreshes the payment collection next.
      { cart_id: input.cart_id, refresh_payment_collection: false },
      context
    )
    return new StepResponse(undefined, child)
  },
  async (child, context) => {
    if (child) {
      await cancelChildWorkflow(reconcileCartBenefitWorkflow, child, context)
    }
  }
)
