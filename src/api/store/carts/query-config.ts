import { allowedStorePaymentCollectionExtraFields } from "@medusajs/medusa/api/store/payment-collections/query-config"
import {
  CART_BENEFIT_ALLOWED_FIELDS,
  CART_BENEFIT_FIELDS,
} from "./[id]/benefits/helpers"

export const cartBenefitQueryConfig = {
  defaults: CART_BENEFIT_FIELDS,
  allowed: CART_BENEFIT_ALLOWED_FIELDS,
  isList: false,
}

/**
 * The fixed fields of POST /store/carts/:id/payment-link's session: those Medusa's store
 * payment-collection route lets a storefront read, never its `context` (the customer's addresses).
 */
export const STORE_PAYMENT_LINK_SESSION_FIELDS =
  allowedStorePaymentCollectionExtraFields
    .filter((f) => f.startsWith("payment_sessions."))
    .map((f) => f.slice("payment_sessions.".length))
