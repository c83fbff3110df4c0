/**
 * What a percentage benefit is computed on: the goods only, or the goods and shipping. In integer
 * cents; the program is told the cart's total either way, and the discount always comes off goods.
 */
import {
  decideDiscount,
  discountableCents,
  discountBasisCents,
  type RuleTerms,
} from "../discount"

/** Items Q 60 + shipping Q 25: the program sees Q 85, a promotion can take at most Q 60. */
const cart = { totalCents: 8_500n, discountableCents: 6_000n }

const tenPercent = (appliesTo: RuleTerms["appliesTo"]): RuleTerms => ({
  kind: "percentage",
  value: 10,
  appliesTo,
})

describe("a percentage on the goods only or on goods and shipping", () => {
  it("10 % of Q 60 + Q 25 shipping: Q 6.00 on the goods, Q 8.50 on goods and shipping", () => {
    expect(decideDiscount(tenPercent("items"), cart)).toEqual({
      ok: true,
      discountCents: 600n,
    })
    expect(decideDiscount(tenPercent("items_and_shipping"), cart)).toEqual({
      ok: true,
      discountCents: 850n,
    })
  })

  it("the basis is the discountable goods, or the whole total", () => {
    expect(discountBasisCents("items", cart)).toBe(6_000n)
    expect(discountBasisCents("items_and_shipping", cart)).toBe(8_500n)
    // Never more than the total, even if the goods were reported larger.
    expect(
      discountBasisCents("items", { totalCents: 500n, discountableCents: 900n })
    ).toBe(500n)
  })

  it("rounds once, half up, on the whole basis (not item by item)", () => {
    // Three lines of Q 33.35: 10 % of 100.05 = 10.005 -> 10.01; rounding each line's
    // 3.335 -> 3.34 would have made 10.02.
    const goods = discountableCents([
      { total: "33.35" },
      { total: "33.35" },
      { total: "33.35" },
    ])
    expect(goods).toBe(10_005n)
    expect(
      decideDiscount(tenPercent("items"), {
        totalCents: goods + 2_500n,
        discountableCents: goods,
      })
    ).toEqual({ ok: true, discountCents: 1_001n })
    // 12.5 % of Q 0.99 of goods = 0.12375 -> 0.12.
    expect(
      decideDiscount(
        { kind: "percentage", value: 12.5, appliesTo: "items" },
        { totalCents: 2_599n, discountableCents: 99n }
      )
    ).toEqual({ ok: true, discountCents: 12n })
  })

  it("goods that are not discountable (a gift card) are not in the goods basis", () => {
    const items = [
      { is_discountable: true, total: 60 },
      { is_discountable: false, total: 100 },
    ]
    expect(
      decideDiscount(tenPercent("items"), {
        totalCents: 18_500n,
        discountableCents: discountableCents(items),
      })
    ).toEqual({ ok: true, discountCents: 600n })
  })

  it("a goods-only percentage never exceeds the goods; one on goods and shipping can", () => {
    expect(
      decideDiscount(
        { kind: "percentage", value: 100, appliesTo: "items" },
        cart
      )
    ).toEqual({ ok: true, discountCents: 6_000n })
    expect(
      decideDiscount(
        { kind: "percentage", value: 95, appliesTo: "items_and_shipping" },
        cart
      )
    ).toEqual({
      ok: false,
      reason: "exceeds_discountable",
      discountCents: 8_075n,
    })
  })

  it("the cap applies to the discount whatever it is computed on", () => {
    expect(
      decideDiscount({ ...tenPercent("items"), capCents: 500n }, cart)
    ).toEqual({ ok: true, discountCents: 500n })
    expect(
      decideDiscount(
        { ...tenPercent("items_and_shipping"), capCents: 500n },
        cart
      )
    ).toEqual({ ok: true, discountCents: 500n })
  })

  it("the minimum is the cart's total, shipping included, for both", () => {
    // Goods Q 40 + shipping Q 25 = Q 65 reaches a Q 50 minimum.
    const small = { totalCents: 6_500n, discountableCents: 4_000n }
    expect(
      decideDiscount({ ...tenPercent("items"), minTotalCents: 5_000n }, small)
    ).toEqual({ ok: true, discountCents: 400n })
    expect(
      decideDiscount({ ...tenPercent("items"), minTotalCents: 6_501n }, small)
    ).toEqual({ ok: false, reason: "below_minimum", discountCents: 0n })
  })

  it("a fixed amount ignores the option; one larger than the goods is refused for both", () => {
    for (const appliesTo of ["items", "items_and_shipping"] as const) {
      expect(
        decideDiscount({ kind: "fixed", value: 2_000n, appliesTo }, cart)
      ).toEqual({ ok: true, discountCents: 2_000n })
      // Q 70 off a cart of Q 60 goods + Q 25 shipping: the promotion cannot take it off shipping.
      expect(
        decideDiscount({ kind: "fixed", value: 7_000n, appliesTo }, cart)
      ).toEqual({
        ok: false,
        reason: "exceeds_discountable",
        discountCents: 7_000n,
      })
    }
  })

  it("a cart with no discountable goods gets no goods-only discount", () => {
    expect(
      decideDiscount(tenPercent("items"), {
        totalCents: 2_500n,
        discountableCents: 0n,
      })
    ).toEqual({ ok: false, reason: "no_discount", discountCents: 0n })
  })
})
