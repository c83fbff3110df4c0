import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { PAYLINK_MODULE } from "../../../../modules/paylink"
import type PaylinkModuleService from "../../../../modules/paylink/services/paylink-module"
import type { SubscriptionOrderColumn } from "../../../../modules/paylink/repositories/subscription-sql"
import type { Subscription } from "../../../../types/subscriptions"
import type { AdminListSubscriptionsQueryType } from "./validators"
import { displayIds } from "./helpers"

/** GET /admin/paylink/subscriptions?status=&q=&order_id=&limit=&offset=&order= */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, AdminListSubscriptionsQueryType>,
  res: MedusaResponse<{
    subscriptions: Subscription[]
    count: number
    offset: number
    limit: number
  }>
) {
  const q = req.validatedQuery as unknown as AdminListSubscriptionsQueryType
  const descending = q.order.startsWith("-")
  const { subscriptions, count } = await req.scope
    .resolve<PaylinkModuleService>(PAYLINK_MODULE)
    .listSubscriptionViews({
      status: q.status
        ? Array.isArray(q.status)
          ? q.status
          : [q.status]
        : undefined,
      q: q.q || undefined,
      order_id: q.order_id || undefined,
      limit: q.limit,
      offset: q.offset,
      order: {
        column: q.order.replace(/^-/, "") as SubscriptionOrderColumn,
        descending,
      },
    })
  const display = await displayIds(
    req,
    subscriptions.map((s) => s.first_order_id)
  )
  res.json({
    subscriptions: subscriptions.map((s) => ({
      ...s,
      first_order_display_id: display.get(s.first_order_id) ?? null,
    })),
    count,
    offset: q.offset,
    limit: q.limit,
  })
}
