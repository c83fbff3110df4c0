import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PAYLINK_MODULE } from "../../../../../../modules/paylink"
import type PaylinkModuleService from "../../../../../../modules/paylink/service"
import { placePaylinkOrderWorkflow, settlePaylinkOrderLinkWorkflow } from "../../../../../../workflows/paylink/workflows/settle-by-merchant"
import { refetchCheckout } from "../../../helpers"

/**
 * POST /admin/paylink/checkouts/:id/place-order
 * A paid link that needs attention becomes the order its cart was paid for (the cart's total must
 * equal the amount paid); an admin link's payment is recorded on its order (a draft converted).
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const { origin } = await req.scope.resolve<PaylinkModuleService>(PAYLINK_MODULE).retrievePaylinkCheckout(req.params.id, { select: ["origin"] })
  const workflow = origin === "storefront" ? placePaylinkOrderWorkflow : settlePaylinkOrderLinkWorkflow
  await workflow(req.scope).run({ input: { checkout_id: req.params.id, actor_id: req.auth_context.actor_id } })
  res.json({ checkout: await refetchCheckout(req, req.params.id) })
}
