/**
 * The benefits program attacked as a payments engineer would: one card
 * farmed across many carts, sequentially and in parallel; store routes asked for private fields;
 * small wrong inputs that must get a clear 4xx.
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
import {
  applyBenefit,
  createRule,
  enableProgram,
  eventually,
} from "../helpers/benefits"
import { seedShipping } from "../helpers/shipping"
import { withRefusalLog } from "../helpers/store-errors"

const CARDS = [
  "6011 0000 1234 5678",
  "4111 1111 1111 1111",
  "5500 0000 0000 0004",
]
const last4 = (card: string) => card.replace(/\D/g, "").slice(-4)

paylinkSuite((ctx) => {
  const { api, getContainer } = ctx
  const key = () => ctx.seed.publishableKey
  const discountCalls = () =>
    ctx.sandbox.requests.filter((r) => r.endpoint === "discount")
  /** What the program (the sandbox's own account) granted for a card. */
  const grantedFor = (card: string) =>
    ctx.sandbox.discounts.filter((d) => d.cardLast4 === last4(card))
  const gtqCart = () =>
    createCart(api, key(), ctx.seed.gtqRegionId, [
      { variant_id: ctx.seed.variantId, quantity: 2 },
    ])
  async function carts(n: number) {
    const made = []
    for (let i = 0; i < n; i++) {
      made.push(await gtqCart())
    }
    return made
  }
  const remove = (cartId: string) =>
    api
      .delete(`/store/carts/${cartId}/benefits`, storeHeaders(key()))
      .catch((e: any) => e.response)
  const redemptionsOf = async (cartId: string) =>
    (
      await api.get(
        `/admin/benefits/redemptions?cart_id=${cartId}&order=created_at`,
        ctx.admin
      )
    ).data.redemptions as any[]

  /** Pays the cart through a gateway A link and comes back: the order's id. */
  async function placeOrder(cartId: string) {
    const link = await createPaymentLink(api, key(), cartId, PROVIDERS.gatewayA)
    const back = await followReturn(
      api,
      await pressOnHostedPage(link.data.payment_session.data.url, "pay")
    )
    expect(back.status).toBe(200)
    return orderIdFrom(landedAt(back))
  }

  beforeEach(async () => {
    await enableProgram(api, ctx.admin)
    ctx.sandbox.clearRequests()
  })

  describe("B.7 unused authorizations are bounded per card, across carts", () => {
    it("4 guest carts × 3 cards, apply then remove: each card gets 3 authorizations, the 4th apply is refused before any call", async () => {
      const rule = await createRule(api, ctx.admin)
      const four = await carts(4)
      const started = Date.now()
      const outcomes: Record<string, number[]> = {}
      for (const card of CARDS) {
        outcomes[card] = []
        for (const cart of four) {
          const before = discountCalls().length
          const { answer: res, log } = await withRefusalLog(
            getContainer(),
            () => applyBenefit(api, key(), cart.id, { card, rule_id: rule.id })
          )
          outcomes[card].push(res.status)
          if (res.status === 200) {
            expect((await remove(cart.id)).status).toBe(200)
            continue
          }
          // Refused locally: no program call, a 4xx that says the card reached its limit for now.
          expect(discountCalls().length).toBe(before)
          expect(res.status).toBe(400)
          expect(res.data.code).toBe("benefits.card_limit")
          expect(res.data.message).not.toContain(last4(card))
          // The log says which card (its last four digits only) and which option.
          expect(log).toContain(`ending in ${last4(card)}`)
          expect(log).toContain("limit of 3")
          expect(log).toContain("benefitAuthorizationsPerCard")
          expect(log).not.toContain(card.replace(/\D/g, ""))
        }
      }
      console.log(
        `B.7 sequential: ${discountCalls().length} program calls for 12 applies in ${Date.now() - started} ms`
      )
      for (const card of CARDS) {
        expect({ card, outcomes: outcomes[card] }).toEqual({
          card,
          outcomes: [200, 200, 200, 400],
        })
        expect(grantedFor(card)).toHaveLength(3)
      }
      expect(discountCalls()).toHaveLength(9)
      // The per-cart limit still holds on its own: the first cart had 3 calls (one per card), and
      // a 4th card there is refused by it.
      const perCart = await applyBenefit(api, key(), four[0].id, {
        card: "3400 0000 0000 009",
        rule_id: rule.id,
      })
      expect(perCart.status).toBe(400)
      expect(perCart.data.code).toBe("benefits.cart_limit")
    })

    it("reusing the same authorization does not count, and still works past the limit", async () => {
      const rule = await createRule(api, ctx.admin)
      const [first, ...others] = await carts(4)
      for (let i = 0; i < 4; i++) {
        expect(
          (
            await applyBenefit(api, key(), first.id, {
              card: CARDS[0],
              rule_id: rule.id,
            })
          ).status
        ).toBe(200)
        expect((await remove(first.id)).status).toBe(200)
      }
      expect(discountCalls()).toHaveLength(1)
      for (const cart of others.slice(0, 2)) {
        expect(
          (
            await applyBenefit(api, key(), cart.id, {
              card: CARDS[0],
              rule_id: rule.id,
            })
          ).status
        ).toBe(200)
        await remove(cart.id)
      }
      const refused = await applyBenefit(api, key(), others[2].id, {
        card: CARDS[0],
        rule_id: rule.id,
      })
      expect(refused.status).toBe(400)
      expect(refused.data.code).toBe("benefits.card_limit")
      expect(discountCalls()).toHaveLength(3)
      // The authorization held for the first cart is brought back without a call.
      const reused = await applyBenefit(api, key(), first.id, {
        card: CARDS[0],
        rule_id: rule.id,
      })
      expect(reused.status).toBe(200)
      expect(reused.data.cart.total).toBe(180)
      expect(discountCalls()).toHaveLength(3)
    })

    it("an authorization that ended in an order does not count", async () => {
      const rule = await createRule(api, ctx.admin)
      const [ordered, ...others] = await carts(5)
      expect(
        (
          await applyBenefit(api, key(), ordered.id, {
            card: CARDS[0],
            rule_id: rule.id,
          })
        ).status
      ).toBe(200)
      await placeOrder(ordered.id)
      const redeemed = await eventually(
        () => redemptionsOf(ordered.id),
        (rows) => rows[0]?.status === "redeemed"
      )
      expect(redeemed.map((r) => r.status)).toEqual(["redeemed"])
      for (const cart of others.slice(0, 3)) {
        expect(
          (
            await applyBenefit(api, key(), cart.id, {
              card: CARDS[0],
              rule_id: rule.id,
            })
          ).status
        ).toBe(200)
        await remove(cart.id)
      }
      const refused = await applyBenefit(api, key(), others[3].id, {
        card: CARDS[0],
        rule_id: rule.id,
      })
      expect(refused.status).toBe(400)
      expect(refused.data.code).toBe("benefits.card_limit")
      expect(grantedFor(CARDS[0])).toHaveLength(4)
    })

    it("parallel applies of one card on many carts: the program grants no more than the limit", async () => {
      const rule = await createRule(api, ctx.admin)
      const perCard = 5
      const targets = await carts(perCard * 2)
      const started = Date.now()
      const results = await Promise.all(
        targets.map((cart, i) =>
          applyBenefit(api, key(), cart.id, {
            card: CARDS[i % 2],
            rule_id: rule.id,
          })
        )
      )
      const ms = Date.now() - started
      for (const card of CARDS.slice(0, 2)) {
        const mine = results.filter((_r, i) => CARDS[i % 2] === card)
        const statuses = mine.map((r) => r.status).sort()
        console.log(
          `B.7 parallel: card …${last4(card)}: ${perCard} applies at once -> ${statuses.join(",")}, ${grantedFor(card).length} granted (${ms} ms)`
        )
        expect(statuses).toEqual([200, 200, 200, 400, 400])
        for (const refused of mine.filter((r) => r.status !== 200)) {
          expect(refused.data.code).toBe("benefits.card_limit")
        }
        expect(grantedFor(card)).toHaveLength(3)
      }
      expect(discountCalls()).toHaveLength(6)
      // Nothing stored the card in clear: the rows keep the last four digits and a keyed hash.
      const { rows } = await ctx.dbConnection.raw(
        `select * from benefit_redemption`
      )
      expect(rows).toHaveLength(6)
      for (const card of CARDS) {
        expect(JSON.stringify(rows)).not.toContain(card.replace(/\D/g, ""))
      }
    })
  })

  describe("C.8 store routes answer only public fields", () => {
    /** Every path of `value` that is an object key, e.g. "cart.sales_channel.publishable_api_keys". */
    function keyPaths(value: unknown, prefix = ""): string[] {
      if (Array.isArray(value)) {
        return value.flatMap((v) => keyPaths(v, prefix))
      }
      if (value && typeof value === "object") {
        return Object.entries(value).flatMap(([k, v]) => {
          const path = prefix ? `${prefix}.${k}` : k
          return [path, ...keyPaths(v, path)]
        })
      }
      return []
    }

    // Each asks for something Medusa's own GET /store/carts/:id never answers.
    const PRIVATE = [
      [
        "the redemption's card fingerprint, program code, reference and attempt",
        "id,benefit_redemptions.*",
        "cart.benefit_redemptions",
      ],
      [
        "the rule's program code",
        "id,benefit_redemptions.rule.*",
        "cart.benefit_redemptions",
      ],
      [
        "promotion internals (its rules)",
        "id,promotions.code,promotions.rules.*,promotions.rules.values.*",
        "cart.promotions.rules",
      ],
      [
        "promotion internals (its campaign)",
        "id,promotions.campaign.*",
        "cart.promotions.campaign",
      ],
      [
        "the sales channel's publishable keys",
        "id,sales_channel.*,sales_channel.publishable_api_keys.*",
        "cart.sales_channel",
      ],
      [
        "the stock location's address",
        "id,sales_channel.stock_locations.*,sales_channel.stock_locations.address.*",
        "cart.sales_channel",
      ],
      [
        "the region's providers",
        "id,region.id,region.payment_providers.*",
        "cart.region.payment_providers",
      ],
    ] as const

    it.each(PRIVATE)(
      "GET /store/carts/:id/benefits?fields= cannot reach %s",
      async (_what, fields, path) => {
        await seedShipping(getContainer())
        const rule = await createRule(api, ctx.admin)
        const cart = await gtqCart()
        expect(
          (
            await applyBenefit(api, key(), cart.id, {
              card: CARDS[0],
              rule_id: rule.id,
            })
          ).status
        ).toBe(200)
        const res = await api
          .get(
            `/store/carts/${cart.id}/benefits?fields=${fields}`,
            storeHeaders(key())
          )
          .catch((e: any) => e.response)
        // A 400 or the field left out; never the data.
        if (res.status !== 400) {
          expect(res.status).toBe(200)
          expect(keyPaths(res.data)).not.toContain(path)
        }
        const text = JSON.stringify(res.data)
        expect(text).not.toContain("card_fingerprint")
        expect(text).not.toContain(ctx.seed.publishableKey)
        expect(text).not.toContain("Bodega Zona 1")
      }
    )

    it("the same leaks through POST and DELETE /store/carts/:id/benefits are closed", async () => {
      const rule = await createRule(api, ctx.admin)
      const cart = await gtqCart()
      const fields =
        "id,benefit_redemptions.*,sales_channel.publishable_api_keys.*"
      const applied = await api
        .post(
          `/store/carts/${cart.id}/benefits?fields=${fields}`,
          { card: CARDS[0], rule_id: rule.id },
          storeHeaders(key())
        )
        .catch((e: any) => e.response)
      const removed = await api
        .delete(
          `/store/carts/${cart.id}/benefits?fields=${fields}`,
          storeHeaders(key())
        )
        .catch((e: any) => e.response)
      for (const res of [applied, removed]) {
        expect([200, 400]).toContain(res.status)
        expect(JSON.stringify(res.data)).not.toContain("card_fingerprint")
        expect(JSON.stringify(res.data)).not.toContain(ctx.seed.publishableKey)
      }
    })

    it("the public cart fields still come when asked, as on Medusa's cart route", async () => {
      const cart = await gtqCart()
      const { data } = await api.get(
        `/store/carts/${cart.id}/benefits?fields=id,email,total,*items`,
        storeHeaders(key())
      )
      expect(data.cart).toMatchObject({
        id: cart.id,
        email: "ana.lopez@example.com",
        total: 200,
      })
      expect(data.cart.items).toHaveLength(1)
      const { data: plain } = await api.get(
        `/store/carts/${cart.id}/benefits`,
        storeHeaders(key())
      )
      expect(Object.keys(plain.cart).sort()).toEqual(
        [
          "currency_code",
          "discount_total",
          "id",
          "item_total",
          "promotions",
          "region_id",
          "shipping_total",
          "subtotal",
          "tax_total",
          "total",
        ].sort()
      )
    })

    it("the other plugin store routes answer their fixed fields whatever ?fields= asks", async () => {
      await createRule(api, ctx.admin)
      const rules = await api.get(
        `/store/benefits/rules?fields=code,*redemptions`,
        storeHeaders(key())
      )
      expect(rules.status).toBe(200)
      expect(keyPaths(rules.data)).not.toContain("rules.code")
      expect(keyPaths(rules.data)).not.toContain("rules.redemptions")

      const cart = await gtqCart()
      const link = await api.post(
        `/store/carts/${cart.id}/payment-link?fields=*cart,sales_channel.publishable_api_keys.*`,
        { provider_id: PROVIDERS.gatewayA },
        storeHeaders(key())
      )
      expect(Object.keys(link.data)).toEqual(["payment_session"])
      expect(Object.keys(link.data.payment_session).sort()).toEqual([
        "amount",
        "currency_code",
        "data",
        "id",
        "provider_id",
        "status",
      ])
      expect(JSON.stringify(link.data)).not.toContain(ctx.seed.publishableKey)

      const { data: withCollection } = await api.get(
        `/store/carts/${cart.id}?fields=payment_collection.id`,
        storeHeaders(key())
      )
      const collectionId = withCollection.cart.payment_collection.id
      const core = await api
        .post(
          `/store/payment-collections/${collectionId}/payment-sessions?fields=id,cart.*,cart.sales_channel.publishable_api_keys.*`,
          { provider_id: PROVIDERS.gatewayA },
          storeHeaders(key())
        )
        .catch((e: any) => e.response)
      expect([200, 400]).toContain(core.status)
      expect(keyPaths(core.data)).not.toContain("payment_collection.cart")
      expect(JSON.stringify(core.data)).not.toContain(ctx.seed.publishableKey)
    })
  })

  describe("C.12 clear small errors", () => {
    it("DELETE /store/carts/:id/benefits on a completed cart: a 400 saying its order used the benefit", async () => {
      const rule = await createRule(api, ctx.admin)
      const cart = await gtqCart()
      expect(
        (
          await applyBenefit(api, key(), cart.id, {
            card: CARDS[0],
            rule_id: rule.id,
          })
        ).status
      ).toBe(200)
      const orderId = await placeOrder(cart.id)
      await eventually(
        () => redemptionsOf(cart.id),
        (rows) => rows[0]?.status === "redeemed"
      )
      const res = await remove(cart.id)
      expect(res.status).toBe(400)
      // The customer reads that the order used the benefit; the log names the order.
      expect(res.data).toMatchObject({
        code: "benefits.used_by_order",
        message:
          "Your order already used this loyalty benefit, so it can no longer be removed.",
      })
      expect(res.data.message).not.toContain(orderId)
      expect((await redemptionsOf(cart.id)).map((r) => r.status)).toEqual([
        "redeemed",
      ])
    })

    it("DELETE on a completed cart before the order.placed subscriber ran says the same", async () => {
      const rule = await createRule(api, ctx.admin)
      const cart = await gtqCart()
      expect(
        (
          await applyBenefit(api, key(), cart.id, {
            card: CARDS[0],
            rule_id: rule.id,
          })
        ).status
      ).toBe(200)
      await placeOrder(cart.id)
      await eventually(
        () => redemptionsOf(cart.id),
        (rows) => rows[0]?.status === "redeemed"
      )
      // As if order.placed had not been handled yet: the redemption is still authorized.
      await ctx.dbConnection.raw(
        `update benefit_redemption set status = 'authorized', order_id = null, redeemed_at = null where cart_id = ?`,
        [cart.id]
      )
      const res = await remove(cart.id)
      expect(res.status).toBe(400)
      expect(res.data.code).toBe("benefits.used_by_order")
      const { data } = await api.get(
        `/store/carts/${cart.id}?fields=total,discount_total`,
        storeHeaders(key())
      )
      expect(data.cart.discount_total).toBe(20)
    })

    it.each([
      ["fixed", { kind: "fixed", value: -10 }],
      ["percentage", { kind: "percentage", value: -10 }],
      ["zero", { kind: "fixed", value: 0 }],
    ])(
      "a rule with a %s value not above 0 is refused with a message about the sign",
      async (_label, terms) => {
        const res = await api
          .post(
            "/admin/benefits/rules",
            { code: 501, name: "Negative", ...terms },
            ctx.admin
          )
          .catch((e: any) => e.response)
        expect(res.status).toBe(400)
        expect(res.data.message).toContain("value must be greater than 0")
        expect(res.data.message).not.toContain("decimals")
        expect(res.data.message).not.toContain("expected at least")
        const rule = await createRule(api, ctx.admin)
        const update = await api
          .post(`/admin/benefits/rules/${rule.id}`, terms, ctx.admin)
          .catch((e: any) => e.response)
        expect(update.status).toBe(400)
        expect(update.data.message).toContain("value must be greater than 0")
        expect(update.data.message).not.toContain("decimals")
      }
    )

    it("a negative cap or min_total is refused with a message about the sign", async () => {
      const res = await api
        .post(
          "/admin/benefits/rules",
          {
            code: 501,
            name: "Negative",
            kind: "fixed",
            value: 10,
            cap: -5,
            min_total: -1.5,
          },
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(res.status).toBe(400)
      expect(res.data.message).toContain("cap must not be negative")
      expect(res.data.message).toContain("min_total must not be negative")
      expect(res.data.message).not.toContain("decimals")
    })
  })
})
