/**
 * After the return: the return route completed the cart on the server, so the storefront still holds
 * the id of a cart that became an order, which would show the ordered items and refuse every "add to
 * cart" (docs/storefront.md#after-the-return-forget-the-completed-cart).
 */
import {
  paylinkCallHeaders,
  requireId,
  statusOf,
  type PaylinkCallOptions,
  type PaylinkStoreSdk,
} from "./sdk"

type CartAnswer = { cart: { id: string; completed_at?: string | Date | null } }

/** Whether the cart has become an order. Unknown cart: the SDK's 404 error is thrown. */
export async function isCartCompleted(
  sdk: PaylinkStoreSdk,
  cartId: string,
  options: PaylinkCallOptions = {}
): Promise<boolean> {
  const id = requireId("cart_id", cartId)
  const { cart } = await sdk.client.fetch<CartAnswer>(
    `/store/carts/${encodeURIComponent(id)}`,
    {
      method: "GET",
      query: { fields: "id,completed_at" },
      headers: paylinkCallHeaders(options),
    }
  )
  return !!cart?.completed_at
}

/**
 * Calls `removeCartId` (dtc-starter's) when the cart is completed or gone; any other error is thrown
 * and the id kept, never dropped on a guess. Call it from a server action or route handler (cookies).
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
