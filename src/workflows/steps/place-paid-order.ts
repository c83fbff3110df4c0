import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { PAYLINK_MODULE } from "../../modules/paylink"
import type PaylinkModuleService from "../../modules/paylink/service"
import { recordThatPaidOrder, tieRecordToOrder } from "./paid-with"

type Input = { record_id: string; cart_id: string }

export type PlacedOrder = { order_id: string | null; reason: string | null }

/**
 * Completes the paid cart with Medusa's own completeCartWorkflow, run on its own so that it takes
 * the cart's lock itself (a storefront's complete call or a second return wait for it and get the
 * same order), and so that its failure is an answer here, not an error: a paid return whose order
 * cannot be placed becomes a record for the merchant, never a dead end.
 *
 * Then ties the record to the order, but only if the order was paid through this very link: an
 * order carries at most one paid link.
 */
export const placePaidOrderStep = createStep(
  "place-paid-order",
  async ({ record_id, cart_id }: Input, { container }): Promise<StepResponse<PlacedOrder>> => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const record = await paylink.retrievePaylinkCheckout(record_id)
    const { result, errors } = await completeCartWorkflow(container).run({ input: { id: cart_id }, throwOnError: false })
    const error = errors?.[0]?.error as { message?: string } | undefined
    const orderId = (result as { id?: string } | undefined)?.id ?? null
    let reason: string | null = null
    if (error || !orderId) {
      logger.warn(`paylink: link ${record.number} was paid but cart ${cart_id} could not be completed: ${error?.message ?? "no order"}`)
      reason = `Link ${record.number} was paid, but completing cart ${cart_id} failed: ${error?.message ?? "no order was created"}`
    } else if ((await recordThatPaidOrder(container, orderId)) !== record.id) {
      reason = `Link ${record.number} was paid, but cart ${cart_id} became order ${orderId} with another payment: refund one of them.`
    }
    if (reason) {
      await paylink.transition(record_id, "needs_attention", { attention_reason: reason })
      return new StepResponse({ order_id: null, reason })
    }
    await tieRecordToOrder(container, record_id, orderId!)
    return new StepResponse({ order_id: orderId, reason: null })
  }
)
