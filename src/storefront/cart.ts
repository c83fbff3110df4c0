/**
 * The step after the return: the plugin's return route completed the cart on the server, so the
 * storefront still holds the id of a cart that has become an order. Kept, it shows the ordered
 * items in the cart and every "add to cart" fails ("Cart … is already completed"). The order
 * confirmed page drops it (README section 5, "After the return").
 */
import { requireId, statusOf, type PaylinkCallOptions, type PaylinkStoreSdk } from "./sdk"

type CartAnswer = { cart: { id: string; completed_at?: string | Date | null } }

/** Whether the cart has become an order. Unknown cart: the SDK's 404 error is thrown. */
export async function isCartCompleted(sdk: PaylinkStoreSdk, cartId: string, { headers }: PaylinkCallOptions = {}): Promise<boolean> {
  const id = requireId("cart_id", cartId)
  const { cart } = await sdk.client.fetch<CartAnswer>(`/store/carts/${encodeURIComponent(id)}`, {
    method: "GET",
    query: { fields: "id,completed_at" },
    headers,
  })
  return !!cart?.completed_at
}

/**
 * Drops the storefront's cart id when that cart is completed (or no longer exists: a 404), by
 * calling `removeCartId` (dtc-starter's, from src/lib/data/cookies.ts); answers whether it did.
 * An open cart is kept. No cart id (already forgotten): false, no request. Any other error
 * (network, 5xx) is thrown and the id kept: a cart is never dropped on a guess.
 *
 * Cookies can be changed only in a server action or route handler (not while a server component
 * renders): call it there, e.g. from a small client component on the confirmed page.
 */
export async function forgetCompletedCart(
  sdk: PaylinkStoreSdk,
  cartId: string | null | undefined,
  removeCartId: () => void | Promise<void>,
  options: PaylinkCallOptions = {}
): Promise<boolean> {
  if (cartId === null || cartId === undefined || cartId === "") {
    return false
  }
  let done: boolean
  try {
    done = await isCartCompleted(sdk, cartId, options)
  } catch (e) {
    if (statusOf(e) !== 404) {
      throw e
    }
    done = true
  }
  if (done) {
    await removeCartId()
  }
  return done
}
