import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { orderPaymentLinkOptions } from "../../../../../../lib/order-links/order-payment-link-options"
import { createOrderPaymentLinkWorkflow } from "../../../../../../workflows/paylink/workflows/create-order-payment-link"
import { refetchCheckout } from "../../../helpers"
import type { AdminCreateOrderPaymentLinkBodyType } from "../../../validators"

/** GET /admin/paylink/orders/:id/payment-links: what "Create payment link" offers for an order or a draft. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.json({ options: await orderPaymentLinkOptions(req.scope, req.params.id) })
}

/**
 * POST /admin/paylink/orders/:id/payment-links { provider_id }: the hosted checkout for exactly
 * what the order still owes. A repeat while that link is live answers the same link.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminCreateOrderPaymentLinkBodyType>,
  res: MedusaResponse
) {
  const { result } = await createOrderPaymentLinkWorkflow(req.scope).run({
    input: {
      order_id: req.params.id,
      provider_id: req.validatedBody.provider_id,
      created_by: req.auth_context.actor_id,
    },
  })
  const recordId = result.payment_session?.data?.paylink_checkout_id as string
  res.json({
    checkout: await refetchCheckout(req, recordId),
    reused: result.reused,
  })
}
