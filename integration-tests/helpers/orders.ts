/**
 * Orders made as customers and merchants make them: a guest's cart paid through a link on
 * gateway A (GTQ 100 a bag), and Medusa's order edit that adds bags, so the order owes more.
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

/** A guest's one-bag cart (GTQ 100) paid through a gateway A link: the order's id. */
export async function paidStorefrontOrder(
  ctx: Pick<PaylinkSuite, "api" | "seed">
): Promise<string> {
  const { api, seed } = ctx
  const cart = await createCart(api, seed.publishableKey, seed.gtqRegionId, [
    { variant_id: seed.variantId, quantity: 1 },
  ])
  const { data } = await createPaymentLink(
    api,
    seed.publishableKey,
    cart.id,
    PROVIDERS.gatewayA
  )
  const back = await followReturn(
    api,
    await pressOnHostedPage(data.payment_session.data.url, "pay")
  )
  expect(back.status).toBe(200)
  return orderIdFrom(landedAt(back))
}

/** An order edit that adds `quantity` × GTQ 100, confirmed through Medusa's route: the order then owes that much more. The edit's id. */
export async function addItemsByEdit(
  ctx: Pick<PaylinkSuite, "api" | "seed" | "admin">,
  orderId: string,
  quantity = 1
): Promise<string> {
  const { api, seed, admin } = ctx
  const { data } = await api.post(
    `/admin/order-edits`,
    { order_id: orderId },
    admin
  )
  await api.post(
    `/admin/order-edits/${orderId}/items`,
    { items: [{ variant_id: seed.variantId, quantity }] },
    admin
  )
  await api.post(`/admin/order-edits/${orderId}/request`, {}, admin)
  await api.post(`/admin/order-edits/${orderId}/confirm`, {}, admin)
  return data.order_change.id
}
