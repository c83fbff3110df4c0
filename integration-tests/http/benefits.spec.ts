import { Modules } from "@medusajs/framework/utils"
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
  landingTargetOf,
} from "../helpers/storefront"
import { ADMIN_REDEMPTION_FIELDS } from "../../src/lib/benefits/views"
import {
  applyBenefit,
  createRule,
  enableProgram,
  eventually,
  PROGRAM_CREDENTIALS,
} from "../helpers/benefits"
import { withRefusalLog } from "../helpers/store-errors"

const CARD = "6011 0000 1234 5678"

paylinkSuite((ctx) => {
  const { api, getContainer } = ctx
  const key = () => ctx.seed.publishableKey
  const discountCalls = () =>
    ctx.sandbox.requests.filter((r) => r.endpoint === "discount")
  const getCart = async (id: string) =>
    (await api.get(`/store/carts/${id}/benefits`, storeHeaders(key()))).data
  const gtqCart = (quantity = 2) =>
    createCart(api, key(), ctx.seed.gtqRegionId, [
      { variant_id: ctx.seed.variantId, quantity },
    ])

  describe("setup", () => {
    it("stores the token sealed, shows only whether secrets are set, and refuses setup without credentials", async () => {
      const refused = await api
        .post("/admin/benefits/settings/test-connection", {}, ctx.admin)
        .catch((e: any) => e.response)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toContain("needs user, password, branch")
      expect(ctx.sandbox.requests).toHaveLength(0)

      const settings = await enableProgram(api, ctx.admin)
      expect(settings).toMatchObject({
        user: "sandbox",
        branch: 1,
        enabled: true,
        password_set: true,
        token_set: true,
      })
      expect(JSON.stringify(settings)).not.toContain(
        PROGRAM_CREDENTIALS.password
      )
      const setup = ctx.sandbox.requests.filter((r) => r.endpoint === "setup")
      expect(setup).toHaveLength(1)
      expect(setup[0].body).toEqual(PROGRAM_CREDENTIALS)

      // Learn the token from the program call it is used on, then look for it in the database.
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
      const token = discountCalls()[0].headers["x-token"]
      expect(token).toBeTruthy()
      const db = ctx.dbConnection
      const rows = await db.raw(`select * from benefits_settings`)
      const dump = JSON.stringify(rows.rows)
      expect(dump).not.toContain(token)
      expect(dump).not.toContain(PROGRAM_CREDENTIALS.password)
      expect(rows.rows[0].token_sealed).toMatch(/^v1:/)
      const redemptions = JSON.stringify(
        (await db.raw(`select * from benefit_redemption`)).rows
      )
      expect(redemptions).not.toContain("60110000")
      expect(redemptions).toContain("5678")
    })

    it("keeps the old settings when setup is refused (wrong password)", async () => {
      await enableProgram(api, ctx.admin)
      const res = await api
        .post(
          "/admin/benefits/settings",
          { password: "wrong-password" },
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(res.status).toBe(500)
      expect(res.data.message).toContain("rejected the credentials")
      const { data } = await api.get("/admin/benefits/settings", ctx.admin)
      expect(data.settings).toMatchObject({
        password_set: true,
        token_set: true,
      })
      // It proves the credentials (the setup call), and says it proves nothing else.
      const tested = (
        await api.post(
          "/admin/benefits/settings/test-connection",
          {},
          ctx.admin
        )
      ).data
      expect(tested).toMatchObject({
        ok: true,
        proved: ["credentials"],
        not_proved: ["benefit_codes", "discounts"],
      })
      expect(tested.message).toContain(
        "Benefit codes and discounts were not tested"
      )
    })
  })

  describe("with the program enabled", () => {
    let ruleId: string
    beforeEach(async () => {
      await enableProgram(api, ctx.admin)
      ruleId = (await createRule(api, ctx.admin)).id
      ctx.sandbox.clearRequests()
    })

    it("lists active rules for the storefront without the program's code", async () => {
      await createRule(api, ctx.admin, { name: "Old", active: false })
      await createRule(api, ctx.admin, {
        name: "Later",
        starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      })
      const { data } = await api.get(
        "/store/benefits/rules",
        storeHeaders(key())
      )
      expect(data.rules.map((r: any) => r.name)).toEqual(["Club 10%"])
      expect(Object.keys(data.rules[0]).sort()).toEqual([
        "applies_to",
        "cap",
        "currency_code",
        "description",
        "ends_at",
        "id",
        "kind",
        "min_total",
        "name",
        "starts_at",
        "value",
      ])
      expect(data.rules[0]).toMatchObject({
        kind: "percentage",
        value: 10,
        applies_to: "items",
        cap: 50,
        min_total: 50,
      })
    })

    it("applies the discount: the total drops by exactly it, the program got the right body and token", async () => {
      const cart = await gtqCart(2) // GTQ 200 -> 10 % = 20
      const res = await applyBenefit(api, key(), cart.id, {
        card: CARD,
        rule_id: ruleId,
      })
      expect(res.status).toBe(200)
      expect(res.data.cart.total).toBe(180)
      expect(res.data.benefit).toMatchObject({
        status: "authorized",
        card: "•••• 5678",
        discount: 20,
        total: 200,
      })
      expect(JSON.stringify(res.data)).not.toContain("6011")
      const [call] = discountCalls()
      expect(call.body).toEqual({
        discount: 20,
        total: 200,
        currency: "GTQ",
        code: 501,
        card: "6011000012345678",
      })
      expect(call.status).toBe(201)
      expect(res.data.benefit.authorization).toBeTruthy()
      expect(res.data.benefit.confirmation).toBeTruthy()
    })

    it("answers the shapes docs/storefront.md documents, with the cart's region_id for the next call", async () => {
      const cart = await gtqCart(2)
      const CART_KEYS = [
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
      ]
      const BENEFIT_KEYS = [
        "authorization",
        "card",
        "confirmation",
        "currency_code",
        "discount",
        "id",
        "message",
        "promotion_code",
        "rule_id",
        "status",
        "total",
      ]
      const applied = (
        await applyBenefit(api, key(), cart.id, { card: CARD, rule_id: ruleId })
      ).data
      expect(Object.keys(applied).sort()).toEqual(["benefit", "cart"])
      expect(Object.keys(applied.cart).sort()).toEqual(CART_KEYS)
      expect(Object.keys(applied.benefit).sort()).toEqual(BENEFIT_KEYS)
      expect(applied.cart).toMatchObject({
        id: cart.id,
        region_id: ctx.seed.gtqRegionId,
        currency_code: "gtq",
        total: 180,
        discount_total: 20,
      })
      expect(applied.cart.promotions.map((p: any) => p.code)).toEqual([
        applied.benefit.promotion_code,
      ])
      expect(Object.keys(applied.cart.promotions[0]).sort()).toEqual([
        "code",
        "id",
      ])
      expect(applied.benefit).toMatchObject({
        status: "authorized",
        rule_id: ruleId,
        currency_code: "gtq",
        message: null,
      })

      // The README's next call: the payment providers of the cart's region, from the answer's cart.
      const { data: providers } = await api.get(
        `/store/payment-providers?region_id=${applied.cart.region_id}`,
        storeHeaders(key())
      )
      expect(providers.payment_providers.map((p: any) => p.id)).toContain(
        PROVIDERS.gatewayA
      )

      const current = (
        await api.get(`/store/carts/${cart.id}/benefits`, storeHeaders(key()))
      ).data
      expect(Object.keys(current.cart).sort()).toEqual(CART_KEYS)
      // The default fields are read without the general query: the same answer as it gives.
      const { data: graph } = await getContainer()
        .resolve("query")
        .graph({
          entity: "cart",
          fields: CART_KEYS.map((k) =>
            k === "promotions" ? "promotions.code" : k
          ),
          filters: { id: cart.id },
        })
      expect(current.cart).toEqual(JSON.parse(JSON.stringify(graph[0])))
      expect(current.benefit.id).toBe(applied.benefit.id)
      const removed = (
        await api.delete(
          `/store/carts/${cart.id}/benefits`,
          storeHeaders(key())
        )
      ).data
      expect(Object.keys(removed.cart).sort()).toEqual(CART_KEYS)
      expect(removed.benefit).toBeNull()
      // ?fields= asks for other cart fields, as on Medusa's cart routes.
      const { data: withEmail } = await api.get(
        `/store/carts/${cart.id}/benefits?fields=id,email`,
        storeHeaders(key())
      )
      expect(Object.keys(withEmail.cart).sort()).toEqual(["email", "id"])
    })

    it("caps the discount and refuses a total under the rule's minimum", async () => {
      const big = await createCart(api, key(), ctx.seed.gtqRegionId, [
        { variant_id: ctx.seed.variantId, quantity: 9 },
      ])
      expect(
        (
          await applyBenefit(api, key(), big.id, {
            card: CARD,
            rule_id: ruleId,
          })
        ).data.benefit.discount
      ).toBe(50)
      const small = await createCart(api, key(), ctx.seed.gtqRegionId, [
        { variant_id: ctx.seed.cheapVariantId, quantity: 1 },
      ])
      const res = await applyBenefit(api, key(), small.id, {
        card: CARD,
        rule_id: ruleId,
      })
      expect(res.status).toBe(400)
      expect(res.data).toMatchObject({
        code: "benefits.minimum_not_reached",
        message:
          "This benefit needs a total of at least Q 50.00, and your total is Q 4.00.",
      })
      expect(discountCalls()).toHaveLength(1)
    })

    it("refuses a bad card, an inactive rule, a non-GTQ cart, a completed cart and a second benefit, without calling the program", async () => {
      const cart = await gtqCart()
      const inactive = (
        await createRule(api, ctx.admin, { name: "Off", active: false })
      ).id
      const usd = await createCart(api, key(), ctx.seed.usdRegionId, [
        { variant_id: ctx.seed.variantId, quantity: 1 },
      ])
      // The customer reads the code's sentence; the log names the rule.
      const cases: [
        string,
        string,
        Record<string, unknown>,
        number,
        string,
        string,
      ][] = [
        [
          "letters in the card",
          cart.id,
          { card: "6011-ABCD-1234", rule_id: ruleId },
          400,
          "benefits.card_invalid",
          "card: must be a string of 8 to 19 digits",
        ],
        [
          "a short card",
          cart.id,
          { card: "1234", rule_id: ruleId },
          400,
          "benefits.card_invalid",
          "card: must be a string of 8 to 19 digits",
        ],
        [
          "no card",
          cart.id,
          { rule_id: ruleId },
          400,
          "benefits.card_invalid",
          "card",
        ],
        [
          "an inactive rule",
          cart.id,
          { card: CARD, rule_id: inactive },
          400,
          "benefits.rule_unavailable",
          'Benefit "Off" is not active',
        ],
        [
          "an unknown rule",
          cart.id,
          { card: CARD, rule_id: "brule_missing" },
          404,
          "benefits.rule_unavailable",
          "rule_id: benefit rule brule_missing was not found",
        ],
        [
          "a USD cart",
          usd.id,
          { card: CARD, rule_id: ruleId },
          400,
          "benefits.currency_not_supported",
          "currency_code: the benefits program accepts GTQ carts only",
        ],
      ]
      for (const [label, cartId, body, status, code, detail] of cases) {
        const { answer: res, log } = await withRefusalLog(getContainer(), () =>
          applyBenefit(api, key(), cartId, body)
        )
        expect({ label, status: res.status, code: res.data.code }).toEqual({
          label,
          status,
          code,
        })
        expect({ label, logged: log.includes(detail) }).toEqual({
          label,
          logged: true,
        })
      }
      expect(discountCalls()).toHaveLength(0)

      expect(
        (
          await applyBenefit(api, key(), cart.id, {
            card: CARD,
            rule_id: ruleId,
          })
        ).status
      ).toBe(200)
      const second = await applyBenefit(api, key(), cart.id, {
        card: "4111111111111111",
        rule_id: ruleId,
      })
      expect(second.status).toBe(400)
      expect(second.data.code).toBe("benefits.already_applied")
      expect(discountCalls()).toHaveLength(1)

      const paid = await gtqCart()
      const { data } = await createPaymentLink(
        api,
        key(),
        paid.id,
        PROVIDERS.gatewayC
      )
      await followReturn(
        api,
        await pressOnHostedPage(data.payment_session.data.url, "pay")
      )
      const completed = await applyBenefit(api, key(), paid.id, {
        card: CARD,
        rule_id: ruleId,
      })
      expect(completed.status).toBe(400)
      expect(completed.data.code).toBe("paylink.cart_completed")
      expect(discountCalls()).toHaveLength(1)
    })

    it("pays the discounted total through a payment link and the codes reach the order and the promotion", async () => {
      const cart = await gtqCart()
      const applied = (
        await applyBenefit(api, key(), cart.id, { card: CARD, rule_id: ruleId })
      ).data.benefit
      const { data } = await createPaymentLink(
        api,
        key(),
        cart.id,
        PROVIDERS.gatewayA
      )
      expect(data.payment_session.data.amount).toBe("180.00")
      const back = await followReturn(
        api,
        await pressOnHostedPage(data.payment_session.data.url, "pay")
      )
      const orderId = orderIdFrom(landedAt(back))

      const order = await eventually(
        async () =>
          (
            await api.get(
              `/admin/orders/${orderId}?fields=id,total,discount_total,*promotions,*benefit_redemptions`,
              ctx.admin
            )
          ).data.order,
        (o) => o.benefit_redemptions?.[0]?.status === "redeemed"
      )
      expect(order.total).toBe(180)
      expect(order.benefit_redemptions[0]).toMatchObject({
        status: "redeemed",
        order_id: orderId,
        authorization: applied.authorization,
        confirmation: applied.confirmation,
        card_last4: "5678",
      })
      // Through the order link Medusa answers every column; the fingerprint is a keyed hash, not the card.
      expect(JSON.stringify(order.benefit_redemptions)).not.toContain(
        "6011000012345678"
      )
      expect(order.promotions[0]).toMatchObject({
        code: applied.promotion_code,
      })
      const promotion = (
        await api.get(`/admin/promotions/${order.promotions[0].id}`, ctx.admin)
      ).data.promotion
      expect(promotion.metadata).toMatchObject({
        authorization: applied.authorization,
        confirmation: applied.confirmation,
      })
      expect(promotion).toMatchObject({ limit: 1, is_tax_inclusive: true })

      const listed = (
        await api.get(
          `/admin/benefits/redemptions?order_id=${orderId}`,
          ctx.admin
        )
      ).data.redemptions
      expect(listed).toHaveLength(1)
      expect(Object.keys(listed[0]).sort()).toEqual(
        [...ADMIN_REDEMPTION_FIELDS].sort()
      )
      const tomorrow = encodeURIComponent(
        new Date(Date.now() + 86_400_000).toISOString()
      )
      const since = (
        await api.get(
          `/admin/benefits/redemptions?created_at[$gte]=${tomorrow}`,
          ctx.admin
        )
      ).data
      expect(since.count).toBe(0)
      const until = (
        await api.get(
          `/admin/benefits/redemptions?created_at[$lte]=${tomorrow}&status=redeemed`,
          ctx.admin
        )
      ).data
      expect(until.redemptions.map((r: any) => r.order_id)).toEqual([orderId])
    })

    it("ties the promotion to its cart: another cart cannot use the code", async () => {
      const cart = await gtqCart()
      const code = (
        await applyBenefit(api, key(), cart.id, { card: CARD, rule_id: ruleId })
      ).data.benefit.promotion_code
      const other = await gtqCart()
      await api
        .post(
          `/store/carts/${other.id}/promotions`,
          { promo_codes: [code] },
          storeHeaders(key())
        )
        .catch((e: any) => e.response)
      const { data } = await api.get(
        `/store/carts/${other.id}?fields=total,*promotions`,
        storeHeaders(key())
      )
      expect(data.cart.total).toBe(200)
      expect(data.cart.promotions ?? []).toHaveLength(0)
    })

    it("removes the benefit: the total comes back and the redemption is marked removed", async () => {
      const cart = await gtqCart()
      await applyBenefit(api, key(), cart.id, { card: CARD, rule_id: ruleId })
      const { data } = await api.delete(
        `/store/carts/${cart.id}/benefits`,
        storeHeaders(key())
      )
      expect(data.cart.total).toBe(200)
      expect(data.benefit).toBeNull()
      const [redemption] = (
        await api.get(
          `/admin/benefits/redemptions?cart_id=${cart.id}`,
          ctx.admin
        )
      ).data.redemptions
      expect(redemption.status).toBe("removed")
      const again = await api
        .delete(`/store/carts/${cart.id}/benefits`, storeHeaders(key()))
        .catch((e: any) => e.response)
      expect(again.status).toBe(404)
    })

    it("a cart change makes the benefit stale and takes the discount off; applying again needs no remove", async () => {
      const cart = await gtqCart()
      await applyBenefit(api, key(), cart.id, { card: CARD, rule_id: ruleId })
      await createPaymentLink(api, key(), cart.id, PROVIDERS.gatewayA)
      await api.post(
        `/store/carts/${cart.id}/line-items`,
        { variant_id: ctx.seed.variantId, quantity: 1 },
        storeHeaders(key())
      )
      const { data: changed } = await api.get(
        `/store/carts/${cart.id}?fields=total,payment_collection.amount`,
        storeHeaders(key())
      )
      expect(changed.cart.payment_collection.amount).toBe(300)
      // Taken off inside the cart change itself (before its payment collection is refreshed), not later.
      const stale = await getCart(cart.id)
      expect(stale.benefit.status).toBe("stale")
      expect(stale.benefit.message).toContain("apply the benefit again")
      expect(stale.cart.total).toBe(300)
      expect(stale.cart.promotions ?? []).toHaveLength(0)

      const again = await applyBenefit(api, key(), cart.id, {
        card: CARD,
        rule_id: ruleId,
      })
      expect(again.status).toBe(200)
      expect(again.data.cart.total).toBe(270)
      expect(again.data.benefit).toMatchObject({
        status: "authorized",
        total: 300,
        discount: 30,
      })
      expect(discountCalls().map((c) => (c.body as any).total)).toEqual([
        200, 300,
      ])
      const statuses = (
        await api.get(
          `/admin/benefits/redemptions?cart_id=${cart.id}&order=created_at`,
          ctx.admin
        )
      ).data.redemptions.map((r: any) => r.status)
      expect(statuses).toEqual(["stale", "authorized"])
    })

    it.each([
      ["removing", "remove"],
      ["applying", "apply"],
    ] as const)(
      "%s the benefit after a link was made withdraws the link: paying it places no order, and a new link waits for the merchant",
      async (_l, change) => {
        const cart = await gtqCart()
        if (change === "remove") {
          await applyBenefit(api, key(), cart.id, {
            card: CARD,
            rule_id: ruleId,
          })
        }
        const old = (
          await createPaymentLink(api, key(), cart.id, PROVIDERS.gatewayA)
        ).data.payment_session
        if (change === "remove") {
          await api.delete(
            `/store/carts/${cart.id}/benefits`,
            storeHeaders(key())
          )
        } else {
          expect(
            (
              await applyBenefit(api, key(), cart.id, {
                card: CARD,
                rule_id: ruleId,
              })
            ).status
          ).toBe(200)
        }
        // No order at the old amount: the return is refused or left for the merchant to settle
        // (the payment-link side decides which page the customer sees), never a redirect to an order.
        const refused = await followReturn(
          api,
          await pressOnHostedPage(old.data.url, "pay")
        )
        expect(landingTargetOf(refused)).toBeNull()
        const { data: orders } = await api.get(
          `/admin/orders?fields=id`,
          ctx.admin
        )
        expect(orders.orders).toHaveLength(0)
        // No new link while that payment awaits the merchant; once refunded by hand,
        // a new link carries the new total.
        const waiting = await createPaymentLink(
          api,
          key(),
          cart.id,
          PROVIDERS.gatewayA
        ).catch((e: any) => e.response)
        expect(waiting.status).toBe(400)
        expect(waiting.data).toMatchObject({
          code: "paylink.paid_link_pending",
          message: expect.stringContaining(`(payment link ${old.data.number})`),
        })
        const [record] = (
          await api.get(
            `/admin/paylink/checkouts?number=${old.data.number}`,
            ctx.admin
          )
        ).data.checkouts
        await api.post(
          `/admin/paylink/checkouts/${record.id}/mark-refunded`,
          { note: "Refunded in gateway A's dashboard" },
          ctx.admin
        )
        const fresh = (
          await createPaymentLink(api, key(), cart.id, PROVIDERS.gatewayA)
        ).data.payment_session
        expect(fresh.data.amount).toBe(
          change === "remove" ? "200.00" : "180.00"
        )
      }
    )

    it("20 concurrent applies on one cart make one program call", async () => {
      const cart = await gtqCart()
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          applyBenefit(api, key(), cart.id, { card: CARD, rule_id: ruleId })
        )
      )
      const statuses = results.map((r) => r.status)
      expect(statuses.filter((s) => s === 200)).toHaveLength(1)
      // The others: "already applied" (400), or, on a loaded machine, a request that waited past
      // the cart lock's 30 s and may be retried (409); never a 500.
      expect(statuses.filter((s) => s === 400 || s === 409).length).toBe(19)
      expect(discountCalls()).toHaveLength(1)
      expect((await getCart(cart.id)).cart.total).toBe(180)
    })

    it("a 401 triggers one fresh setup and one retry", async () => {
      ctx.sandbox.revokeBenefitTokens()
      const cart = await gtqCart()
      const res = await applyBenefit(api, key(), cart.id, {
        card: CARD,
        rule_id: ruleId,
      })
      expect(res.status).toBe(200)
      expect(
        ctx.sandbox.requests.map((r) => `${r.endpoint} ${r.status}`)
      ).toEqual(["discount 401", "setup 200", "discount 201"])
    })

    it("a second 401 is a clear credentials error and nothing is applied", async () => {
      const cart = await gtqCart()
      ctx.sandbox.failNext(2, "401", "discount")
      const { answer: res, log } = await withRefusalLog(getContainer(), () =>
        applyBenefit(api, key(), cart.id, { card: CARD, rule_id: ruleId })
      )
      expect(res.status).toBe(500)
      expect(res.data.code).toBe("benefits.program_unavailable")
      expect(log).toContain("rejected the credentials")
      expect(ctx.sandbox.requests.map((r) => r.endpoint)).toEqual([
        "discount",
        "setup",
        "discount",
      ])
      expect((await getCart(cart.id)).cart.total).toBe(200)
    })

    it.each([
      ["500", /benefits program is unavailable: HTTP 500/, "failed"],
      [
        "hang",
        /benefits program is unavailable: no answer within 1500 ms/,
        "unknown",
      ],
      [
        "malformed",
        /benefits program is unavailable: malformed JSON/,
        "unknown",
      ],
    ] as const)(
      "a program %s is a clear error, nothing is applied, and the call is on record",
      async (mode, message, status) => {
        const cart = await gtqCart()
        ctx.sandbox.failNext(1, mode, "discount")
        const { answer: res, log } = await withRefusalLog(getContainer(), () =>
          applyBenefit(api, key(), cart.id, { card: CARD, rule_id: ruleId })
        )
        expect(res.status).toBe(500)
        // No readable answer: the program may have authorized, so the customer gets the reference to quote.
        expect(res.data.code).toBe(
          status === "unknown"
            ? "benefits.outcome_unknown"
            : "benefits.program_unavailable"
        )
        expect(log).toMatch(message)
        const after = await getCart(cart.id)
        expect(after.cart.total).toBe(200)
        expect(after.benefit).toBeNull()
        const { data } = await api.get(
          `/admin/benefits/redemptions?cart_id=${cart.id}`,
          ctx.admin
        )
        expect(data.redemptions).toEqual([
          expect.objectContaining({
            status,
            authorization: null,
            discount: 20,
            total: 200,
          }),
        ])
        // The lock is released: a retry succeeds.
        expect(
          (
            await applyBenefit(api, key(), cart.id, {
              card: CARD,
              rule_id: ruleId,
            })
          ).status
        ).toBe(200)
      }
    )

    it("keeps a redemption authorized by the program as failed, with its codes, when applying it fails", async () => {
      const cart = await gtqCart()
      const promotions = getContainer().resolve(Modules.PROMOTION)
      const spy = jest
        .spyOn(promotions, "createPromotions")
        .mockRejectedValueOnce(new Error("database unavailable"))
      const { answer: res, log } = await withRefusalLog(getContainer(), () =>
        applyBenefit(api, key(), cart.id, { card: CARD, rule_id: ruleId })
      )
      spy.mockRestore()
      expect(res.status).toBe(500)
      expect(res.data).toMatchObject({
        code: "benefits.not_applied",
        message: expect.stringContaining("nothing was discounted"),
      })
      expect(log).toContain(
        "The benefits program authorized the discount (authorization"
      )
      expect(log).toContain("No discount was applied")
      const [failed] = (
        await api.get(
          `/admin/benefits/redemptions?cart_id=${cart.id}`,
          ctx.admin
        )
      ).data.redemptions
      expect(failed).toMatchObject({
        status: "failed",
        authorization: expect.any(String),
        confirmation: expect.any(String),
      })
      expect((await getCart(cart.id)).cart.total).toBe(200)
      // A later refusal is reported as itself, not blamed on the earlier failure.
      const badCard = await applyBenefit(api, key(), cart.id, {
        card: "12",
        rule_id: ruleId,
      })
      expect(badCard.status).toBe(400)
      expect(badCard.data).toMatchObject({
        code: "benefits.card_invalid",
        message: "The card number must have 8 to 19 digits.",
      })
      // A failed redemption does not block a new attempt.
      expect(
        (
          await applyBenefit(api, key(), cart.id, {
            card: CARD,
            rule_id: ruleId,
          })
        ).status
      ).toBe(200)
    })

    it("tells an authorization not applied when Medusa's promotion update on the cart fails, and undoes the apply", async () => {
      const cart = await gtqCart()
      const promotions = getContainer().resolve(Modules.PROMOTION)
      // updateCartPromotionsWorkflow (run as a step of the apply) computes the promotion's actions.
      const spy = jest
        .spyOn(promotions, "computeActions")
        .mockRejectedValueOnce(new Error("database unavailable"))
      const { answer: res, log } = await withRefusalLog(getContainer(), () =>
        applyBenefit(api, key(), cart.id, { card: CARD, rule_id: ruleId })
      )
      spy.mockRestore()
      expect(res.status).toBe(500)
      expect(res.data).toMatchObject({
        code: "benefits.not_applied",
        message: expect.stringContaining("nothing was discounted"),
      })
      expect(log).toContain(
        "The benefits program authorized the discount (authorization"
      )
      expect(log).toContain(
        "applying it to the cart failed: database unavailable"
      )
      const [failed] = (
        await api.get(
          `/admin/benefits/redemptions?cart_id=${cart.id}`,
          ctx.admin
        )
      ).data.redemptions
      expect(failed).toMatchObject({
        status: "failed",
        authorization: expect.any(String),
        confirmation: expect.any(String),
      })
      const after = await getCart(cart.id)
      expect(after.cart.total).toBe(200)
      expect(after.cart.promotions ?? []).toEqual([])
      // The lock is released and the promotion gone: a retry applies the benefit.
      expect(
        (
          await applyBenefit(api, key(), cart.id, {
            card: CARD,
            rule_id: ruleId,
          })
        ).status
      ).toBe(200)
      expect((await getCart(cart.id)).cart.total).toBe(180)
    })
  })

  describe("admin rules", () => {
    it("creates, updates, reads and deletes rules, refusing bad input with the field named", async () => {
      const bad = await api
        .post(
          "/admin/benefits/rules",
          { code: 1, name: "x", kind: "percentage", value: 150 },
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(bad.status).toBe(400)
      expect(bad.data.message).toContain(
        "value: a percentage must be at most 100"
      )
      const noCode = await api
        .post(
          "/admin/benefits/rules",
          { name: "x", kind: "fixed", value: 10 },
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(noCode.status).toBe(400)
      expect(noCode.data.message).toContain("code")

      const rule = await createRule(api, ctx.admin, {
        kind: "fixed",
        value: 25,
        name: "Q25",
      })
      const updated = (
        await api.post(
          `/admin/benefits/rules/${rule.id}`,
          { active: false },
          ctx.admin
        )
      ).data.rule
      expect(updated).toMatchObject({ active: false, value: 25, name: "Q25" })
      expect(
        (await api.get(`/admin/benefits/rules/${rule.id}`, ctx.admin)).data.rule
          .name
      ).toBe("Q25")
      expect(
        (await api.get(`/admin/benefits/rules?active=false`, ctx.admin)).data
          .rules
      ).toHaveLength(1)
      await api.delete(`/admin/benefits/rules/${rule.id}`, ctx.admin)
      const gone = await api
        .get(`/admin/benefits/rules/${rule.id}`, ctx.admin)
        .catch((e: any) => e.response)
      expect(gone.status).toBe(404)
    })
  })
})
