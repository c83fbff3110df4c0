import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderOfCart } from "../../../lib/settlement/paid-with"

/** A cancel return after the order was placed sends the customer to that order, not to a dead payment step. */
export const findCartOrderStep = createStep(
  "find-paylink-cart-order",
  async ({ cart_id }: { cart_id: string | null }, { container }) => {
    return new StepResponse({
      order_id: cart_id ? await orderOfCart(container, cart_id) : null,
    })
  }
)
