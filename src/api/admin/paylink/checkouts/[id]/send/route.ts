import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { sendPaymentLinkWorkflow } from "../../../../../../workflows/paylink/workflows/send-payment-link"
import { refetchCheckout } from "../../../helpers"
import type { AdminSendPaymentLinkBodyType } from "../../../validators"

/**
 * POST /admin/paylink/checkouts/:id/send { language? }: e-mails an open admin link to the order's
 * customer through Medusa's notification module.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminSendPaymentLinkBodyType>,
  res: MedusaResponse
) {
  const { result } = await sendPaymentLinkWorkflow(req.scope).run({
    input: { checkout_id: req.params.id, language: req.validatedBody.language },
  })
  res.json({
    checkout: await refetchCheckout(req, req.params.id),
    notification_id: result[0]?.id ?? null,
  })
}
