/**
 * A shopper who comes back from the gateway's page without paying. Gateways B and C have no cancel
 * address: a Cancel there (the sandbox's link is then dead) or the browser's Back brings the
 * shopper back to the store, and the record stays `created`. The storefront says so with
 * `left_url` (the hosted page it sent the shopper to): when that is the cart's live link on a
 * gateway without a cancel address, a new link is made and the old one withdrawn. Anything else
 * (no left_url, another link's url, gateway A and its subscription, whose Cancel comes back through
 * the return route) keeps the rule "a repeat request returns the live link"; a paid link still
 * blocks a new one; a payment on the withdrawn link never becomes a second order.
 */
import axios from "axios"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { paylinkSuite } from "../helpers/suite"
import { PROVIDERS } from "../helpers/seed"
import {
  createCart,
  followReturn,
  landedAt,
  orderIdFrom,
  pressOnHostedPage,
  storeHeaders,
} from "../helpers/storefront"
import { checkoutCallsOf } from "../helpers/sandbox"
import { PAYLINK_MODULE } from "../../src/modules/paylink"
import type PaylinkModuleService from "../../src/modules/paylink/services/paylink-module"

type Session = {
  id: string
  data: { url: string; number: number; paylink_checkout_id: string }
}

paylinkSuite((ctx) => {
  const { api, getContainer } = ctx
  const key = () => ctx.seed.publishableKey
  const checkoutCalls = () => checkoutCallsOf(ctx.sandbox).length
  const records = async () =>
    (
      await api.get(
        `/admin/paylink/checkouts?limit=100&order=number`,
        ctx.admin
      )
    ).data.checkouts as any[]
  const recordOf = async (session: Session) =>
    (await records()).find((r) => r.number === session.data.number)
  const orders = async () =>
    (await api.get(`/admin/orders?fields=id`, ctx.admin)).data.orders as {
      id: string
    }[]
  const gtqCart = () =>
    createCart(api, key(), ctx.seed.gtqRegionId, [
      { variant_id: ctx.seed.variantId, quantity: 1 },
    ])
  const ask = (cartId: string, provider_id: string, left_url?: unknown) =>
    api
      .post(
        `/store/carts/${cartId}/payment-link`,
        left_url === undefined ? { provider_id } : { provider_id, left_url },
        storeHeaders(key())
      )
      .catch((e: any) => e.response)
  const link = async (
    cartId: string,
    provider_id: string,
    left_url?: string
  ): Promise<Session> => {
    const res = await ask(cartId, provider_id, left_url)
    expect(res.status).toBe(200)
    return res.data.payment_session
  }

  /** Cancel on a B or C hosted page: the sandbox has nowhere to send the shopper, and the link is dead. */
  async function cancelWithNoWayBack(url: string) {
    const res = await axios.post(`${url}/cancel`, undefined, {
      maxRedirects: 0,
      validateStatus: () => true,
    })
    expect(res.status).toBe(200)
    expect(String(res.data)).toContain("there is nowhere to send you back to")
    const page = await axios.get(url)
    expect(String(page.data)).toContain("can no longer be paid")
  }

  describe.each([
    ["gateway B", PROVIDERS.gatewayB],
    ["gateway C", PROVIDERS.gatewayC],
  ])("%s: no cancel address", (_label, provider) => {
    it("a repeat request returns the live link; after a Cancel, the url the shopper left makes a new link and withdraws the old one", async () => {
      const cart = await gtqCart()
      const l1 = await link(cart.id, provider)
      const again = await link(cart.id, provider)
      expect(again.id).toBe(l1.id)
      expect(again.data.url).toBe(l1.data.url)
      expect(checkoutCalls()).toBe(1)

      await cancelWithNoWayBack(l1.data.url)
      // Nothing came back to the store: the record is still open, and without left_url it is handed out again.
      expect((await recordOf(l1)).status).toBe("created")
      expect((await link(cart.id, provider)).data.url).toBe(l1.data.url)
      expect(checkoutCalls()).toBe(1)

      const l2 = await link(cart.id, provider, l1.data.url)
      expect(l2.id).not.toBe(l1.id)
      expect(l2.data.url).not.toBe(l1.data.url)
      expect(checkoutCalls()).toBe(2)
      expect(await recordOf(l1)).toMatchObject({
        status: "withdrawn",
        canceled_by: "store",
      })
      expect((await recordOf(l2)).status).toBe("created")

      // The new link is live: a double click or a reload gets it back, with or without left_url.
      expect((await link(cart.id, provider)).id).toBe(l2.id)
      expect((await link(cart.id, provider, l1.data.url)).id).toBe(l2.id)
      expect(checkoutCalls()).toBe(2)

      // And it can be paid: one order.
      const back = await followReturn(
        api,
        await pressOnHostedPage(l2.data.url, "pay")
      )
      orderIdFrom(landedAt(back))
      expect(await orders()).toHaveLength(1)
    })
  })

  describe.each([
    ["gateway A", PROVIDERS.gatewayA],
    ["gateway A's subscription", PROVIDERS.subscription],
  ])("%s: a cancel address", (_label, provider) => {
    it("left_url of its live link changes nothing: after a Back the same link is still payable", async () => {
      const cart = await gtqCart()
      const l1 = await link(cart.id, provider)
      const again = await link(cart.id, provider, l1.data.url)
      expect(again.id).toBe(l1.id)
      expect(again.data.url).toBe(l1.data.url)
      expect(checkoutCalls()).toBe(1)
      expect((await recordOf(l1)).status).toBe("created")
    })
  })

  it("two parallel requests with the url the shopper left both answer the same new link, made once", async () => {
    const cart = await gtqCart()
    const l1 = await link(cart.id, PROVIDERS.gatewayB)
    await cancelWithNoWayBack(l1.data.url)
    const answers = await Promise.all([
      ask(cart.id, PROVIDERS.gatewayB, l1.data.url),
      ask(cart.id, PROVIDERS.gatewayB, l1.data.url),
    ])
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    const [a, b] = answers.map((a) => a.data.payment_session as Session)
    expect(a.id).toBe(b.id)
    expect(a.data.url).toBe(b.data.url)
    expect(a.data.url).not.toBe(l1.data.url)
    expect(checkoutCalls()).toBe(2)
    expect((await recordOf(l1)).status).toBe("withdrawn")
  })

  it("left_url of an older link or an unknown address returns the live link", async () => {
    const cart = await gtqCart()
    const l1 = await link(cart.id, PROVIDERS.gatewayC)
    const l2 = await link(cart.id, PROVIDERS.gatewayC, l1.data.url)
    expect(l2.id).not.toBe(l1.id)
    expect(checkoutCalls()).toBe(2)
    // Another tab replaced it already, or the storefront kept an address of another link.
    expect((await link(cart.id, PROVIDERS.gatewayC, l1.data.url)).id).toBe(
      l2.id
    )
    expect(
      (await link(cart.id, PROVIDERS.gatewayC, "https://example.com/hosted/x"))
        .id
    ).toBe(l2.id)
    expect(checkoutCalls()).toBe(2)
    // The url of the cart's live link for another provider is not this provider's link either.
    const b = await link(cart.id, PROVIDERS.gatewayB)
    expect(checkoutCalls()).toBe(3)
    expect((await link(cart.id, PROVIDERS.gatewayB, l2.data.url)).id).toBe(b.id)
    expect(checkoutCalls()).toBe(3)
  })

  it("a cart with a paid link the store has not settled is refused as before, left_url or not", async () => {
    const cart = await gtqCart()
    const l1 = await link(cart.id, PROVIDERS.gatewayB)
    const paylink = getContainer().resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const row = await recordOf(l1)
    await paylink.transition(row.id, "returned", { returned_at: new Date() })
    for (const status of ["returned", "needs_attention"]) {
      if (status === "needs_attention") {
        await paylink.transition(row.id, "needs_attention", {
          attention_reason: "test: the order could not be placed",
        })
      }
      const refused = await ask(cart.id, PROVIDERS.gatewayB, l1.data.url)
      expect(refused.status).toBe(400)
      expect(refused.data).toMatchObject({
        code: "paylink.paid_link_pending",
        message: expect.stringContaining(`(payment link ${row.number})`),
      })
    }
    expect(checkoutCalls()).toBe(1)
    expect(await records()).toHaveLength(1)
  })

  it("a bad left_url is a 400 naming left_url and its rule, before anything is written or called", async () => {
    const cart = await gtqCart()
    const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER)
    const lines: string[] = []
    const info = jest
      .spyOn(logger, "info")
      .mockImplementation(
        (message: unknown) => void lines.push(String(message))
      )
    try {
      for (const bad of [
        "javascript:alert(1)",
        "/hosted/chk_1",
        "not a url",
        `https://example.com/${"x".repeat(2048)}`,
        42,
        "",
      ]) {
        lines.length = 0
        const res = await ask(cart.id, PROVIDERS.gatewayB, bad)
        expect(res.status).toBe(400)
        expect(res.data.code).toBe("paylink.invalid_request")
        expect(lines.join("\n")).toMatch(
          /left_url must be an absolute http\(s\) URL of at most 2048 characters/
        )
      }
    } finally {
      info.mockRestore()
    }
    expect(checkoutCalls()).toBe(0)
    expect(await records()).toHaveLength(0)
    const { data } = await api.get(
      `/store/carts/${cart.id}?fields=payment_collection.id`,
      storeHeaders(key())
    )
    expect(data.cart.payment_collection).toBeFalsy()
  })

  describe("a payment on the withdrawn link never becomes a second order", () => {
    /** Back from B's page without canceling: the old link is still open at the gateway. */
    async function backThenNewLink() {
      const cart = await gtqCart()
      const l1 = await link(cart.id, PROVIDERS.gatewayB)
      const l2 = await link(cart.id, PROVIDERS.gatewayB, l1.data.url)
      expect(l2.id).not.toBe(l1.id)
      expect((await recordOf(l1)).status).toBe("withdrawn")
      return { cart, l1, l2 }
    }

    it("the new link paid first, then the withdrawn one: one order, the other payment the merchant's", async () => {
      const { l1, l2 } = await backThenNewLink()
      const placed = await followReturn(
        api,
        await pressOnHostedPage(l2.data.url, "pay")
      )
      const orderId = orderIdFrom(landedAt(placed))
      const late = await followReturn(
        api,
        await pressOnHostedPage(l1.data.url, "pay")
      )
      expect(String(late.data)).toContain("We received your payment")
      expect((await recordOf(l1)).status).toBe("needs_attention")
      expect((await recordOf(l2)).order_id).toBe(orderId)
      expect((await orders()).map((o) => o.id)).toEqual([orderId])
    })

    it("the withdrawn link paid first: the merchant's; no new link meanwhile, and the live one makes the one order", async () => {
      const { cart, l1, l2 } = await backThenNewLink()
      const first = await followReturn(
        api,
        await pressOnHostedPage(l1.data.url, "pay")
      )
      expect(String(first.data)).toContain("We received your payment")
      expect(await recordOf(l1)).toMatchObject({
        status: "needs_attention",
        order_id: null,
        attention_reason: expect.stringContaining("the store had replaced it"),
      })
      // The customer paid: no new link while the store has not settled it, left_url or not.
      const refused = await ask(cart.id, PROVIDERS.gatewayB, l2.data.url)
      expect(refused.data.code).toBe("paylink.paid_link_pending")
      expect(checkoutCalls()).toBe(2)
      // The link still open at the gateway pays the cart once; the first payment stays the merchant's.
      const second = await followReturn(
        api,
        await pressOnHostedPage(l2.data.url, "pay")
      )
      const orderId = orderIdFrom(landedAt(second))
      expect((await orders()).map((o) => o.id)).toEqual([orderId])
      expect((await recordOf(l2)).order_id).toBe(orderId)
      expect(await recordOf(l1)).toMatchObject({
        status: "needs_attention",
        order_id: null,
      })
    })
  })
})
