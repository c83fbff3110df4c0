import { allowedStorePaymentCollectionExtraFields } from "@medusajs/medusa/api/store/payment-collections/query-config"
import { CART_BENEFIT_ALLOWED_FIELDS, CART_BENEFIT_FIELDS } from "./[id]/benefits/helpers"

/**
 * The cart as /store/carts/:id/benefits answers it; `fields` may ask for more, within the fields
 * Medusa's cart route allows (any other is dropped, never answered).
 */
export const cartBenefitQueryConfig = { defaults: CART_BENEFIT_FIELDS, allowed: CART_BENEFIT_ALLOWED_FIELDS, isList: false }

/**
 * What POST /store/carts/:id/payment-link answers of its payment session, whatever `?fields=`
 * says (README: the plugin's other store routes answer fixed fields): the session fields Medusa's
 * own store payment-collection route lets a storefront read (id, amount, currency_code,
 * provider_id, data, status), never its `context` (the customer and their addresses).
 */
export const STORE_PAYMENT_LINK_SESSION_FIELDS = allowedStorePaymentCollectionExtraFields
  .filter((f) => f.startsWith("payment_sessions."))
  .map((f) => f.slice("payment_sessions.".length))
