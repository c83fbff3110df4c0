/**
 * A paid return racing a new link for the same cart. Tab 1 pays
 * link A on the hosted page; tab 2 asks for a link with another gateway, whose service call is slow.
 * Whatever the order in which the two land, the customer pays once: one order, paid once by A,
 * A `completed`, tab 2 refused (4xx) and no second link that can still be paid.
 *
 * The gateway's answer to tab 2 comes LATE_ANSWER_MS (3 s) late (a "late" fault); the plugin's
 * deadline is raised above it (and above the 30 s Medusa's completion waits for the cart's lock,
 * for the last test), so the call succeeds, slowly, while tab 2 holds the cart's lock.
 */
import { paylinkSuite } from "../helpers/suite"
import { PROVIDERS } from "../helpers/seed"
import {
  createCart,
  createPaymentLink,
  followReturn,
  orderIdFrom,
  pressOnHostedPage,
  storeHeaders,
  landedAt,
} from "../helpers/storefront"
import { eventually } from "../helpers/benefits"
import { existsSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { settleStrandedReturns } from "../../src/jobs/settle-stranded-paylink-returns"

paylinkSuite(
  (ctx) => {
    const { api, getContainer } = ctx
    const key = () => ctx.seed.publishableKey
    const records = async () =>
      (
        await api.get(
          `/admin/paylink/checkouts?limit=100&order=number`,
          ctx.admin
        )
      ).data.checkouts as any[]
    const pluginRoute = (cartId: string, provider_id: string) =>
      createPaymentLink(api, key(), cartId, provider_id).catch(
        (e: any) => e.response
      )
    const coreRoute = (collectionId: string, provider_id: string) =>
      api
        .post(
          `/store/payment-collections/${collectionId}/payment-sessions`,
          { provider_id },
          storeHeaders(key())
        )
        .catch((e: any) => e.response)
    const ordersWithPayments = async () =>
      (
        await api.get(
          `/admin/orders?fields=id,total,payment_status,*payment_collections.payments,*payment_collections.payments.captures,*paylink_checkouts`,
          ctx.admin
        )
      ).data.orders as any[]
    /** Tab 2's checkout call reached the gateway and is not answered yet. */
    const tab2CallInFlight = () =>
      eventually(
        async () => ctx.sandbox.requests.find((r) => r.endpoint === "gatewayB"),
        (r) => !!r
      )

    /** A cart with link A (gateway A) paid on the hosted page: the browser holds A's return address. */
    async function cartWithLinkPaidOnGateway(
      tab2Fault: "late" | "hang" = "late"
    ) {
      const cart = await createCart(api, key(), ctx.seed.gtqRegionId, [
        { variant_id: ctx.seed.variantId, quantity: 1 },
      ])
      const a = (await pluginRoute(cart.id, PROVIDERS.gatewayA)).data
        .payment_session
      const returnUrl = await pressOnHostedPage(a.data.url, "pay")
      // Tab 2's call to gateway B answers late (but before the plugin's deadline), or never.
      ctx.sandbox.failNext(1, tab2Fault, "gatewayB")
      return { cart, a, returnUrl }
    }

    /** What must hold whatever the interleaving: one order, paid once, by A; tab 2 refused. */
    async function expectPaidOnceByA(
      cartId: string,
      a: any,
      back: any,
      tab2: any
    ) {
      // The whole outcome first, so that a failure shows what happened.
      const recordOfA = (await records()).find(
        (r) => r.number === a.data.number
      )
      expect({
        tab2: tab2.status,
        tab2_link:
          tab2.data?.payment_session?.data?.number ??
          tab2.data?.payment_collection?.payment_sessions?.[0]?.data?.number ??
          null,
        a: recordOfA.status,
        a_reason: recordOfA.attention_reason,
        orders: (await ordersWithPayments()).length,
      }).toEqual({
        tab2: 400,
        tab2_link: null,
        a: "completed",
        a_reason: null,
        orders: 1,
      })
      expect(tab2.data).toMatchObject({
        code: "paylink.paid_link_pending",
        message: expect.stringContaining(`(payment link ${a.data.number})`),
      })
      expect(JSON.stringify(tab2.data)).not.toContain("/hosted/")

      expect(back.status).toBe(200)
      const orderId = orderIdFrom(landedAt(back))
      const orders = await ordersWithPayments()
      expect(orders.map((o) => o.id)).toEqual([orderId])
      const [order] = orders
      expect(order.payment_status).toBe("captured")
      const payments = order.payment_collections.flatMap(
        (c: any) => c.payments ?? []
      )
      expect(payments).toHaveLength(1)
      expect(payments[0].provider_id).toBe(PROVIDERS.gatewayA)
      expect(payments[0].amount).toBe(100)
      expect(payments[0].captures.map((c: any) => c.amount)).toEqual([100])

      const all = await records()
      const recordA = all.find((r) => r.number === a.data.number)
      expect(recordA).toMatchObject({ status: "completed", order_id: orderId })
      // No other link of the cart can still be paid: tab 2's is withdrawn (its URL never left).
      const others = all.filter((r) => r.id !== recordA.id)
      expect(
        others.filter((r) =>
          ["created", "unknown", "canceled"].includes(r.status)
        )
      ).toEqual([])

      // The storefront's own complete call answers that order.
      const completed = await api
        .post(`/store/carts/${cartId}/complete`, {}, storeHeaders(key()))
        .catch((e: any) => e.response)
      expect(completed.data).toMatchObject({
        type: "order",
        order: { id: orderId },
      })
    }

    it("the paid return of A lands while tab 2's new link waits on the gateway: one order paid by A, tab 2 refused", async () => {
      const { cart, a, returnUrl } = await cartWithLinkPaidOnGateway()
      const tab2 = pluginRoute(cart.id, PROVIDERS.gatewayB)
      expect((await tab2CallInFlight())?.status).toBeNull()
      const back = await followReturn(api, returnUrl)
      await expectPaidOnceByA(cart.id, a, back, await tab2)
    })

    /**
     * Tab 2 stops for `ms` right after it found no paid link on the cart (a test-only pause,
     * src/lib/testing/crash-point.ts); resolves once it is there.
     */
    async function pauseTab2AfterItsCheck(ms: number) {
      const file = join(tmpdir(), `paylink-pause-${process.pid}-${Date.now()}`)
      Object.assign(process.env, {
        PAYLINK_TEST_PAUSE_AT: "link:checked",
        PAYLINK_TEST_PAUSE_FILE: file,
        PAYLINK_TEST_PAUSE_MS: String(ms),
      })
      return {
        reached: () =>
          eventually(
            async () =>
              existsSync(file) &&
              readFileSync(file, "utf8").includes("link:checked"),
            (v) => v
          ),
        end: () => {
          delete process.env.PAYLINK_TEST_PAUSE_AT
          delete process.env.PAYLINK_TEST_PAUSE_FILE
          delete process.env.PAYLINK_TEST_PAUSE_MS
          rmSync(file, { force: true })
        },
      }
    }

    it("the review's sequence: A's return is recorded after tab 2's check, before tab 2 replaces A's session: one order paid by A", async () => {
      const { cart, a, returnUrl } = await cartWithLinkPaidOnGateway()
      const pause = await pauseTab2AfterItsCheck(1_500)
      try {
        const tab2 = pluginRoute(cart.id, PROVIDERS.gatewayB)
        expect(await pause.reached()).toBe(true)
        // A is `returned` now; its completion waits for the cart's lock, which tab 2 holds.
        const back = followReturn(api, returnUrl)
        await expectPaidOnceByA(cart.id, a, await back, await tab2)
      } finally {
        pause.end()
      }
    })

    it("tab 2's link (Medusa's own route) and A's paid return fired together: one order paid by A, tab 2 refused", async () => {
      const { cart, a, returnUrl } = await cartWithLinkPaidOnGateway()
      const { data } = await api.get(
        `/store/carts/${cart.id}?fields=payment_collection.id`,
        storeHeaders(key())
      )
      const [tab2, back] = await Promise.all([
        coreRoute(data.cart.payment_collection.id, PROVIDERS.gatewayB),
        followReturn(api, returnUrl),
      ])
      await expectPaidOnceByA(cart.id, a, back, tab2)
    })

    it("tab 2 holds the cart's lock past the 30 s A's completion waits for: A stays `returned` and the stranded-returns job places its order", async () => {
      // Tab 2's call is never answered: it gives up at the plugin's 40 s deadline.
      const { cart, a, returnUrl } = await cartWithLinkPaidOnGateway("hang")
      const pause = await pauseTab2AfterItsCheck(500)
      let back: any
      let tab2: any
      try {
        const asked = pluginRoute(cart.id, PROVIDERS.gatewayB)
        expect(await pause.reached()).toBe(true)
        ;[back, tab2] = await Promise.all([followReturn(api, returnUrl), asked])
      } finally {
        pause.end()
      }
      expect(tab2.status).not.toBe(200)
      expect(JSON.stringify(tab2.data)).not.toContain("/hosted/")
      expect(back.status).toBe(200)
      expect(String(back.data)).toContain("We received your payment")
      expect(
        (await records()).find((r) => r.number === a.data.number)
      ).toMatchObject({ status: "returned", attention_reason: null })
      expect(await ordersWithPayments()).toHaveLength(0)

      // The job, once the return counts as interrupted (10 minutes), places the order with A.
      expect(
        await settleStrandedReturns(
          getContainer(),
          new Date(Date.now() + 11 * 60_000)
        )
      ).toBe(1)
      const orders = await ordersWithPayments()
      expect(orders).toHaveLength(1)
      expect(orders[0].payment_status).toBe("captured")
      expect(
        orders[0].payment_collections
          .flatMap((c: any) => c.payments ?? [])
          .map((p: any) => [p.provider_id, p.amount])
      ).toEqual([[PROVIDERS.gatewayA, 100]])
      expect(
        (await records()).find((r) => r.number === a.data.number)
      ).toMatchObject({ status: "completed", order_id: orders[0].id })
      // Tab 2's link was never made at the service.
      expect(
        [...ctx.sandbox.checkouts.values()].filter(
          (c) => c.endpoint === "gatewayB"
        )
      ).toEqual([])
    })
  },
  { env: { PAYLINK_TIMEOUT_MS: "40000" }, timeoutMs: 180_000 }
)
