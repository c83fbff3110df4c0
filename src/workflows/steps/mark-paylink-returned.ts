import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { PAYLINK_MODULE } from "../../modules/paylink"
import type PaylinkModuleService from "../../modules/paylink/service"

/**
 * Records a verified success return. No compensation: the customer did come back from the
 * gateway, whatever happens to the cart afterwards, and the merchant needs to see that.
 */
export const markPaylinkReturnedStep = createStep(
  "mark-paylink-returned",
  async ({ record_id, cart_id }: { record_id: string; cart_id: string | null }, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const record = await paylink.markReturned(record_id)
    if (!cart_id) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Payment link ${record.number} belongs to no cart; the merchant must place this order by hand.`
      )
    }
    return new StepResponse({ status: record.status, cart_id })
  }
)
