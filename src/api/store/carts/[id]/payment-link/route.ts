import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createPaymentLinkWorkflow } from "../../../../../workflows/paylink/workflows/create-payment-link"
import type { StorePaymentLinkBodyType } from "../../validators"
import { STORE_PAYMENT_LINK_SESSION_FIELDS } from "../../query-config"
import { storeRoute } from "../../../../../lib/common/store-errors"
import { echo } from "../../../../../lib/common/echo"

/**
 * POST /store/carts/:id/payment-link { provider_id }
 * Answers the cart's payment session, whose `data.url` is where the storefront redirects the
 * customer. Repeating the call while that link is live answers the same session. An error answers
 * a code and a sentence in the customer's language (lib/common/store-errors).
 *
 * The session is read after the workflow with the route's fixed fields (../../query-config.ts),
 * the same whether the link is new or answered again. Read with deleted rows: a request for another
 * provider may have replaced it (and withdrawn its link) since the workflow released the cart's
 * lock, and the answer still names the session this request made.
 */
export const POST = storeRoute(async (req: AuthenticatedMedusaRequest<StorePaymentLinkBodyType>, res: MedusaResponse) => {
  const { result } = await createPaymentLinkWorkflow(req.scope).run({
    input: {
      cart_id: req.params.id,
      provider_id: req.validatedBody.provider_id,
      customer_id: req.auth_context?.actor_id,
    },
  })
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: STORE_PAYMENT_LINK_SESSION_FIELDS,
    filters: { id: result.payment_session.id },
    withDeleted: true,
  })
  if (!data[0]) {
    throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `Payment session ${result.payment_session.id} of cart ${echo(req.params.id)} is gone.`)
  }
  res.status(200).json({ payment_session: data[0] })
})
