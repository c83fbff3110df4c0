import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { PAYLINK_MODULE } from "../../modules/paylink"
import type PaylinkModuleService from "../../modules/paylink/service"

type Input = { record_id: string; order_id: string }

/** Ties the record to its order (column and module link), once. */
export const markPaylinkCompletedStep = createStep(
  "mark-paylink-completed",
  async ({ record_id, order_id }: Input, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const before = await paylink.retrievePaylinkCheckout(record_id)
    if (before.status === "completed") {
      return new StepResponse({ order_id: before.order_id ?? order_id }, null)
    }
    await paylink.markCompleted(record_id, order_id)
    const link = container.resolve(ContainerRegistrationKeys.LINK)
    await link.create({ [Modules.ORDER]: { order_id }, [PAYLINK_MODULE]: { paylink_checkout_id: record_id } })
    return new StepResponse({ order_id }, { record_id, order_id, status: before.status })
  },
  async (undo, { container }) => {
    if (!undo) {
      return
    }
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const link = container.resolve(ContainerRegistrationKeys.LINK)
    await link.dismiss({ [Modules.ORDER]: { order_id: undo.order_id }, [PAYLINK_MODULE]: { paylink_checkout_id: undo.record_id } })
    await paylink.updatePaylinkCheckouts({ id: undo.record_id, status: undo.status, order_id: null, completed_at: null })
  }
)
