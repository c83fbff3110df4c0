import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { createPaymentLinkWorkflow } from "../../../../../workflows/paylink/workflows/create-payment-link"
import type { StorePaymentLinkBodyType } from "../../validators"
import { STORE_PAYMENT_LINK_SESSION_FIELDS } from "../../query-config"
import { storeRoute } from "../../../../../lib/common/store-errors"
import { echo } from "../../../../../lib/common/echo"
import { requestLocales } from "../../../../../lib/common/language"

/**
 * POST /store/carts/:id/payment-link { provider_id, left_url? }: the cart's payment session, whose
 * `data.url` the storefront redirects to; `left_url`, the hosted page the shopper came back from
 * without paying, asks for a new link when that is the live one on a gateway with no cancel
 * address. Read with deleted rows: another request may have replaced it since the workflow released
 * the cart's lock, and the answer still names the session this request made.
 */
export const POST = storeRoute(
  async (
    req: AuthenticatedMedusaRequest<StorePaymentLinkBodyType>,
    res: MedusaResponse
  ) => {
    // The shopper's language as this call states it: the link's return pages speak it.
    const { localeHeader, acceptLanguage } = requestLocales(req)
    const { result } = await createPaymentLinkWorkflow(req.scope).run({
      input: {
        cart_id: req.params.id,
        provider_id: req.validatedBody.provider_id,
        left_url: req.validatedBody.left_url,
        customer_id: req.auth_context?.actor_id,
        locale_header: localeHeader,
        accept_language: acceptLanguage,
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
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `Payment session ${result.payment_session.id} of cart ${echo(req.params.id)} is gone.`
      )
    }
    res.status(200).json({ payment_session: data[0] })
  }
)
