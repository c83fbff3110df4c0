import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import BenefitsModule from "../modules/benefits"

/**
 * Order -> the redemption it used, so the program's codes read with the order:
 * `GET /admin/orders/:id?fields=+benefit_redemptions.*`.
 */
export default defineLink(OrderModule.linkable.order, {
  linkable: BenefitsModule.linkable.benefitRedemption,
  isList: true,
})
