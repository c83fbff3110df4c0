/**
 * Loyalty benefits and money: no authorization is wasted on a discount the cart cannot
 * take, every program call leaves a redemption row, calls per cart are bounded, a benefit that no
 * longer discounts the cart does not block a payment for the cart's total, and the admin and
 * store routes leak neither secrets nor card numbers.
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
  PROGRAM_CREDENTIALS,
} from "../helpers/benefits"
import { addShipping, seedShipping } from "../helpers/shipping"
import { benefitCompletionProblem } from "../../src/lib/benefits/cart-benefit-state"

const CARD = "6011 0000 1234 5678"
const OTHER_CARDS = [
  "4111 1111 1111 1111",
  "5500 0000 0000 0004",
  "3400 0000 0000 009",
]

paylinkSuite((ctx) => {
  const { api, getContainer } = ctx
  const key = () => ctx.seed.publishableKey
  const discountCalls = () =>
    ctx.sandbox.requests.filter((r) => r.endpoint === "discount")
  const getBenefit = async (id: string) =>
    (await api.get(`/store/carts/${id}/benefits`, storeHeaders(key()))).data
  const redemptionsOf = async (cartId: string) =>
    (
      await api.get(
        `/admin/benefits/redemptions?cart_id=${cartId}&order=created_at`,
        ctx.admin
      )
    ).data.redemptions as any[]
  const gtqCart = (quantity = 2) =>
    createCart(api, key(), ctx.seed.gtqRegionId, [
      { variant_id: ctx.seed.variantId, quantity },
    ])
  const remove = (cartId: string) =>
    api.delete(`/store/carts/${cartId}/benefits`, storeHeaders(key()))

  describe("with the program enabled", () => {
    beforeEach(async () => {
      await enableProgram(api, ctx.admin)
      ctx.sandbox.clearRequests()
    })

    describe("a discount the promotion cannot take in full", () => {
      it.each([
        ["fixed GTQ 160", { kind: "fixed", value: 160 }],
        ["fixed GTQ 1000", { kind: "fixed", value: 1000 }],
        [
          "95 % of the total",
          { kind: "percentage", value: 95, applies_to: "items_and_shipping" },
        ],
      ])(
        "%s on items 150 + shipping 25 is refused before any program call",
        async (_label, terms) => {
          const { shippingOptionId, shippedVariantId } =
            await seedShipping(getContainer())
          const cart = await createCart(api, key(), ctx.seed.gtqRegionId, [
            { variant_id: shippedVariantId, quantity: 1 },
          ])
          const shipped = await addShipping(
            api,
            key(),
            cart.id,
            shippingOptionId
          )
          expect(shipped.total).toBe(175)
          const rule = await createRule(api, ctx.admin, {
            name: "Big",
            cap: null,
            min_total: null,
            ...terms,
          })
          const res = await applyBenefit(api, key(), cart.id, {
            card: CARD,
            rule_id: rule.id,
          })
          expect(res.status).toBe(400)
          // The customer is told to add products or pick another benefit; the log says how much the items allow.
          expect(res.data.code).toBe("benefits.not_eligible")
          expect(discountCalls()).toHaveLength(0)
          expect(await redemptionsOf(cart.id)).toHaveLength(0)
          expect((await getBenefit(cart.id)).cart.total).toBe(175)
        }
      )

      it("a discount of exactly the items' total applies, shipping stays to pay", async () => {
        const { shippingOptionId, shippedVariantId } =
          await seedShipping(getContainer())
        const cart = await createCart(api, key(), ctx.seed.gtqRegionId, [
          { variant_id: shippedVariantId, quantity: 1 },
        ])
        await addShipping(api, key(), cart.id, shippingOptionId)
        const rule = await createRule(api, ctx.admin, {
          name: "All items",
          kind: "fixed",
          value: 150,
          cap: null,
          min_total: null,
        })
        const res = await applyBenefit(api, key(), cart.id, {
          card: CARD,
          rule_id: rule.id,
        })
        expect(res.status).toBe(200)
        expect(res.data.cart.total).toBe(25)
        expect(discountCalls().map((c) => c.body)).toEqual([
          expect.objectContaining({ discount: 150, total: 175 }),
        ])
      })
    })

    it("5 apply/remove cycles with the same card and total make 1 program call", async () => {
      const rule = await createRule(api, ctx.admin)
      const cart = await gtqCart()
      const authorizations = new Set<string>()
      for (let i = 0; i < 5; i++) {
        const applied = await applyBenefit(api, key(), cart.id, {
          card: CARD,
          rule_id: rule.id,
        })
        expect(applied.status).toBe(200)
        expect(applied.data.cart.total).toBe(180)
        authorizations.add(applied.data.benefit.authorization)
        expect((await remove(cart.id)).data.cart.total).toBe(200)
      }
      expect(discountCalls()).toHaveLength(1)
      expect(authorizations.size).toBe(1)
      const rows = await redemptionsOf(cart.id)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        status: "removed",
        attempt: 1,
        reference: expect.any(String),
      })
    })

    it("writes the redemption as pending before the call; a timeout leaves it unknown", async () => {
      const rule = await createRule(api, ctx.admin)
      const cart = await gtqCart()
      ctx.sandbox.failNext(1, "hang", "discount")
      const pending = applyBenefit(api, key(), cart.id, {
        card: CARD,
        rule_id: rule.id,
      })
      const during = await eventually(
        async () =>
          (
            await ctx.dbConnection.raw(
              `select status from benefit_redemption where cart_id = ?`,
              [cart.id]
            )
          ).rows,
        (rows: any[]) => rows.length > 0,
        1_000
      )
      expect(during).toEqual([{ status: "pending" }])
      const res = await pending
      expect(res.status).toBe(500)
      // One sentence each: what failed, then what the store did about it (the reference to quote).
      expect(res.data.code).toBe("benefits.outcome_unknown")
      expect(res.data.message).toMatch(
        /no discount was applied\. If you contact the store, quote reference BEN-[0-9A-Z]+\.$/
      )
      const [row] = await redemptionsOf(cart.id)
      expect(row).toMatchObject({
        status: "unknown",
        discount: 20,
        total: 200,
        reference: expect.any(String),
        authorization: null,
      })
      expect(row.failure_reason).toContain("may have authorized")
      expect((await getBenefit(cart.id)).cart.total).toBe(200)
      // The retry is a second (bounded) call, and both attempts are on record.
      expect(
        (
          await applyBenefit(api, key(), cart.id, {
            card: CARD,
            rule_id: rule.id,
          })
        ).status
      ).toBe(200)
      expect((await redemptionsOf(cart.id)).map((r) => r.status)).toEqual([
        "unknown",
        "authorized",
      ])
      expect(discountCalls()).toHaveLength(2)
    })

    it("an authorization that arrives after the deadline is traced: the redemption stays unknown", async () => {
      const rule = await createRule(api, ctx.admin)
      const cart = await gtqCart()
      // "late": the sandbox authorizes and answers 3 s later, past the app's 1.5 s deadline.
      ctx.sandbox.failNext(1, "late" as any, "discount")
      const res = await applyBenefit(api, key(), cart.id, {
        card: CARD,
        rule_id: rule.id,
      })
      expect(res.status).toBe(500)
      expect(res.data.code).toBe("benefits.outcome_unknown")
      expect(discountCalls()).toHaveLength(1)
      // The program did authorize it (the sandbox's own account): the unknown row is what traces it.
      expect(ctx.sandbox.discounts.at(-1)).toMatchObject({
        answeredLate: true,
        cardLast4: CARD.slice(-4),
      })
      const rows = await redemptionsOf(cart.id)
      expect(rows).toEqual([
        expect.objectContaining({
          status: "unknown",
          reference: expect.any(String),
          attempt: 1,
        }),
      ])
      expect((await getBenefit(cart.id)).cart.total).toBe(200)
    })

    it("stops calling the program after benefitCallsPerCart (3) calls on one cart; a held authorization is still reused", async () => {
      const rule = await createRule(api, ctx.admin)
      const cart = await gtqCart()
      for (const card of [CARD, ...OTHER_CARDS.slice(0, 2)]) {
        expect(
          (await applyBenefit(api, key(), cart.id, { card, rule_id: rule.id }))
            .status
        ).toBe(200)
        await remove(cart.id)
      }
      expect(discountCalls()).toHaveLength(3)
      const refused = await applyBenefit(api, key(), cart.id, {
        card: OTHER_CARDS[2],
        rule_id: rule.id,
      })
      expect(refused.status).toBe(400)
      expect(refused.data.code).toBe("benefits.cart_limit")
      expect(discountCalls()).toHaveLength(3)
      const reused = await applyBenefit(api, key(), cart.id, {
        card: CARD,
        rule_id: rule.id,
      })
      expect(reused.status).toBe(200)
      expect(reused.data.cart.total).toBe(180)
      expect(discountCalls()).toHaveLength(3)
    })

    describe("a benefit that no longer discounts the cart does not block paying the cart's total", () => {
      async function payNewTotal(cartId: string, amount: string) {
        const link = await createPaymentLink(
          api,
          key(),
          cartId,
          PROVIDERS.gatewayA
        )
        expect(link.data.payment_session.data.amount).toBe(amount)
        const back = await followReturn(
          api,
          await pressOnHostedPage(link.data.payment_session.data.url, "pay")
        )
        expect(back.status).toBe(200)
        return orderIdFrom(landedAt(back))
      }

      it("after a cart change made it stale", async () => {
        const rule = await createRule(api, ctx.admin)
        const cart = await gtqCart()
        await applyBenefit(api, key(), cart.id, {
          card: CARD,
          rule_id: rule.id,
        })
        await api.post(
          `/store/carts/${cart.id}/line-items`,
          { variant_id: ctx.seed.variantId, quantity: 1 },
          storeHeaders(key())
        )
        const stale = await getBenefit(cart.id)
        expect(stale.benefit.status).toBe("stale")
        expect(stale.cart.total).toBe(300)

        const orderId = await payNewTotal(cart.id, "300.00")
        const { data } = await api.get(
          `/admin/orders/${orderId}?fields=id,total,*benefit_redemptions`,
          ctx.admin
        )
        expect(data.order.total).toBe(300)
        expect(data.order.benefit_redemptions ?? []).toHaveLength(0)
        expect((await redemptionsOf(cart.id)).map((r) => r.status)).toEqual([
          "stale",
        ])
      })

      it("after the loyalty promotion was removed with the core DELETE /store/carts/:id/promotions", async () => {
        const rule = await createRule(api, ctx.admin)
        const cart = await gtqCart()
        const code = (
          await applyBenefit(api, key(), cart.id, {
            card: CARD,
            rule_id: rule.id,
          })
        ).data.benefit.promotion_code
        await api.delete(`/store/carts/${cart.id}/promotions`, {
          ...storeHeaders(key()),
          data: { promo_codes: [code] },
        })

        const orderId = await payNewTotal(cart.id, "200.00")
        const order = await eventually(
          async () =>
            (
              await api.get(
                `/admin/orders/${orderId}?fields=id,total,*promotions`,
                ctx.admin
              )
            ).data.order,
          (o) => !!o
        )
        expect(order.total).toBe(200)
        expect(order.promotions ?? []).toHaveLength(0)
        // The order did not use the benefit: the redemption is not marked redeemed.
        const rows = await eventually(
          () => redemptionsOf(cart.id),
          (rs) => rs[0]?.status === "removed"
        )
        expect(rows.map((r) => r.status)).toEqual(["removed"])
      })

      it("benefitCompletionProblem: only a promotion still on the cart with another total than the authorized one blocks", async () => {
        const rule = await createRule(api, ctx.admin)
        const cart = await gtqCart()
        await applyBenefit(api, key(), cart.id, {
          card: CARD,
          rule_id: rule.id,
        })
        expect(
          await benefitCompletionProblem(getContainer(), cart.id)
        ).toBeNull()
        await api.post(
          `/store/carts/${cart.id}/line-items`,
          { variant_id: ctx.seed.variantId, quantity: 1 },
          storeHeaders(key())
        )
        expect((await getBenefit(cart.id)).benefit.status).toBe("stale")
        expect(
          await benefitCompletionProblem(getContainer(), cart.id)
        ).toBeNull()
        await api.delete(
          `/store/carts/${cart.id}/benefits`,
          storeHeaders(key())
        )
        expect(
          await benefitCompletionProblem(getContainer(), cart.id)
        ).toBeNull()

        // Back to the first total: the authorization held for it is brought back, no new call.
        const items = (
          await api.get(
            `/store/carts/${cart.id}?fields=*items`,
            storeHeaders(key())
          )
        ).data.cart.items
        await api.post(
          `/store/carts/${cart.id}/line-items/${items[0].id}`,
          { quantity: 2 },
          storeHeaders(key())
        )
        const again = await applyBenefit(api, key(), cart.id, {
          card: CARD,
          rule_id: rule.id,
        })
        expect(again.status).toBe(200)
        expect(again.data.cart.total).toBe(180)
        expect(discountCalls()).toHaveLength(1)
        expect(
          await benefitCompletionProblem(getContainer(), cart.id)
        ).toBeNull()

        // As if the cart's total had changed without a refresh of its items (e.g. through the core promotions route).
        await ctx.dbConnection.raw(
          `update benefit_redemption set total = 300, raw_total = '{"value":"300","precision":20}' where cart_id = ? and status = 'authorized'`,
          [cart.id]
        )
        expect(
          await benefitCompletionProblem(getContainer(), cart.id)
        ).toContain("apply the benefit again")
      })
    })
  })

  describe("leaks", () => {
    it("changing the program's base_url needs the password again, and a remote base_url must be https", async () => {
      await enableProgram(api, ctx.admin)
      ctx.sandbox.clearRequests()
      const elsewhere = await api
        .post(
          "/admin/benefits/settings",
          { base_url: "https://benefits.attacker.example" },
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(elsewhere.status).toBe(400)
      expect(elsewhere.data.message).toContain("password")
      expect(
        (
          await api.post(
            "/admin/benefits/settings/test-connection",
            {},
            ctx.admin
          )
        ).data.ok
      ).toBe(true)
      expect(ctx.sandbox.requests.map((r) => r.endpoint)).toEqual(["setup"])

      const plain = await api
        .post(
          "/admin/benefits/settings",
          { base_url: "http://benefits.example.com", password: "x" },
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(plain.status).toBe(400)
      expect(plain.data.message).toContain("https")

      // Loopback may be plain http; with the password given again the change is accepted.
      const local = ctx.sandbox.url.replace("127.0.0.1", "localhost")
      const moved = await api.post(
        "/admin/benefits/settings",
        { base_url: local, password: PROGRAM_CREDENTIALS.password },
        ctx.admin
      )
      expect(moved.data.settings).toMatchObject({
        base_url: local,
        token_set: true,
      })
    })

    it("never answers the card fingerprint through the rules routes", async () => {
      await enableProgram(api, ctx.admin)
      const rule = await createRule(api, ctx.admin)
      const cart = await gtqCart()
      expect(
        (
          await applyBenefit(api, key(), cart.id, {
            card: CARD,
            rule_id: rule.id,
          })
        ).status
      ).toBe(200)
      const [{ card_fingerprint: fingerprint }] = (
        await ctx.dbConnection.raw(
          `select card_fingerprint from benefit_redemption where cart_id = ?`,
          [cart.id]
        )
      ).rows
      expect(fingerprint).toBeTruthy()
      for (const path of [
        "/admin/benefits/rules?fields=redemptions.card_fingerprint",
        "/admin/benefits/rules?fields=*redemptions",
        `/admin/benefits/rules/${rule.id}?fields=redemptions.card_fingerprint`,
        `/admin/benefits/rules/${rule.id}?fields=+redemptions.*`,
        `/admin/benefits/redemptions?fields=card_fingerprint`,
        `/admin/benefits/redemptions?fields=*rule.redemptions`,
      ]) {
        const res = await api.get(path, ctx.admin).catch((e: any) => e.response)
        expect({
          path,
          leaked: JSON.stringify(res.data).includes(fingerprint),
        }).toEqual({ path, leaked: false })
      }
    })

    it("never echoes a card or a password sent with the wrong type", async () => {
      await enableProgram(api, ctx.admin)
      const rule = await createRule(api, ctx.admin)
      const cart = await gtqCart()
      const res = await applyBenefit(api, key(), cart.id, {
        card: 6011000012345678,
        rule_id: rule.id,
      })
      expect(res.status).toBe(400)
      expect(res.data).toMatchObject({
        code: "benefits.card_invalid",
        message: "The card number must have 8 to 19 digits.",
      })
      expect(JSON.stringify(res.data)).not.toMatch(/60110000/)
      const password = await api
        .post("/admin/benefits/settings", { password: 987654321987 }, ctx.admin)
        .catch((e: any) => e.response)
      expect(password.status).toBe(400)
      expect(password.data.message).toContain("password")
      expect(JSON.stringify(password.data)).not.toContain("987654321987")
      expect(discountCalls()).toHaveLength(0)
    })

    it("bounds the integer fields to 32 bits with a 400 naming the field", async () => {
      const code = await api
        .post(
          "/admin/benefits/rules",
          { code: 4_294_967_296, name: "x", kind: "fixed", value: 10 },
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(code.status).toBe(400)
      expect(code.data.message).toContain("code")
      const rule = await createRule(api, ctx.admin)
      const update = await api
        .post(
          `/admin/benefits/rules/${rule.id}`,
          { code: 2_147_483_648 },
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(update.status).toBe(400)
      expect(update.data.message).toContain("code")
      const branch = await api
        .post("/admin/benefits/settings", { branch: 2_147_483_648 }, ctx.admin)
        .catch((e: any) => e.response)
      expect(branch.status).toBe(400)
      expect(branch.data.message).toContain("branch")
      const fine = await createRule(api, ctx.admin, {
        code: 2_147_483_647,
        name: "Max",
      })
      expect(fine.id).toBeTruthy()
    })
  })
})
