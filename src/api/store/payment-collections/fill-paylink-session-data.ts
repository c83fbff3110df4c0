/**
 * Runs before Medusa's own POST /store/payment-collections/:id/payment-sessions. For this plugin's
 * providers it replaces the storefront's `data` with billing, items and description read from the
 * cart on the server, so a stock storefront works for guests without change and nothing the
 * storefront sends reaches the provider, except billing when the cart has none (it only fills the
 * gateway's form).
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { buildPaymentDataFromCart, CART_PAYMENT_FIELDS, type CartForPayment } from "../../../lib/cart-payment-data"
import { PAYLINK_PROVIDER_PREFIX } from "../../../workflows/steps/validate-cart-for-payment-link"

type Body = { provider_id?: unknown; data?: Record<string, unknown> }

export async function fillPaylinkSessionData(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const body = (req.body ?? {}) as Body
    if (typeof body.provider_id !== "string" || !body.provider_id.startsWith(PAYLINK_PROVIDER_PREFIX)) {
      return next()
    }
    const sent = body.data ?? {}
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data: links } = await query.graph({
      entity: "cart_payment_collection",
      fields: ["cart_id"],
      filters: { payment_collection_id: req.params.id },
    })
    let data: Record<string, unknown> = { billing: sent.billing }
    if (links[0]?.cart_id) {
      const { data: carts } = await query.graph({
        entity: "cart",
        fields: CART_PAYMENT_FIELDS,
        filters: { id: links[0].cart_id },
      })
      if (carts[0]) {
        const server = buildPaymentDataFromCart(carts[0] as unknown as CartForPayment)
        const complete = ["name", "surname", "email"].every((k) => k in server.billing)
        data = { ...server, billing: complete ? server.billing : { ...(sent.billing as object), ...server.billing } }
      }
    }
    body.data = data
    req.body = body
    return next()
  } catch (error) {
    return next(error)
  }
}
