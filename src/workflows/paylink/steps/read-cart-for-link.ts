import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { readCartForLink } from "../../../lib/cart/cart-for-link"

/**
 * The cart a payment link is checked and built from, read under the cart's lock with only the
 * fields the checks need (src/lib/cart/cart-for-link.ts). `payment_collection_id`: the collection the
 * caller already resolved for this cart (Medusa's payment-sessions route), so it is not read again.
 */
export const readCartForLinkStep = createStep(
  "read-cart-for-payment-link",
  async ({ cart_id, payment_collection_id }: { cart_id: string; payment_collection_id?: string | null }, { container }) => {
    return new StepResponse(await readCartForLink(container, cart_id, payment_collection_id))
  }
)
