import { paylinkSuite } from "../helpers/suite"
import { PROVIDERS } from "../helpers/seed"
import {
  createCart,
  createPaymentLink,
  followReturn,
  orderIdFrom,
  pressOnHostedPage,
  landedAt,
} from "../helpers/storefront"

paylinkSuite((ctx) => {
  const { api } = ctx

  const attempt = (cartId: string, providerId: string) =>
    createPaymentLink(api, ctx.seed.publishableKey, cartId, providerId).catch(
      (e: any) => e.response
    )

  const records = async () =>
    (await api.get(`/admin/paylink/checkouts?limit=100`, ctx.admin)).data
      .checkouts as any[]

  describe("currency and amount rules, checked before any network call", () => {
    // The store answers the rule in the customer's words; the developer's text goes to the log.
    const cases: [
      string,
      string,
      "gtq" | "usd",
      "variantId" | "cheapVariantId" | "dearVariantId",
      string,
      string,
    ][] = [
      [
        "gateway B in USD",
        PROVIDERS.gatewayB,
        "usd",
        "variantId",
        "paylink.currency_not_supported",
        "does not accept the currency of your cart",
      ],
      [
        "gateway C in USD",
        PROVIDERS.gatewayC,
        "usd",
        "variantId",
        "paylink.currency_not_supported",
        "does not accept the currency of your cart",
      ],
      [
        "gateway A under GTQ 5",
        PROVIDERS.gatewayA,
        "gtq",
        "cheapVariantId",
        "paylink.amount_out_of_range",
        "from Q 5.00 to Q 25,000.00, and your total is Q 4.00",
      ],
      [
        "gateway A over GTQ 25,000",
        PROVIDERS.gatewayA,
        "gtq",
        "dearVariantId",
        "paylink.amount_out_of_range",
        "from Q 5.00 to Q 25,000.00, and your total is Q 30,000.00",
      ],
      [
        "gateway A under USD 5",
        PROVIDERS.gatewayA,
        "usd",
        "cheapVariantId",
        "paylink.amount_out_of_range",
        "from US$ 5.00 to US$ 15,000.00, and your total is US$ 4.00",
      ],
      [
        "gateway A over USD 15,000",
        PROVIDERS.gatewayA,
        "usd",
        "dearVariantId",
        "paylink.amount_out_of_range",
        "from US$ 5.00 to US$ 15,000.00, and your total is US$ 16,000.00",
      ],
      [
        "the subscription over GTQ 25,000",
        PROVIDERS.subscription,
        "gtq",
        "dearVariantId",
        "paylink.amount_out_of_range",
        "from Q 5.00 to Q 25,000.00",
      ],
    ]
    it.each(cases)(
      "refuses %s with a 400 that states the rule",
      async (_l, providerId, currency, variant, code, message) => {
        const region =
          currency === "gtq" ? ctx.seed.gtqRegionId : ctx.seed.usdRegionId
        const cart = await createCart(api, ctx.seed.publishableKey, region, [
          { variant_id: ctx.seed[variant], quantity: 1 },
        ])
        const res = await attempt(cart.id, providerId)
        expect(res.status).toBe(400)
        expect(res.data.code).toBe(code)
        expect(res.data.message).toContain(message)
        expect(ctx.sandbox.requests).toHaveLength(0)
        expect(await records()).toHaveLength(0)
      }
    )

    it("accepts gateway A in USD inside its bounds", async () => {
      const cart = await createCart(
        api,
        ctx.seed.publishableKey,
        ctx.seed.usdRegionId,
        [{ variant_id: ctx.seed.variantId, quantity: 1 }]
      )
      const res = await attempt(cart.id, PROVIDERS.gatewayA)
      expect(res.status).toBe(200)
      expect(ctx.sandbox.requests[0].body).toMatchObject({
        amount: 20,
        currency: "USD",
      })
    })

    it("refuses a provider that is not a payment-link provider, naming the field", async () => {
      const cart = await createCart(
        api,
        ctx.seed.publishableKey,
        ctx.seed.gtqRegionId,
        [{ variant_id: ctx.seed.variantId, quantity: 1 }]
      )
      const res = await attempt(cart.id, "pp_system_default")
      expect(res.status).toBe(400)
      expect(res.data.code).toBe("paylink.provider_unavailable")
      const missing = await api
        .post(
          `/store/carts/${cart.id}/payment-link`,
          {},
          { headers: { "x-publishable-api-key": ctx.seed.publishableKey } }
        )
        .catch((e: any) => e.response)
      expect(missing.status).toBe(400)
      expect(missing.data).toMatchObject({
        code: "paylink.provider_required",
        message: "Choose a payment method.",
      })
      expect(ctx.sandbox.requests).toHaveLength(0)
    })
  })

  describe("upstream faults", () => {
    const faults: ["500" | "401" | "hang" | "malformed", RegExp][] = [
      ["500", /gateway A is unavailable: HTTP 500/],
      ["401", /gateway A rejected the credentials \(HTTP 401\)/],
      ["hang", /gateway A is unavailable: no answer within 1500 ms/],
      ["malformed", /gateway A is unavailable: malformed JSON/],
    ]
    it.each(faults)(
      "a %s ends in a clear error, a failed or unknown record, and a retry on the same cart succeeds",
      async (mode, message) => {
        // No readable answer: the service may have made the link, so the record is unknown, not failed.
        const outcome =
          mode === "hang" || mode === "malformed" ? "unknown" : "failed"
        const cart = await createCart(
          api,
          ctx.seed.publishableKey,
          ctx.seed.gtqRegionId,
          [{ variant_id: ctx.seed.variantId, quantity: 1 }]
        )
        ctx.sandbox.failNext(1, mode, "gatewayASingle")
        const res = await attempt(cart.id, PROVIDERS.gatewayA)
        expect(res.status).toBe(500)
        // The customer reads that the gateway is unavailable; the cause is on the record (and in the log).
        expect(res.data.code).toBe("paylink.gateway_unavailable")
        expect(JSON.stringify(res.data)).not.toContain("sandbox-token-a")
        // Exactly one call: a checkout POST that may have reached the service is never repeated.
        expect(ctx.sandbox.requests).toHaveLength(1)
        const [failed] = await records()
        expect(failed).toMatchObject({
          status: outcome,
          failure_reason: expect.stringMatching(message),
          // The same reason as a code, for the admin's language.
          failure_detail: {
            code: {
              "500": "unavailable",
              "401": "authentication",
              hang: "no_answer",
              malformed: "no_answer",
            }[mode],
            params: { gateway: "gateway_a" },
          },
        })

        const retry = await attempt(cart.id, PROVIDERS.gatewayA)
        expect(retry.status).toBe(200)
        const back = await followReturn(
          api,
          await pressOnHostedPage(retry.data.payment_session.data.url, "pay")
        )
        expect(back.status).toBe(200)
        const { data } = await api.get(
          `/admin/orders/${orderIdFrom(landedAt(back))}?fields=total`,
          ctx.admin
        )
        expect(data.order.total).toBe(100)
        const all = await records()
        // The retry withdrew the unknown link: the customer is sent to exactly one.
        expect(all.map((r) => r.status).sort()).toEqual([
          "completed",
          outcome === "unknown" ? "withdrawn" : "failed",
        ])
      }
    )
  })
})
