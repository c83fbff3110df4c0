import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createPaymentLinkWorkflow } from "../../../../../workflows/create-payment-link"
import type { StorePaymentLinkBodyType } from "../../validators"

/**
 * POST /store/carts/:id/payment-link { provider_id }
 * Creates the payment session with billing, items and description read from the cart on the
 * server; answers the session, whose `data.url` is where the storefront redirects the customer.
 */
export async function POST(req: AuthenticatedMedusaRequest<StorePaymentLinkBodyType>, res: MedusaResponse) {
  const { result } = await createPaymentLinkWorkflow(req.scope).run({
    input: {
      cart_id: req.params.id,
      provider_id: req.validatedBody.provider_id,
      customer_id: req.auth_context?.actor_id,
    },
  })
  res.status(200).json({ payment_session: result })
}
