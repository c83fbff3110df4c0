import { decideDiscount, discountableCents } from "../discount"

/** The percentage of these cases is computed on the total, shipping included. */
const ALL = "items_and_shipping" as const

/** A cart of items 150 + shipping 25: the program sees 175, a promotion can take at most 150. */
const cart = { totalCents: 17_500n, discountableCents: 15_000n }

describe("decideDiscount: what an order-level promotion can actually take off", () => {
  it.each([
    [
      "fixed 160",
      { kind: "fixed" as const, value: 16_000n, appliesTo: ALL },
      16_000n,
    ],
    [
      "fixed 1000",
      { kind: "fixed" as const, value: 100_000n, appliesTo: ALL },
      100_000n,
    ],
    [
      "95 % of 175",
      { kind: "percentage" as const, value: 95, appliesTo: ALL },
      16_625n,
    ],
  ])(
    "refuses %s on items 150 + shipping 25 (more than the items)",
    (_label, terms, asked) => {
      expect(decideDiscount(terms, cart)).toEqual({
        ok: false,
        reason: "exceeds_discountable",
        discountCents: asked,
      })
    }
  )

  it("accepts exactly the items' total, and a percentage of the total that fits under it", () => {
    expect(
      decideDiscount({ kind: "fixed", value: 15_000n, appliesTo: ALL }, cart)
    ).toEqual({
      ok: true,
      discountCents: 15_000n,
    })
    // 85 % of 175 = 148.75 <= 150
    expect(
      decideDiscount({ kind: "percentage", value: 85, appliesTo: ALL }, cart)
    ).toEqual({
      ok: true,
      discountCents: 14_875n,
    })
  })

  it("a cap can bring an oversized discount back under what the items allow", () => {
    expect(
      decideDiscount(
        { kind: "percentage", value: 95, capCents: 5_000n, appliesTo: ALL },
        cart
      )
    ).toEqual({ ok: true, discountCents: 5_000n })
    expect(
      decideDiscount(
        { kind: "fixed", value: 100_000n, capCents: 15_000n, appliesTo: ALL },
        cart
      )
    ).toEqual({ ok: true, discountCents: 15_000n })
  })

  it("counts other discounts: only what is left of the items can be taken", () => {
    // Items 150 with 100 already off through another promotion: 50 left.
    const discounted = { totalCents: 7_500n, discountableCents: 5_000n }
    expect(
      decideDiscount(
        { kind: "fixed", value: 5_001n, appliesTo: ALL },
        discounted
      )
    ).toMatchObject({ ok: false, reason: "exceeds_discountable" })
    expect(
      decideDiscount(
        { kind: "fixed", value: 5_000n, appliesTo: ALL },
        discounted
      )
    ).toEqual({ ok: true, discountCents: 5_000n })
  })

  it("refuses under the minimum total and a discount of nothing", () => {
    expect(
      decideDiscount(
        {
          kind: "fixed",
          value: 1_000n,
          minTotalCents: 20_000n,
          appliesTo: ALL,
        },
        cart
      )
    ).toEqual({
      ok: false,
      reason: "below_minimum",
      discountCents: 0n,
    })
    expect(
      decideDiscount(
        { kind: "percentage", value: 0.001, appliesTo: ALL },
        { totalCents: 100n, discountableCents: 100n }
      )
    ).toMatchObject({
      ok: false,
      reason: "no_discount",
    })
  })

  it("never takes more than the total even if the discountable amount were reported larger", () => {
    expect(
      decideDiscount(
        { kind: "fixed", value: 2_000n, appliesTo: ALL },
        { totalCents: 1_000n, discountableCents: 5_000n }
      )
    ).toMatchObject({
      ok: false,
      reason: "exceeds_discountable",
    })
  })
})

describe("discountableCents", () => {
  it("sums discountable items after their discounts, skipping the others and negatives", () => {
    expect(
      discountableCents([
        { is_discountable: true, total: 100 },
        { is_discountable: false, total: 40 },
        { total: "50.255" },
        { is_discountable: true, total: -3 },
        null,
      ])
    ).toBe(15_026n)
  })
})
