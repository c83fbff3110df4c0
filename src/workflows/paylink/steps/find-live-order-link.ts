import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import { isLiveLink } from "./find-live-payment-link"

type Input = { order_id: string; provider_id: string; cents: string }

/** A double click or a second merchant gets the order's live link for this provider and amount. */
export const findLiveOrderLinkStep = createStep(
  "find-live-order-link",
  async ({ order_id, provider_id, cents }: Input, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const open = await paylink.listPaylinkCheckouts(
      {
        order_id,
        origin: ["order", "draft_order"],
        provider_id,
        status: "created",
      },
      { order: { created_at: "DESC" } }
    )
    const record = open.find((r) => isLiveLink(r, BigInt(cents)))
    if (!record) {
      return new StepResponse(null)
    }
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "payment_session",
      fields: [
        "id",
        "provider_id",
        "amount",
        "currency_code",
        "status",
        "data",
        "payment_collection_id",
      ],
      filters: { id: record.payment_session_id },
    })
    return new StepResponse(data[0] ?? null)
  }
)
