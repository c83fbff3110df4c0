import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { confirmPaylinkPaymentWorkflow } from "../../../../../../workflows/confirm-paylink-payment"

/**
 * POST /admin/paylink/checkouts/:id/confirm
 * Manual confirmation mode: the merchant has seen the payment in the gateway's dashboard, and the
 * order's pending payment session is authorized (and captured: the gateway already has the money).
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const { result } = await confirmPaylinkPaymentWorkflow(req.scope).run({
    input: { checkout_id: req.params.id, actor_id: req.auth_context.actor_id },
  })
  res.json({ checkout: result.checkout, payment: result.payment })
}
