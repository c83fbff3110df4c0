import {
  refetchEntity,
  type AuthenticatedMedusaRequest,
  type MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import {
  placePaylinkOrderWorkflow,
  settlePaylinkOrderLinkWorkflow,
} from "../../../../../../workflows/paylink/workflows/settle-by-merchant"
import { echo } from "../../../../../../lib/common/echo"
import { refetchCheckout } from "../../../helpers"

/**
 * POST /admin/paylink/checkouts/:id/place-order: a paid link that needs attention becomes its cart's
 * order, or (an admin link) its payment is recorded on its order.
 */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const link = await refetchEntity({
    entity: "paylink_checkout",
    idOrFilter: req.params.id,
    scope: req.scope,
    fields: ["origin"],
  })
  if (!link) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Payment link ${echo(req.params.id)} was not found.`
    )
  }
  const workflow =
    link.origin === "storefront"
      ? placePaylinkOrderWorkflow
      : settlePaylinkOrderLinkWorkflow
  await workflow(req.scope).run({
    input: { checkout_id: req.params.id, actor_id: req.auth_context.actor_id },
  })
  res.json({ checkout: await refetchCheckout(req, req.params.id) })
}
