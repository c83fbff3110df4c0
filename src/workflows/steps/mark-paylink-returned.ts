import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../modules/paylink"
import type PaylinkModuleService from "../../modules/paylink/service"

/**
 * Records a verified success return. No compensation: the customer did come back from the
 * gateway, whatever happens to the cart afterwards, and the merchant needs to see that.
 */
export const markPaylinkReturnedStep = createStep(
  "mark-paylink-returned",
  async ({ record_id }: { record_id: string }, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const record = await paylink.markReturned(record_id)
    return new StepResponse({ status: record.status })
  }
)
