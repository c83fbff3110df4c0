/**
 * Loyalty benefits when a cart changes: at `refreshCartItemsWorkflow`'s payment-collection hook, a
 * loyalty discount the cart's total no longer matches is taken off, inside the cart workflow's
 * transaction and lock (docs/architecture.md#loyalty-benefits-and-the-cart).
 */
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { refreshCartItemsWorkflow } from "@medusajs/medusa/core-flows"
import { BENEFITS_MODULE } from "../../modules/benefits"
import type BenefitsModuleService from "../../modules/benefits/service"
import { recheckCartBenefitWorkflow } from "../benefits/workflows/recheck-cart-benefit"

refreshCartItemsWorkflow.hooks.beforeRefreshingPaymentCollection(
  async ({ input }, { container, ...shared }) => {
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    // Most carts have no authorized benefit: one indexed read for them.
    const current = await benefits.currentRedemption(input.cart_id)
    if (current?.status !== "authorized") {
      return new StepResponse(undefined, null)
    }
    const { transaction } = await recheckCartBenefitWorkflow.run({
      // The refresh that runs this hook refreshes the payment collection next.
      input: {
        cart_id: input.cart_id,
        refresh_payment_collection: false,
        cart_lock_held: true,
      },
      container,
      context: { ...shared, preventReleaseEvents: true },
    })
    return new StepResponse(undefined, transaction)
  },
  async (transaction, { container, ...shared }) => {
    if (transaction) {
      await recheckCartBenefitWorkflow(container).cancel({
        transaction,
        context: { ...shared, preventReleaseEvents: true },
      })
    }
  }
)
