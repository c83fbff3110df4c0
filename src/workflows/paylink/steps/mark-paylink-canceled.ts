import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"

/**
 * A verified cancel return. Only an open link becomes `canceled`: a press of "back" after paying,
 * or on a link the store already replaced, changes nothing.
 */
export const markPaylinkCanceledStep = createStep(
  "mark-paylink-canceled",
  async ({ record_id }: { record_id: string }, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const { record } = await paylink.tryTransition(record_id, "canceled", {
      canceled_by: "customer",
      canceled_at: new Date(),
    })
    return new StepResponse({ status: record.status })
  }
)
