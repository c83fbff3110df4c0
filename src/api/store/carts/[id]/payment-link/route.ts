import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createPaymentLinkWorkflow } from "../../../../../workflows/create-payment-link"
import type { StorePaymentLinkBodyType } from "../../validators"
import { storeRoute } from "../../../../../lib/store-errors"

/**
 * POST /store/carts/:id/payment-link { provider_id }
 * Answers the cart's payment session, whose `data.url` is where the storefront redirects the
 * customer. Repeating the call while that link is live answers the same session. An error answers
 * a code and a sentence in the customer's language (lib/store-errors).
 */
export const POST = storeRoute(async (req: AuthenticatedMedusaRequest<StorePaymentLinkBodyType>, res: MedusaResponse) => {
  const { result } = await createPaymentLinkWorkflow(req.scope).run({
    input: {
      cart_id: req.params.id,
      provider_id: req.validatedBody.provider_id,
      customer_id: req.auth_context?.actor_id,
    },
  })
  res.status(200).json({ payment_session: result.payment_session })
})
