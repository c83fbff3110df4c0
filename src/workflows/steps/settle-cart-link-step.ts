import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { settleCartLink, type CartLinkOutcome } from "./settle-cart-link"

type Input = { record_id: string; expired?: boolean }

/**
 * A paid storefront link: its cart placed as the order (or the payment recorded on the order the
 * cart already became), or the record handed to the merchant. No compensation: the customer did
 * pay, whatever happens next.
 */
export const settleCartLinkStep = createStep("settle-paylink-cart-link", async ({ record_id, expired }: Input, { container }) => {
  return new StepResponse<CartLinkOutcome>(await settleCartLink(container, record_id, { expired }))
})

/**
 * The merchant's Place order for a `needs_attention` link whose cart already became its order:
 * the link's payment recorded on that order; a 400 with the reason while it still cannot be.
 */
export const settleCartLinkByMerchantStep = createStep(
  "settle-paylink-cart-link-by-merchant",
  async ({ checkout_id, actor_id }: { checkout_id: string; actor_id: string }, { container }) => {
    const outcome = await settleCartLink(container, checkout_id, { actor_id })
    if (!outcome.order_id) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, outcome.reason ?? "The payment link cannot be recorded on its order.")
    }
    return new StepResponse(outcome)
  }
)
