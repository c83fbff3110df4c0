import { paylinkSuite } from "../helpers/suite"
import { PROVIDERS } from "../helpers/seed"
import { createCart, createPaymentLink, followReturn, orderIdFrom, pressOnHostedPage } from "../helpers/storefront"

paylinkSuite((ctx) => {
  const { api } = ctx

  const attempt = (cartId: string, providerId: string) =>
    createPaymentLink(api, ctx.seed.publishableKey, cartId, providerId).catch((e: any) => e.response)

  const records = async () =>
    (await api.get(`/admin/paylink/checkouts?limit=100`, ctx.admin)).data.checkouts as any[]

  describe("currency and amount rules, checked before any network call", () => {
    const cases: [string, string, "gtq" | "usd", "variantId" | "cheapVariantId" | "dearVariantId", string][] = [
      ["gateway B in USD", PROVIDERS.gatewayB, "usd", "variantId", "gateway B accepts GTQ only; this charge is in USD"],
      ["gateway C in USD", PROVIDERS.gatewayC, "usd", "variantId", "gateway C accepts GTQ only; this charge is in USD"],
      ["gateway A under GTQ 5", PROVIDERS.gatewayA, "gtq", "cheapVariantId", "from 5.00 to 25000.00; this charge is 4.00"],
      ["gateway A over GTQ 25,000", PROVIDERS.gatewayA, "gtq", "dearVariantId", "from 5.00 to 25000.00; this charge is 30000.00"],
      ["gateway A under USD 5", PROVIDERS.gatewayA, "usd", "cheapVariantId", "USD amounts from 5.00 to 15000.00; this charge is 4.00"],
      ["gateway A over USD 15,000", PROVIDERS.gatewayA, "usd", "dearVariantId", "USD amounts from 5.00 to 15000.00; this charge is 16000.00"],
      ["the subscription over GTQ 25,000", PROVIDERS.subscription, "gtq", "dearVariantId", "from 5.00 to 25000.00"],
    ]
    it.each(cases)("refuses %s with a 400 that states the rule", async (_l, providerId, currency, variant, message) => {
      const region = currency === "gtq" ? ctx.seed.gtqRegionId : ctx.seed.usdRegionId
      const cart = await createCart(api, ctx.seed.publishableKey, region, [{ variant_id: ctx.seed[variant], quantity: 1 }])
      const res = await attempt(cart.id, providerId)
      expect(res.status).toBe(400)
      expect(res.data.message).toContain(message)
      expect(ctx.sandbox.requests).toHaveLength(0)
      expect(await records()).toHaveLength(0)
    })

    it("accepts gateway A in USD inside its bounds", async () => {
      const cart = await createCart(api, ctx.seed.publishableKey, ctx.seed.usdRegionId, [{ variant_id: ctx.seed.variantId, quantity: 1 }])
      const res = await attempt(cart.id, PROVIDERS.gatewayA)
      expect(res.status).toBe(200)
      expect(ctx.sandbox.requests[0].body).toMatchObject({ amount: 20, currency: "USD" })
    })

    it("refuses a provider that is not a payment-link provider, naming the field", async () => {
      const cart = await createCart(api, ctx.seed.publishableKey, ctx.seed.gtqRegionId, [{ variant_id: ctx.seed.variantId, quantity: 1 }])
      const res = await attempt(cart.id, "pp_system_default")
      expect(res.status).toBe(400)
      expect(res.data.message).toMatch(/^provider_id: /)
      const missing = await api
        .post(`/store/carts/${cart.id}/payment-link`, {}, { headers: { "x-publishable-api-key": ctx.seed.publishableKey } })
        .catch((e: any) => e.response)
      expect(missing.status).toBe(400)
      expect(missing.data.message).toContain("provider_id")
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
    it.each(faults)("a %s ends in a clear error, a failed or unknown record, and a retry on the same cart succeeds", async (mode, message) => {
      // No readable answer: the service may have made the link, so the record is unknown, not failed.
      const outcome = mode === "hang" || mode === "malformed" ? "unknown" : "failed"
      const cart = await createCart(api, ctx.seed.publishableKey, ctx.seed.gtqRegionId, [{ variant_id: ctx.seed.variantId, quantity: 1 }])
      ctx.sandbox.failNext(1, mode, "gatewayASingle")
      const res = await attempt(cart.id, PROVIDERS.gatewayA)
      expect(res.status).toBe(500)
      expect(res.data.message).toMatch(message)
      expect(JSON.stringify(res.data)).not.toContain("sandbox-token-a")
      // Exactly one call: a checkout POST that may have reached the service is never repeated.
      expect(ctx.sandbox.requests).toHaveLength(1)
      const [failed] = await records()
      expect(failed).toMatchObject({ status: outcome, failure_reason: expect.stringMatching(message) })

      const retry = await attempt(cart.id, PROVIDERS.gatewayA)
      expect(retry.status).toBe(200)
      const back = await followReturn(api, await pressOnHostedPage(retry.data.payment_session.data.url, "pay"))
      expect(back.status).toBe(303)
      const { data } = await api.get(`/admin/orders/${orderIdFrom(back.headers.location)}?fields=total`, ctx.admin)
      expect(data.order.total).toBe(100)
      const all = await records()
      // The retry withdrew the unknown link: the customer is sent to exactly one.
      expect(all.map((r) => r.status).sort()).toEqual(["completed", outcome === "unknown" ? "withdrawn" : "failed"])
    })
  })
})
