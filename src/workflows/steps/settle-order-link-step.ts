import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { PAYLINK_MODULE } from "../../modules/paylink"
import type PaylinkModuleService from "../../modules/paylink/service"
import { settleOrderLink, type OrderLinkOutcome } from "./settle-order-link"

type Input = { record_id: string; expired?: boolean }

/**
 * A paid admin link: the payment recorded on its order (a draft converted), or the record handed
 * to the merchant. No compensation: the customer did pay, whatever happens next.
 */
export const settleOrderLinkStep = createStep("settle-paylink-order-link", async ({ record_id, expired }: Input, { container }) => {
  return new StepResponse<OrderLinkOutcome>(await settleOrderLink(container, record_id, { expired }))
})

/** The merchant's "Record payment" on a `needs_attention` admin link; a 400 with the reason if it still cannot. */
export const settleOrderLinkByMerchantStep = createStep(
  "settle-paylink-order-link-by-merchant",
  async ({ checkout_id, actor_id }: { checkout_id: string; actor_id: string }, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const record = await paylink.retrievePaylinkCheckout(checkout_id)
    if (record.status !== "needs_attention") {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Payment link ${record.number} is ${record.status}: only a link that needs attention can be settled.`)
    }
    const outcome = await settleOrderLink(container, checkout_id, { actor_id })
    if (!outcome.order_id) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, outcome.reason ?? `Payment link ${record.number} cannot be recorded on its order.`)
    }
    return new StepResponse(outcome)
  }
)
