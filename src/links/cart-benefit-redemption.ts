import { defineLink } from "@medusajs/framework/utils"
import CartModule from "@medusajs/medusa/cart"
import BenefitsModule from "../modules/benefits"

/** Cart -> its loyalty-card redemptions (a removed or stale one stays, for the record). */
export default defineLink(CartModule.linkable.cart, {
  linkable: BenefitsModule.linkable.benefitRedemption,
  isList: true,
})
