import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"

export type EndSubscriptionInput = {
  id: string
  actor_id: string | null
  note: string | null
}

/**
 * Marks the subscription ended (refused, changing nothing, when it is). Nothing to undo: it is the
 * workflow's last step, and the store's record of a cancellation the merchant made in the gateway's
 * dashboard is no money of its own.
 */
export const endSubscriptionStep = createStep(
  "end-paylink-subscription",
  async (input: EndSubscriptionInput, { container }) => {
    await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .endSubscription(input.id, input.actor_id, input.note)
    return new StepResponse(undefined)
  }
)
