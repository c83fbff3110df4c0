import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import PaylinkModule from "../modules/paylink"

/**
 * Order -> the payment links it was paid through, so the admin reads them with the order:
 * `fields: ["*", "paylink_checkouts.*"]`. A list: a cart changed mid-checkout leaves more than one.
 */
export default defineLink(OrderModule.linkable.order, {
  linkable: PaylinkModule.linkable.paylinkCheckout,
  isList: true,
})
