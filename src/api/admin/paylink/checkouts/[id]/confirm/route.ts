import {
  refetchEntity,
  type AuthenticatedMedusaRequest,
  type MedusaResponse,
} from "@medusajs/framework/http"
import { defaultAdminPaymentFields } from "@medusajs/medusa/api/admin/payments/query-config"
import { confirmPaylinkPaymentWorkflow } from "../../../../../../workflows/paylink/workflows/confirm-paylink-payment"
import { refetchCheckout } from "../../../helpers"

/** Medusa's GET /admin/payments/:id fields, and the provider (which gateway took the money). */
const PAYMENT_FIELDS = [...defaultAdminPaymentFields, "provider_id"]

/**
 * POST /admin/paylink/checkouts/:id/confirm (manual confirmation mode): the merchant has seen the
 * payment at the gateway; the order's session is authorized and captured.
 */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const { result } = await confirmPaylinkPaymentWorkflow(req.scope).run({
    input: { checkout_id: req.params.id, actor_id: req.auth_context.actor_id },
  })
  const paymentId = (result.payment as { id?: string } | null | undefined)?.id
  const payment = paymentId
    ? await refetchEntity({
        entity: "payment",
        idOrFilter: paymentId,
        scope: req.scope,
        fields: PAYMENT_FIELDS,
      })
    : null
  res.json({ checkout: await refetchCheckout(req, req.params.id), payment })
}
