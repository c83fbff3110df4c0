import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../modules/paylink"
import type PaylinkModuleService from "../../modules/paylink/service"

export const markPaylinkCanceledStep = createStep(
  "mark-paylink-canceled",
  async ({ record_id }: { record_id: string }, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const record = await paylink.markCanceled(record_id, "customer")
    return new StepResponse({ status: record.status })
  }
)
