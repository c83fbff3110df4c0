/**
 * The storefront entry (`medusa-plugin-paylink/storefront`) against the real
 * app through @medusajs/js-sdk, as a storefront calls it: which providers a cart may use and why
 * not in the customer's words, the pay helper always getting a live link (the same one, with no
 * service call, while it is good; a new one after a cancel), and forgetting the completed cart.
 */
import Medusa from "@medusajs/js-sdk"
import { paylinkSuite } from "../helpers/suite"
import { PROVIDERS } from "../helpers/seed"
import {
  createCart,
  followReturn,
  landedAt,
  orderIdFrom,
  pressOnHostedPage,
} from "../helpers/storefront"
import { checkoutCallsOf } from "../helpers/sandbox"
import {
  PAYLINK_ERROR_MESSAGES,
  PaylinkInputError,
  applyLoyaltyCard,
  createPaymentLink,
  forgetCompletedCart,
  isCartCompleted,
  paylinkProvidersForCart,
} from "../../src/storefront"

paylinkSuite((ctx) => {
  const { api } = ctx
  const key = () => ctx.seed.publishableKey
  const sdk = () =>
    new Medusa({ baseUrl: api.defaults.baseURL!, publishableKey: key() })
  const checkoutCalls = () => checkoutCallsOf(ctx.sandbox)
  const gtqCart = (variant = ctx.seed.variantId) =>
    createCart(api, key(), ctx.seed.gtqRegionId, [
      { variant_id: variant, quantity: 1 },
    ])

  /** A product nobody marked as sold by subscription, through the admin API. */
  async function ordinaryVariant() {
    const { data: channels } = await api.get(
      `/admin/sales-channels?name=Web`,
      ctx.admin
    )
    const { data } = await api.post(
      `/admin/products`,
      {
        title: "Miel de Petén",
        status: "published",
        options: [{ title: "Tamaño", values: ["500 ml"] }],
        variants: [
          {
            title: "500 ml",
            options: { Tamaño: "500 ml" },
            manage_inventory: false,
            prices: [{ amount: 60, currency_code: "gtq" }],
          },
        ],
        sales_channels: [{ id: channels.sales_channels[0].id }],
      },
      ctx.admin
    )
    return data.product.variants[0].id as string
  }

  describe("paylinkProvidersForCart", () => {
    it("offers what the cart may use and says why not in the customer's language", async () => {
      const ordinary = await gtqCart(await ordinaryVariant())
      const es = await paylinkProvidersForCart(sdk(), ordinary.id)
      expect(es.available.map((p) => p.id)).toEqual([
        PROVIDERS.gatewayA,
        PROVIDERS.gatewayAManual,
        PROVIDERS.gatewayB,
        PROVIDERS.gatewayC,
      ])
      const sub = es.providers.find((p) => p.id === PROVIDERS.subscription)!
      expect(sub).toMatchObject({
        available: false,
        subscription: true,
        title: "Suscripción mensual (pasarela A)",
        reason:
          "Solo para productos de suscripción: su carrito tiene productos que no se venden por suscripción.",
        server_reason: expect.stringContaining('"Miel de Petén (500 ml)"'),
      })
      const en = await paylinkProvidersForCart(sdk(), ordinary.id, {
        lang: "en",
      })
      expect(
        en.providers.find((p) => p.id === PROVIDERS.subscription)!.reason
      ).toBe(
        "Only for products sold by subscription: your cart has products that are not."
      )
      expect(
        en.providers.find((p) => p.id === PROVIDERS.gatewayA)
      ).toMatchObject({
        title: "Card — gateway A",
        available: true,
        reason: null,
      })

      // The seed's product is sold by subscription: the monthly link is offered too.
      const marked = await paylinkProvidersForCart(sdk(), (await gtqCart()).id)
      expect(marked.providers.every((p) => p.available)).toBe(true)

      // A USD cart: gateways B and C take GTQ only. Under gateway A's minimum: the amount.
      const usd = await createCart(api, key(), ctx.seed.usdRegionId, [
        { variant_id: ctx.seed.variantId, quantity: 1 },
      ])
      const inUsd = await paylinkProvidersForCart(sdk(), usd.id)
      expect(
        inUsd.providers.find((p) => p.id === PROVIDERS.gatewayB)!.reason
      ).toBe("Esta forma de pago no acepta la moneda de su carrito.")
      const cheap = await paylinkProvidersForCart(
        sdk(),
        (await gtqCart(ctx.seed.cheapVariantId)).id,
        { lang: "en" }
      )
      expect(
        cheap.providers.find((p) => p.id === PROVIDERS.gatewayA)!.reason
      ).toBe("This payment method does not take your cart's total.")
      expect(checkoutCalls()).toHaveLength(0)

      await expect(
        paylinkProvidersForCart(sdk(), "cart_missing")
      ).rejects.toMatchObject({ status: 404 })
    })
  })

  describe("createPaymentLink", () => {
    it("answers the live link again without a service call, and a new live link after a cancel", async () => {
      const cart = await gtqCart()
      const first = await createPaymentLink(sdk(), cart.id, PROVIDERS.gatewayA)
      expect(first).toContain("/hosted/")
      expect(checkoutCalls()).toHaveLength(1)

      // A reload, a second tab, a double click: the same link, and the service is not called.
      const again = await createPaymentLink(sdk(), cart.id, PROVIDERS.gatewayA)
      expect(again).toBe(first)
      expect(checkoutCalls()).toHaveLength(1)

      // The customer cancels on the gateway's page and comes back to the payment step.
      const back = await followReturn(
        api,
        await pressOnHostedPage(first, "cancel")
      )
      expect(landedAt(back)).toBe(
        `http://localhost:8000/checkout?step=payment&cart_id=${cart.id}`
      )
      expect((await fetch(first)).status).toBe(200) // the page is shown…
      expect(
        (await fetch(`${first}/pay`, { method: "POST", redirect: "manual" }))
          .status
      ).toBe(409) // …but the link is dead

      // Same provider again: a new link, not the dead one, and it pays.
      const live = await createPaymentLink(sdk(), cart.id, PROVIDERS.gatewayA)
      expect(live).not.toBe(first)
      expect(checkoutCalls()).toHaveLength(2)
      const paid = await followReturn(api, await pressOnHostedPage(live, "pay"))
      expect(orderIdFrom(landedAt(paid))).toMatch(/^order_/)
    })

    it("a refused link comes back in the shopper's language only: the call's lang, else the browser's Accept-Language", async () => {
      // A server-side SDK sends no Accept-Language of the shopper's: it names the language with lang.
      const cart = await gtqCart()
      ctx.sandbox.failNext(1, "500", "gatewayB")
      const es = await createPaymentLink(sdk(), cart.id, PROVIDERS.gatewayB, {
        lang: "es",
      }).catch((e) => e)
      expect(es.message).toBe(
        PAYLINK_ERROR_MESSAGES["paylink.gateway_unavailable"].es
      )
      ctx.sandbox.failNext(1, "500", "gatewayB")
      const en = await createPaymentLink(sdk(), cart.id, PROVIDERS.gatewayB, {
        lang: "en",
      }).catch((e) => e)
      expect(en.message).toBe(
        PAYLINK_ERROR_MESSAGES["paylink.gateway_unavailable"].en
      )
      // Without lang the entry adds no language of its own: a browser's Accept-Language decides.
      ctx.sandbox.failNext(1, "500", "gatewayB")
      const browser = await createPaymentLink(
        sdk(),
        cart.id,
        PROVIDERS.gatewayB,
        { headers: { "accept-language": "es-GT,es;q=0.9" } }
      ).catch((e) => e)
      expect(browser.message).toBe(
        PAYLINK_ERROR_MESSAGES["paylink.gateway_unavailable"].es
      )
      // The same for the loyalty routes: a rule that does not exist, refused in Spanish.
      const rule = await applyLoyaltyCard(
        sdk(),
        cart.id,
        { card: "6011 0000 1234 5678", ruleId: "brule_missing" },
        { lang: "es" }
      ).catch((e) => e)
      expect(rule.status).toBeGreaterThanOrEqual(400)
      expect(
        Object.values(PAYLINK_ERROR_MESSAGES).map((m) => m.es as string)
      ).toContain(rule.message)
    })

    it("refuses an id that is not a payment-link provider before any request", async () => {
      const cart = await gtqCart()
      const err = await createPaymentLink(
        sdk(),
        cart.id,
        "pp_system_default"
      ).catch((e) => e)
      expect(err).toBeInstanceOf(PaylinkInputError)
      expect(err).toMatchObject({
        field: "provider_id",
        status: 400,
        type: "invalid_data",
      })
      expect(checkoutCalls()).toHaveLength(0)
      const { data } = await api.get(
        `/store/carts/${cart.id}?fields=id,payment_collection.id`,
        { headers: { "x-publishable-api-key": key() } }
      )
      expect(data.cart.payment_collection).toBeFalsy()
    })
  })

  describe("forgetCompletedCart", () => {
    it("keeps an open cart, drops the one the return completed, and a cart that no longer exists", async () => {
      const cart = await gtqCart()
      const removed: string[] = []
      const removeCartId = async () => void removed.push(cart.id)

      expect(await isCartCompleted(sdk(), cart.id)).toBe(false)
      expect(await forgetCompletedCart(sdk(), cart.id, removeCartId)).toBe(
        false
      )
      expect(removed).toEqual([])

      const url = await createPaymentLink(sdk(), cart.id, PROVIDERS.gatewayB)
      const back = await followReturn(api, await pressOnHostedPage(url, "pay"))
      orderIdFrom(landedAt(back))

      expect(await isCartCompleted(sdk(), cart.id)).toBe(true)
      expect(await forgetCompletedCart(sdk(), cart.id, removeCartId)).toBe(true)
      expect(removed).toEqual([cart.id])

      expect(
        await forgetCompletedCart(
          sdk(),
          "cart_01NOSUCHCART0000000000000",
          removeCartId
        )
      ).toBe(true)
      expect(await forgetCompletedCart(sdk(), undefined, removeCartId)).toBe(
        false
      )
      expect(removed).toHaveLength(2)
    })
  })
})
