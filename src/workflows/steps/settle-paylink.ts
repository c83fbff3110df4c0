import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { PAYLINK_MODULE } from "../../modules/paylink"
import type PaylinkModuleService from "../../modules/paylink/service"

type Settle = { checkout_id: string; actor_id: string }

/**
 * The merchant takes over a `needs_attention` record to place its order: it counts as returned
 * (so the provider authorizes its session) until the order exists. Undone if placing fails.
 */
export const startPaylinkSettlementStep = createStep(
  "start-paylink-settlement",
  async ({ checkout_id, actor_id }: Settle, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    await paylink.transition(checkout_id, "returned", { settled_by: actor_id, settled_at: new Date() })
    return new StepResponse(undefined, checkout_id)
  },
  async (checkoutId, { container }) => {
    if (!checkoutId) {
      return
    }
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    await paylink.tryTransition(checkoutId, "needs_attention", { settled_by: null, settled_at: null })
  }
)

/** Ties a record to the order it paid for: status, column and module link. */
export const completePaylinkRecordStep = createStep(
  "complete-paylink-record",
  async ({ checkout_id, order_id }: { checkout_id: string; order_id: string }, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const { record, changed } = await paylink.transition(checkout_id, "completed", { order_id, completed_at: new Date() })
    if (changed) {
      await container
        .resolve(ContainerRegistrationKeys.LINK)
        .create({ [Modules.ORDER]: { order_id }, [PAYLINK_MODULE]: { paylink_checkout_id: checkout_id } })
    }
    return new StepResponse(record)
  }
)

/** The merchant refunded the customer outside Medusa (there is no refund call): recorded, final. */
export const markPaylinkRefundedStep = createStep(
  "mark-paylink-refunded",
  async ({ checkout_id, actor_id, note }: Settle & { note: string }, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    // Only from needs_attention; a repeat leaves the first settlement as it was.
    const { record } = await paylink.transition(checkout_id, "refunded", {
      settled_by: actor_id,
      settled_at: new Date(),
      settlement_note: note,
    })
    return new StepResponse(record)
  }
)
