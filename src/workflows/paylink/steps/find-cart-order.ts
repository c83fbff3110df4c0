import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderOfCart } from "../../../lib/settlement/paid-with"

/**
 * The order a cart became, if it already did: a cancel return that arrives after the order was
 * placed (the customer pressed "back" to the gateway, or canceled an earlier link) sends the
 * customer to that order, not to the payment step of a cart that can no longer be paid.
 */
export const findCartOrderStep = createStep("find-paylink-cart-order", async ({ cart_id }: { cart_id: string | null }, { container }) => {
  return new StepResponse({ order_id: cart_id ? await orderOfCart(container, cart_id) : null })
})
