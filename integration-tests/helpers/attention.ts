/**
 * A record in `needs_attention` made the way customers make them: a guest asks for a link on
 * gateway A, then for one on gateway B for the same cart (which withdraws A), and pays A anyway.
 * `alsoPayB`: then pays B too, so the cart becomes an order paid by B and A's Place order can only
 * fail.
 */
import { PROVIDERS } from "./seed"
import type { PaylinkSuite } from "./suite"
import {
  createCart,
  createPaymentLink,
  followReturn,
  landedAt,
  orderIdFrom,
  pressOnHostedPage,
} from "./storefront"

export async function paidWithdrawnLink(
  ctx: PaylinkSuite,
  { alsoPayB = false } = {}
) {
  const { api } = ctx
  const key = ctx.seed.publishableKey
  const cart = await createCart(api, key, ctx.seed.gtqRegionId, [
    { variant_id: ctx.seed.variantId, quantity: 1 },
  ])
  const a = (await createPaymentLink(api, key, cart.id, PROVIDERS.gatewayA))
    .data.payment_session.data
  const b = (await createPaymentLink(api, key, cart.id, PROVIDERS.gatewayB))
    .data.payment_session.data
  await followReturn(api, await pressOnHostedPage(a.url, "pay"))
  let order: { id: string; display_id: number } | null = null
  if (alsoPayB) {
    const id = orderIdFrom(
      landedAt(await followReturn(api, await pressOnHostedPage(b.url, "pay")))
    )
    order = (
      await api.get(`/admin/orders/${id}?fields=id,display_id`, ctx.admin)
    ).data.order
  }
  const { data } = await api.get(
    `/admin/paylink/checkouts?number=${a.number}`,
    ctx.admin
  )
  expect(data.checkouts[0]).toMatchObject({
    status: "needs_attention",
    order_id: null,
  })
  return {
    cartId: cart.id as string,
    number: a.number as number,
    record: data.checkouts[0],
    order,
  }
}
