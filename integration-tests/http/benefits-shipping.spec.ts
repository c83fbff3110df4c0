/**
 * What a percentage benefit applies to: the goods only, or goods and shipping. A cart of Q 60 of
 * goods and Q 25 of shipping at 10 % gets Q 6.00 off (goods only) or Q 8.50 (goods and shipping);
 * the program is told the cart's total and that discount, the promotion takes exactly that off the
 * goods and never touches shipping. Rules made before the option keep goods and shipping.
 */
import { paylinkSuite } from "../helpers/suite"
import { createCart, storeHeaders } from "../helpers/storefront"
import { applyBenefit, createRule, enableProgram } from "../helpers/benefits"
import { addShipping, seedShipping } from "../helpers/shipping"
import { Migration20261128052000 } from "../../src/modules/benefits/migrations/Migration20261128052000"

const CARD = "6011 0000 1234 5678"

type CartLine = { total: number; adjustments?: { amount: number }[] | null }

paylinkSuite((ctx) => {
  const { api, getContainer } = ctx
  const key = () => ctx.seed.publishableKey
  const discountCalls = () =>
    ctx.sandbox.requests.filter((r) => r.endpoint === "discount")
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
  const cents = (n: number) => Math.round(n * 100)

  /** A cart of goods at `prices` (one line each) with the flat Q 25 shipping method. */
  async function shippedCart(prices: number[]) {
    const { shippingOptionId, shippedVariantIds } = await seedShipping(
      getContainer(),
      { prices }
    )
    const cart = await createCart(
      api,
      key(),
      ctx.seed.gtqRegionId,
      shippedVariantIds.map((variant_id) => ({ variant_id, quantity: 1 }))
    )
    const shipped = await addShipping(api, key(), cart.id, shippingOptionId)
    expect(cents(shipped.shipping_total)).toBe(2_500)
    return shipped
  }

  /** The cart's totals and where its discount went (items, shipping methods). */
  async function cartAfter(cartId: string) {
    const { data } = await api.get(
      `/store/carts/${cartId}?fields=id,total,item_total,shipping_total,discount_total,*items,*items.adjustments,*shipping_methods,*shipping_methods.adjustments`,
      storeHeaders(key())
    )
    const cart = data.cart
    const itemAdjustments = (cart.items as CartLine[]).flatMap((i) =>
      (i.adjustments ?? []).map((a) => cents(a.amount))
    )
    const shippingAdjustments = (cart.shipping_methods as CartLine[]).flatMap(
      (m) => (m.adjustments ?? []).map((a) => cents(a.amount))
    )
    return {
      total: cents(cart.total),
      shipping_total: cents(cart.shipping_total),
      discount_total: cents(cart.discount_total),
      itemAdjustments,
      shippingAdjustments,
    }
  }

  async function applyOn(cartId: string, rule: { id: string }) {
    const res = await applyBenefit(api, key(), cartId, {
      card: CARD,
      rule_id: rule.id,
    })
    return res
  }

  beforeEach(async () => {
    await enableProgram(api, ctx.admin)
    ctx.sandbox.clearRequests()
  })

  describe("Q 60 of goods + Q 25 shipping at 10 %", () => {
    it("goods only: − Q 6.00, the program told discount 6 on total 85, shipping untouched", async () => {
      const cart = await shippedCart([60])
      expect(cents(cart.total)).toBe(8_500)
      const rule = await createRule(api, ctx.admin, {
        name: "10 % on goods",
        applies_to: "items",
        cap: null,
        min_total: null,
      })
      const res = await applyOn(cart.id, rule)
      expect(res.status).toBe(200)
      expect(res.data.benefit).toMatchObject({ discount: 6, total: 85 })
      expect(discountCalls().map((c) => c.body)).toEqual([
        expect.objectContaining({ discount: 6, total: 85 }),
      ])
      const after = await cartAfter(cart.id)
      expect(after).toMatchObject({
        total: 7_900,
        shipping_total: 2_500,
        discount_total: 600,
      })
      expect(sum(after.itemAdjustments)).toBe(600)
      expect(after.shippingAdjustments).toEqual([])
    })

    it("goods and shipping: − Q 8.50 (what every rule did before the option), taken off the goods", async () => {
      const cart = await shippedCart([60])
      const rule = await createRule(api, ctx.admin, {
        name: "10 % on everything",
        applies_to: "items_and_shipping",
        cap: null,
        min_total: null,
      })
      const res = await applyOn(cart.id, rule)
      expect(res.status).toBe(200)
      expect(res.data.benefit).toMatchObject({ discount: 8.5, total: 85 })
      expect(discountCalls().map((c) => c.body)).toEqual([
        expect.objectContaining({ discount: 8.5, total: 85 }),
      ])
      const after = await cartAfter(cart.id)
      expect(after).toMatchObject({
        total: 7_650,
        shipping_total: 2_500,
        discount_total: 850,
      })
      expect(sum(after.itemAdjustments)).toBe(850)
      expect(after.shippingAdjustments).toEqual([])
    })

    it("a rule created without the option is goods only", async () => {
      const cart = await shippedCart([60])
      const rule = await createRule(api, ctx.admin, {
        cap: null,
        min_total: null,
      })
      const { data } = await api.get(
        `/admin/benefits/rules/${rule.id}`,
        ctx.admin
      )
      expect(data.rule.applies_to).toBe("items")
      const res = await applyOn(cart.id, rule)
      expect(res.status).toBe(200)
      expect(res.data.cart.total).toBe(79)
    })
  })

  it.each([
    // 10 % of 106.34 = 10.634 -> 10.63; of 131.34 = 13.134 -> 13.13
    ["items", 1_063],
    ["items_and_shipping", 1_313],
  ])(
    "several lines (Q 60 + Q 33.35 + Q 12.99) on %s: rounded once, split over the lines to the cent",
    async (appliesTo, discount) => {
      const cart = await shippedCart([60, 33.35, 12.99])
      expect(cents(cart.total)).toBe(13_134)
      const rule = await createRule(api, ctx.admin, {
        applies_to: appliesTo,
        cap: null,
        min_total: null,
      })
      const res = await applyOn(cart.id, rule)
      expect(res.status).toBe(200)
      expect(cents(res.data.benefit.discount)).toBe(discount)
      expect(
        discountCalls().map((c) => {
          const body = c.body as { discount: number; total: number }
          return [cents(body.discount), cents(body.total)]
        })
      ).toEqual([[discount, 13_134]])
      const after = await cartAfter(cart.id)
      expect(after.total).toBe(13_134 - discount)
      expect(after.shipping_total).toBe(2_500)
      expect(after.itemAdjustments).toHaveLength(3)
      expect(after.shippingAdjustments).toEqual([])
    }
  )

  it.each(["items", "items_and_shipping"])(
    "a fixed Q 70 on Q 60 of goods + Q 25 shipping (%s) is refused before any program call",
    async (appliesTo) => {
      const cart = await shippedCart([60])
      const rule = await createRule(api, ctx.admin, {
        kind: "fixed",
        value: 70,
        applies_to: appliesTo,
        cap: null,
        min_total: null,
      })
      const res = await applyOn(cart.id, rule)
      expect(res.status).toBe(400)
      expect(res.data.code).toBe("benefits.not_eligible")
      expect(discountCalls()).toHaveLength(0)
      expect((await cartAfter(cart.id)).total).toBe(8_500)
    }
  )

  describe("the admin API", () => {
    it("refuses an unknown applies_to with a 400 naming the field, on create and update, changing nothing", async () => {
      const created = await api
        .post(
          "/admin/benefits/rules",
          {
            code: 501,
            name: "Bad",
            kind: "percentage",
            value: 10,
            applies_to: "shipping",
          },
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(created.status).toBe(400)
      expect(created.data.message).toContain(
        "applies_to must be items (the percentage is computed on the products only) or items_and_shipping (on the products and shipping)"
      )
      const rules = (await api.get("/admin/benefits/rules", ctx.admin)).data
        .rules
      expect(rules).toHaveLength(0)

      const rule = await createRule(api, ctx.admin)
      const updated = await api
        .post(
          `/admin/benefits/rules/${rule.id}`,
          { applies_to: null },
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(updated.status).toBe(400)
      expect(updated.data.message).toContain("applies_to")
      const changed = (
        await api.post(
          `/admin/benefits/rules/${rule.id}`,
          { applies_to: "items_and_shipping" },
          ctx.admin
        )
      ).data.rule
      expect(changed.applies_to).toBe("items_and_shipping")
      const listed = (await api.get("/admin/benefits/rules", ctx.admin)).data
        .rules
      expect(listed.map((r: any) => r.applies_to)).toEqual([
        "items_and_shipping",
      ])
    })

    it("the store's rules say what a percentage applies to", async () => {
      await createRule(api, ctx.admin, { name: "A goods", applies_to: "items" })
      await createRule(api, ctx.admin, {
        name: "B all",
        applies_to: "items_and_shipping",
      })
      const { data } = await api.get(
        "/store/benefits/rules",
        storeHeaders(key())
      )
      expect(data.rules.map((r: any) => [r.name, r.applies_to])).toEqual([
        ["A goods", "items"],
        ["B all", "items_and_shipping"],
      ])
    })
  })

  it("the migration keeps every rule made before the option on goods and shipping; new rows get goods only", async () => {
    const db = ctx.dbConnection
    // The table as it was before the option, with a percentage and a fixed rule in it.
    await db.raw(`alter table "benefit_rule" drop column "applies_to"`)
    for (const [id, kind, value] of [
      ["brule_before_pct", "percentage", 10],
      ["brule_before_fixed", "fixed", 5],
    ] as const) {
      await db.raw(
        `insert into "benefit_rule" ("id", "code", "name", "kind", "value", "raw_value", "active") values (?, 501, ?, ?, ?, ?, true)`,
        [
          id,
          id,
          kind,
          value,
          JSON.stringify({ value: String(value), precision: 20 }),
        ]
      )
    }
    const migration = new Migration20261128052000(null as never, null as never)
    await migration.up()
    for (const sql of migration.getQueries()) {
      await db.raw(sql as string)
    }
    const { rows } = await db.raw(
      `select "id", "applies_to" from "benefit_rule" order by "id"`
    )
    expect(rows).toEqual([
      { id: "brule_before_fixed", applies_to: "items_and_shipping" },
      { id: "brule_before_pct", applies_to: "items_and_shipping" },
    ])
    await db.raw(
      `insert into "benefit_rule" ("id", "code", "name", "kind", "value", "raw_value") values ('brule_after', 501, 'After', 'percentage', 10, '{"value":"10","precision":20}')`
    )
    const after = await db.raw(
      `select "applies_to" from "benefit_rule" where "id" = 'brule_after'`
    )
    expect(after.rows).toEqual([{ applies_to: "items" }])

    // The migrated percentage rule still takes 10 % of goods and shipping: − Q 8.50.
    const cart = await shippedCart([60])
    const res = await applyOn(cart.id, { id: "brule_before_pct" })
    expect(res.status).toBe(200)
    expect(res.data.benefit).toMatchObject({ discount: 8.5, total: 85 })
    expect(res.data.cart.total).toBe(76.5)
  })
})
