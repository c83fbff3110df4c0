import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { readCartForLink } from "../../../lib/cart/cart-for-link"

/** `payment_collection_id`: when the caller already resolved it, so it is not read again. */
export const readCartForLinkStep = createStep(
  "read-cart-for-payment-link",
  async (
    {
      cart_id,
      payment_collection_id,
    }: { cart_id: string; payment_collection_id?: string | null },
    { container }
  ) => {
    return new StepResponse(
      await readCartForLink(container, cart_id, payment_collection_id)
    )
  }
)
