import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import { makeRenewalOrder } from "./make-renewal-order"

export type RemakeRenewalOrderInput = {
  subscription_id: string
  renewal_id: string
}

/**
 * A renewal whose order failed (or that a stopped apply left being made) made again, with the id it
 * chose when recorded: an order made meanwhile is found, never made twice. Refused for a renewal of
 * another subscription, or one whose order is made or was never to be made.
 */
export const remakeRenewalOrderStep = createStep(
  "remake-paylink-renewal-order",
  async (input: RemakeRenewalOrderInput, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const [event] = await paylink.listPaylinkSubscriptionEvents(
      { id: input.renewal_id, subscription_id: input.subscription_id },
      { select: ["id", "kind"] }
    )
    if (!event || event.kind !== "renewal")
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Subscription ${input.subscription_id} has no renewal ${input.renewal_id}.`
      )
    await paylink.retryRenewalOrder(input.renewal_id)
    const outcome = await makeRenewalOrder(container, input.renewal_id)
    if (outcome.state === "failed")
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The renewal order could not be made: ${outcome.error}`
      )
    if (outcome.state === "making")
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `The renewal order could not be finished now (${outcome.error}); try again in a moment, or let the store finish it within minutes.`
      )
    return new StepResponse(outcome)
  }
)
