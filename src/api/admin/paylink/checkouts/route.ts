import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { z } from "@medusajs/framework/zod"
import type { AdminListCheckoutsQuery } from "../validators"
import { checkoutFieldsOf, withActions } from "../helpers"
import { byStatusAsShown } from "../status-filter"

/** GET /admin/paylink/checkouts?status=&gateway=&order_id=&cart_id=&number= */
export async function GET(
  req: AuthenticatedMedusaRequest<
    unknown,
    z.infer<typeof AdminListCheckoutsQuery>
  >,
  res: MedusaResponse
) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { stored, computed } = checkoutFieldsOf(req)
  const { data, metadata } = await query.graph({
    entity: "paylink_checkout",
    ...req.queryConfig,
    fields: stored,
    filters: byStatusAsShown(req.filterableFields),
  })
  res.json({
    checkouts: await withActions(req, data, computed),
    count: metadata?.count ?? data.length,
    offset: metadata?.skip ?? 0,
    limit: metadata?.take ?? data.length,
  })
}
