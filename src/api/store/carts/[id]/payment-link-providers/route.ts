import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { cartPaymentLinkProviders } from "../../../../../lib/cart/cart-payment-link-providers"
import type { StoreCartPaymentLinkProvidersResponse } from "../../../../../types/paylink"
import { storeRoute } from "../../../../../lib/common/store-errors"

/** GET /store/carts/:id/payment-link-providers: the region's providers, each with whether this cart may use it now. */
export const GET = storeRoute(
  async (
    req: MedusaRequest,
    res: MedusaResponse<StoreCartPaymentLinkProvidersResponse>
  ) => {
    res.json({
      payment_providers: await cartPaymentLinkProviders(
        req.scope,
        req.params.id
      ),
    })
  }
)
