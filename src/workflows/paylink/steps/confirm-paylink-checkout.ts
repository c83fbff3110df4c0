import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"

type Input = { checkout_id: string; actor_id: string }

/**
 * Marks a manual-mode link as confirmed by a merchant, so that the provider's authorizePayment
 * answers "captured". Undone if authorizing the session then fails.
 */
export const confirmPaylinkCheckoutStep = createStep(
  "confirm-paylink-checkout",
  async ({ checkout_id, actor_id }: Input, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const record = await paylink.retrievePaylinkCheckout(checkout_id)
    if (record.confirmation !== "manual") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Payment link ${record.number} is not in manual confirmation mode.`
      )
    }
    if (record.confirmed_at) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Payment link ${record.number} is already confirmed.`
      )
    }
    if (record.status !== "completed" || !record.order_id) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Payment link ${record.number} is ${record.status}: only a link whose order was placed can be confirmed.`
      )
    }
    const updated = await paylink.updatePaylinkCheckouts({
      id: checkout_id,
      confirmed_at: new Date(),
      confirmed_by: actor_id,
    })
    return new StepResponse(
      { checkout: updated, payment_session_id: record.payment_session_id },
      checkout_id
    )
  },
  async (checkoutId, { container }) => {
    if (!checkoutId) {
      return
    }
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    await paylink.updatePaylinkCheckouts({
      id: checkoutId,
      confirmed_at: null,
      confirmed_by: null,
    })
  }
)
