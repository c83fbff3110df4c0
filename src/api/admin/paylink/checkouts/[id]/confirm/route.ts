import { refetchEntity, type AuthenticatedMedusaRequest, type MedusaResponse } from "@medusajs/framework/http"
import { defaultAdminPaymentFields } from "@medusajs/medusa/api/admin/payments/query-config"
import { confirmPaylinkPaymentWorkflow } from "../../../../../../workflows/paylink/workflows/confirm-paylink-payment"
import { refetchCheckout } from "../../../helpers"

/** Medusa's GET /admin/payments/:id fields, and the provider (which link's gateway took the money). */
const PAYMENT_FIELDS = [...defaultAdminPaymentFields, "provider_id"]

/**
 * POST /admin/paylink/checkouts/:id/confirm
 * Manual confirmation mode: the merchant has seen the payment in the gateway's dashboard, and the
 * order's pending payment session is authorized (and captured: the gateway already has the money).
 * Answers the record as GET /admin/paylink/checkouts/:id does (`?fields=` chooses) and the payment
 * (PAYMENT_FIELDS), both read after the workflow.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const { result } = await confirmPaylinkPaymentWorkflow(req.scope).run({
    input: { checkout_id: req.params.id, actor_id: req.auth_context.actor_id },
  })
  const paymentId = (result.payment as { id?: string } | null | undefined)?.id
  const payment = paymentId ? await refetchEntity({ entity: "payment", idOrFilter: paymentId, scope: req.scope, fields: PAYMENT_FIELDS }) : null
  res.json({ checkout: await refetchCheckout(req, req.params.id), payment })
}
