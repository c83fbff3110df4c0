import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { placePaylinkOrderWorkflow } from "../../../../../../workflows/settle-paylink-checkout"
import { refetchCheckout } from "../../../helpers"

/**
 * POST /admin/paylink/checkouts/:id/place-order
 * A paid link that needs attention becomes the order its cart was paid for (the cart's total must
 * equal the amount paid).
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  await placePaylinkOrderWorkflow(req.scope).run({ input: { checkout_id: req.params.id, actor_id: req.auth_context.actor_id } })
  res.json({ checkout: await refetchCheckout(req, req.params.id) })
}
