/**
 * Every error a store route answers carries a stable `code` a storefront can map, and a `message`
 * a customer can read, in Spanish when the request prefers Spanish (x-medusa-locale, else
 * Accept-Language) and in English otherwise. The faults are the real ones, through the sandbox.
 */
import { paylinkSuite } from "../helpers/suite"
import { closedPort } from "../helpers/sandbox"
import { PROVIDERS } from "../helpers/seed"
import {
  createCart,
  followReturn,
  GUEST,
  pressOnHostedPage,
} from "../helpers/storefront"
import { createRule, enableProgram } from "../helpers/benefits"

/** The sandbox accepts this for gateway B when it is set in the admin. */
const ADMIN_TOKEN_B = "admin-issued-token-b-7f3q"

/** Words of the server's inside that must never reach a customer. */
const TECHNICAL = [
  "HTTP 500",
  "HTTP 4",
  "ECONNREFUSED",
  "connection refused",
  "provider_id",
  "rule_id",
  "Invalid request",
  "pp_paylink",
  "cart_0",
  "card:",
  "plugin option",
  "is unavailable:",
  "undefined",
]

type Lang = "es" | "en"
const LANGS: [Lang, Record<string, string>][] = [
  ["es", { "accept-language": "es-GT,es;q=0.9,en;q=0.5" }],
  ["en", {}],
]

paylinkSuite((ctx) => {
  const { api } = ctx
  const key = () => ctx.seed.publishableKey
  const headers = (extra: Record<string, string>) => ({
    headers: { "x-publishable-api-key": key(), ...extra },
  })
  const gtqCart = (guest: Record<string, unknown> = GUEST, quantity = 1) =>
    createCart(
      api,
      key(),
      ctx.seed.gtqRegionId,
      [{ variant_id: ctx.seed.variantId, quantity }],
      guest
    )
  const pluginRoute = (
    cartId: string,
    body: Record<string, unknown>,
    extra: Record<string, string>
  ) =>
    api
      .post(`/store/carts/${cartId}/payment-link`, body, headers(extra))
      .catch((e: any) => e.response)
  const coreRoute = async (
    cartId: string,
    providerId: string,
    extra: Record<string, string>
  ) => {
    const collection = await api.post(
      `/store/payment-collections`,
      { cart_id: cartId },
      headers({})
    )
    return await api
      .post(
        `/store/payment-collections/${collection.data.payment_collection.id}/payment-sessions`,
        { provider_id: providerId },
        headers(extra)
      )
      .catch((e: any) => e.response)
  }
  const benefitRoute = (
    cartId: string,
    body: Record<string, unknown>,
    extra: Record<string, string>
  ) =>
    api
      .post(`/store/carts/${cartId}/benefits`, body, headers(extra))
      .catch((e: any) => e.response)

  /** The answer's code, its language, and nothing technical in what the customer reads. */
  function expectCustomerError(
    res: any,
    code: string,
    lang: Lang,
    words: RegExp
  ) {
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.data.code).toBe(code)
    // Medusa's own error type stays what it was (invalid_data, not_allowed, unexpected_state, ...).
    expect(typeof res.data.type).toBe("string")
    expect(res.data.message).toMatch(words)
    // A sentence: a capital letter first, a full stop last.
    expect(res.data.message).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡].*[.!?]$/s)
    if (lang === "es") {
      expect(res.data.message).toMatch(/\b(tu|tus|la|el|de|esta|este|no)\b/i)
      expect(res.data.message).not.toMatch(/\b(the|your|this|please)\b/i)
    } else {
      expect(res.data.message).not.toMatch(
        /[áéíóúñ]|\b(tu|tus|una|el|la|de|esta|este)\b/i
      )
    }
    for (const word of TECHNICAL) {
      expect(res.data.message).not.toContain(word)
    }
  }

  describe.each(LANGS)("in %s", (lang, extra) => {
    it("gateway B answers HTTP 500: paylink.gateway_unavailable", async () => {
      const cart = await gtqCart()
      ctx.sandbox.failNext(1, "500", "gatewayB")
      const res = await pluginRoute(
        cart.id,
        { provider_id: PROVIDERS.gatewayB },
        extra
      )
      expect(res.status).toBe(500)
      expectCustomerError(
        res,
        "paylink.gateway_unavailable",
        lang,
        lang === "es" ? /no está disponible/ : /not available/
      )
    })

    it("gateway B refuses the connection, on Medusa's payment-sessions route: paylink.gateway_unavailable", async () => {
      const saved = await api.post(
        "/admin/paylink/gateways/gateway_b",
        {
          base_url: `http://127.0.0.1:${await closedPort()}`,
          token: ADMIN_TOKEN_B,
        },
        ctx.admin
      )
      expect(saved.status).toBe(200)
      const cart = await gtqCart()
      const res = await coreRoute(cart.id, PROVIDERS.gatewayB, extra)
      expectCustomerError(
        res,
        "paylink.gateway_unavailable",
        lang,
        lang === "es" ? /no está disponible/ : /not available/
      )
    })

    it("no payment method chosen: paylink.provider_required", async () => {
      const cart = await gtqCart()
      const res = await pluginRoute(cart.id, {}, extra)
      expect(res.status).toBe(400)
      expect(res.data.type).toBe("invalid_data")
      expectCustomerError(
        res,
        "paylink.provider_required",
        lang,
        lang === "es" ? /forma de pago/ : /payment method/
      )
    })

    it("a cart with no e-mail and no billing name: paylink.cart_incomplete, before any call", async () => {
      const cart = await gtqCart({})
      const res = await pluginRoute(
        cart.id,
        { provider_id: PROVIDERS.gatewayA },
        extra
      )
      expect(res.status).toBe(400)
      expect(res.data.type).toBe("invalid_data")
      expectCustomerError(
        res,
        "paylink.cart_incomplete",
        lang,
        lang === "es" ? /correo/ : /e-mail/
      )
      expect(ctx.sandbox.requests).toHaveLength(0)
    })

    it("a NIT whose check digit is wrong, on both routes: paylink.tax_id_invalid, before any call", async () => {
      const cart = await gtqCart({
        ...GUEST,
        billing_address: {
          ...GUEST.billing_address,
          metadata: { tax_id: "12345" },
        },
      })
      for (const res of [
        await pluginRoute(cart.id, { provider_id: PROVIDERS.gatewayA }, extra),
        await coreRoute(cart.id, PROVIDERS.gatewayA, extra),
      ]) {
        expect(res.status).toBe(400)
        expect(res.data.type).toBe("invalid_data")
        expectCustomerError(
          res,
          "paylink.tax_id_invalid",
          lang,
          lang === "es" ? /NIT.*dígito verificador/ : /NIT.*check digit/
        )
      }
      expect(ctx.sandbox.requests).toHaveLength(0)
    })

    it("gateway A under its minimum, on both routes: paylink.amount_out_of_range with the bounds in quetzales", async () => {
      const cart = await createCart(api, key(), ctx.seed.gtqRegionId, [
        { variant_id: ctx.seed.cheapVariantId, quantity: 1 },
      ])
      for (const res of [
        await pluginRoute(cart.id, { provider_id: PROVIDERS.gatewayA }, extra),
        await coreRoute(cart.id, PROVIDERS.gatewayA, extra),
      ]) {
        expect(res.status).toBe(400)
        expectCustomerError(
          res,
          "paylink.amount_out_of_range",
          lang,
          /Q 5\.00.*Q 25,000\.00.*Q 4\.00/
        )
      }
    })

    it("gateway B in USD: paylink.currency_not_supported", async () => {
      const cart = await createCart(api, key(), ctx.seed.usdRegionId, [
        { variant_id: ctx.seed.variantId, quantity: 1 },
      ])
      const res = await pluginRoute(
        cart.id,
        { provider_id: PROVIDERS.gatewayB },
        extra
      )
      expect(res.status).toBe(400)
      expectCustomerError(
        res,
        "paylink.currency_not_supported",
        lang,
        lang === "es" ? /moneda/ : /currency/
      )
    })

    it("a paid link the store has not settled, on both routes: paylink.paid_link_pending, naming the link", async () => {
      const cart = await gtqCart()
      const paid = (
        await pluginRoute(cart.id, { provider_id: PROVIDERS.gatewayA }, {})
      ).data.payment_session
      // The cart changes after the link was made: its paid return needs the merchant.
      await api.post(
        `/store/carts/${cart.id}/line-items`,
        { variant_id: ctx.seed.variantId, quantity: 1 },
        headers({})
      )
      await followReturn(api, await pressOnHostedPage(paid.data.url, "pay"))
      for (const res of [
        await pluginRoute(cart.id, { provider_id: PROVIDERS.gatewayB }, extra),
        await coreRoute(cart.id, PROVIDERS.gatewayC, extra),
        await coreRoute(cart.id, "pp_system_default", extra),
      ]) {
        expect(res.status).toBe(400)
        expect(res.data.type).toBe("not_allowed")
        expectCustomerError(
          res,
          "paylink.paid_link_pending",
          lang,
          new RegExp(
            `${lang === "es" ? "enlace de pago" : "payment link"} ${paid.data.number}\\b`
          )
        )
      }
    })

    it("a loyalty card of 3 digits: benefits.card_invalid, naming the rule in the customer's words", async () => {
      await enableProgram(api, ctx.admin)
      const rule = await createRule(api, ctx.admin)
      const cart = await gtqCart(GUEST, 2)
      const res = await benefitRoute(
        cart.id,
        { card: "123", rule_id: rule.id },
        extra
      )
      expect(res.status).toBe(400)
      expect(res.data.type).toBe("invalid_data")
      expectCustomerError(
        res,
        "benefits.card_invalid",
        lang,
        lang === "es"
          ? /^El número de tarjeta debe tener de 8 a 19 dígitos\.$/
          : /^The card number must have 8 to 19 digits\.$/
      )
    })

    it("the benefits program answers HTTP 500: benefits.program_unavailable", async () => {
      await enableProgram(api, ctx.admin)
      const rule = await createRule(api, ctx.admin)
      const cart = await gtqCart(GUEST, 2)
      ctx.sandbox.failNext(1, "500", "discount")
      const res = await benefitRoute(
        cart.id,
        { card: "6011 0000 1234 5678", rule_id: rule.id },
        extra
      )
      expect(res.status).toBe(500)
      expectCustomerError(
        res,
        "benefits.program_unavailable",
        lang,
        lang === "es" ? /beneficios/ : /benefits/
      )
      expect(res.data.message).not.toContain("5678")
    })

    it("the benefits program switched off: benefits.program_unavailable", async () => {
      const rule = await createRule(api, ctx.admin)
      const cart = await gtqCart(GUEST, 2)
      const res = await benefitRoute(
        cart.id,
        { card: "6011 0000 1234 5678", rule_id: rule.id },
        extra
      )
      expect(res.status).toBe(400)
      expectCustomerError(
        res,
        "benefits.program_unavailable",
        lang,
        lang === "es" ? /beneficios/ : /benefits/
      )
    })

    it("removing a benefit the cart does not have: benefits.nothing_to_remove", async () => {
      const cart = await gtqCart()
      const res = await api
        .delete(`/store/carts/${cart.id}/benefits`, headers(extra))
        .catch((e: any) => e.response)
      expect(res.status).toBe(404)
      expectCustomerError(
        res,
        "benefits.nothing_to_remove",
        lang,
        lang === "es" ? /beneficio/ : /benefit/
      )
    })

    it("a cart that does not exist: paylink.cart_not_found", async () => {
      const res = await api
        .get(`/store/carts/cart_01NOPE/payment-link-providers`, headers(extra))
        .catch((e: any) => e.response)
      expect(res.status).toBe(404)
      expectCustomerError(
        res,
        "paylink.cart_not_found",
        lang,
        lang === "es" ? /carrito/ : /cart/
      )
    })
  })

  describe("choosing the language", () => {
    it("x-medusa-locale (what @medusajs/js-sdk sends) wins over Accept-Language; an empty one is ignored", async () => {
      const cart = await gtqCart()
      const es = await pluginRoute(
        cart.id,
        {},
        { "x-medusa-locale": "es-GT", "accept-language": "en-US" }
      )
      expect(es.data.message).toBe("Elija una forma de pago.")
      const en = await pluginRoute(
        cart.id,
        {},
        { "x-medusa-locale": "en", "accept-language": "es" }
      )
      expect(en.data.message).toBe("Choose a payment method.")
      const empty = await pluginRoute(
        cart.id,
        {},
        { "x-medusa-locale": "", "accept-language": "es" }
      )
      expect(empty.data.message).toBe("Elija una forma de pago.")
    })
  })
})
