import { CART_BENEFIT_ALLOWED_FIELDS, CART_BENEFIT_FIELDS } from "./[id]/benefits/helpers"

/**
 * The cart as /store/carts/:id/benefits answers it; `fields` may ask for more, within the fields
 * Medusa's cart route allows (any other is dropped, never answered).
 */
export const cartBenefitQueryConfig = { defaults: CART_BENEFIT_FIELDS, allowed: CART_BENEFIT_ALLOWED_FIELDS, isList: false }

