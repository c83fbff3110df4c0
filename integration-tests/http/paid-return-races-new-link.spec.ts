/**
 * Issue 15, A.3 (review finding 1): a paid return racing a new link for the same cart. Tab 1 pays
 * link A on the hosted page; tab 2 asks for a link with another gateway, whose service call is slow.
 * Whatever the order in which the two land, the customer pays once: one order, paid once by A,
 * A `completed`, tab 2 refused (4xx) and no second link that can still be paid.
 *
 * The gateway's answer to tab 2 comes LATE_ANSWER_MS (3 s) late (a "late" fault); the plugin's
 * deadline is raised above it, so the call succeeds, slowly, while tab 2 holds the cart's lock.
 */
import { paylinkSuite } from "../helpers/suite"
import { PROVIDERS } from "../helpers/seed"
import { createCart, createPaymentLink, followReturn, orderIdFrom, pressOnHostedPage, storeHeaders } from "../helpers/storefront"
import { eventually } from "../helpers/benefits"

paylinkSuite(
  (ctx) => {
    const { api } = ctx
    const key = () => ctx.seed.publishableKey
    const records = async () => (await api.get(`/admin/paylink/checkouts?limit=100&order=number`, ctx.admin)).data.checkouts as any[]
    const pluginRoute = (cartId: string, provider_id: string) => createPaymentLink(api, key(), cartId, provider_id).catch((e: any) => e.response)
    const coreRoute = (collectionId: string, provider_id: string) =>
      api
        .post(`/store/payment-collections/${collectionId}/payment-sessions`, { provider_id }, storeHeaders(key()))
        .catch((e: any) => e.response)
    const ordersWithPayments = async () =>
      (await api.get(`/admin/orders?fields=id,total,payment_status,*payment_collections.payments.captures,*paylink_checkouts`, ctx.admin)).data
        .orders as any[]
    /** Tab 2's checkout call reached the gateway and is not answered yet. */
    const tab2CallInFlight = () =>
      eventually(
        async () => ctx.sandbox.requests.find((r) => r.endpoint === "gatewayB"),
        (r) => !!r
      )

    /** A cart with link A (gateway A) paid on the hosted page: the browser holds A's return address. */
    async function cartWithLinkPaidOnGateway() {
      const cart = await createCart(api, key(), ctx.seed.gtqRegionId, [{ variant_id: ctx.seed.variantId, quantity: 1 }])
      const a = (await pluginRoute(cart.id, PROVIDERS.gatewayA)).data.payment_session
      const returnUrl = await pressOnHostedPage(a.data.url, "pay")
      // Tab 2's call to gateway B answers late (but before the plugin's deadline).
      ctx.sandbox.failNext(1, "late", "gatewayB")
      return { cart, a, returnUrl }
    }

    /** What must hold whatever the interleaving: one order, paid once, by A; tab 2 refused. */
    async function expectPaidOnceByA(cartId: string, a: any, back: any, tab2: any) {
      // The whole outcome first, so that a failure shows what happened.
      const recordOfA = (await records()).find((r) => r.number === a.data.number)
      expect({
        tab2: tab2.status,
        tab2_link: tab2.data?.payment_session?.data?.number ?? tab2.data?.payment_collection?.payment_sessions?.[0]?.data?.number ?? null,
        a: recordOfA.status,
        a_reason: recordOfA.attention_reason,
        orders: (await ordersWithPayments()).length,
      }).toEqual({ tab2: 400, tab2_link: null, a: "completed", a_reason: null, orders: 1 })
      expect(tab2.data.message).toContain(`payment link ${a.data.number} was paid`)
      expect(JSON.stringify(tab2.data)).not.toContain("/hosted/")

      expect(back.status).toBe(303)
      const orderId = orderIdFrom(back.headers.location)
      const orders = await ordersWithPayments()
      expect(orders.map((o) => o.id)).toEqual([orderId])
      const [order] = orders
      expect(order.payment_status).toBe("captured")
      const payments = order.payment_collections.flatMap((c: any) => c.payments ?? [])
      expect(payments).toHaveLength(1)
      expect(payments[0].provider_id).toBe(PROVIDERS.gatewayA)
      expect(payments[0].amount).toBe(100)
      expect(payments[0].captures.map((c: any) => c.amount)).toEqual([100])

      const all = await records()
      const recordA = all.find((r) => r.number === a.data.number)
      expect(recordA).toMatchObject({ status: "completed", order_id: orderId })
      // No other link of the cart can still be paid: tab 2's is withdrawn (its URL never left).
      const others = all.filter((r) => r.id !== recordA.id)
      expect(others.filter((r) => ["created", "unknown", "canceled"].includes(r.status))).toEqual([])

      // The storefront's own complete call answers that order.
      const completed = await api.post(`/store/carts/${cartId}/complete`, {}, storeHeaders(key())).catch((e: any) => e.response)
      expect(completed.data).toMatchObject({ type: "order", order: { id: orderId } })
    }

    it("the paid return of A lands while tab 2's new link waits on the gateway: one order paid by A, tab 2 refused", async () => {
      const { cart, a, returnUrl } = await cartWithLinkPaidOnGateway()
      const tab2 = pluginRoute(cart.id, PROVIDERS.gatewayB)
      expect((await tab2CallInFlight())?.status).toBeNull()
      const back = await followReturn(api, returnUrl)
      await expectPaidOnceByA(cart.id, a, back, await tab2)
    })

    it("tab 2's link (Medusa's own route) and A's paid return fired together: one order paid by A, tab 2 refused", async () => {
      const { cart, a, returnUrl } = await cartWithLinkPaidOnGateway()
      const { data } = await api.get(`/store/carts/${cart.id}?fields=payment_collection.id`, storeHeaders(key()))
      const [tab2, back] = await Promise.all([coreRoute(data.cart.payment_collection.id, PROVIDERS.gatewayB), followReturn(api, returnUrl)])
      await expectPaidOnceByA(cart.id, a, back, tab2)
    })
  },
  { env: { PAYLINK_TIMEOUT_MS: "8000" } }
)
