import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PAYLINK_MODULE } from "../../../../modules/paylink"
import type PaylinkModuleService from "../../../../modules/paylink/services/paylink-module"
import type {
  Subscription,
  SubscriptionEvent,
} from "../../../../types/subscriptions"

/** The orders' display ids (#12), read in one query, for the admin to show and link. */
export async function displayIds(
  req: MedusaRequest,
  orderIds: (string | null)[]
): Promise<Map<string, number>> {
  const ids = [...new Set(orderIds.filter((id): id is string => !!id))]
  if (!ids.length) return new Map()
  const { data } = await req.scope
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({
      entity: "order",
      fields: ["id", "display_id"],
      filters: { id: ids },
    })
  return new Map(
    (data as { id: string; display_id: number }[]).map((o) => [
      o.id,
      o.display_id,
    ])
  )
}

/** One subscription with its timeline and every order's display id, as the routes answer it. */
export async function refetchSubscription(
  req: MedusaRequest,
  id: string
): Promise<Subscription & { events: SubscriptionEvent[] }> {
  const view = await req.scope
    .resolve<PaylinkModuleService>(PAYLINK_MODULE)
    .retrieveSubscriptionView(id)
  const display = await displayIds(req, [
    view.first_order_id,
    ...view.events.map((e) => e.order_id),
  ])
  return {
    ...view,
    first_order_display_id: display.get(view.first_order_id) ?? null,
    events: view.events.map((e) => ({
      ...e,
      order_display_id: e.order_id ? (display.get(e.order_id) ?? null) : null,
    })),
  }
}
