/**
 * prepareBenefitApplyStep in a bare container: every local refusal, the discount, the reuse of a
 * held authorization, the per-cart and per-card limits, with the benefits module as an in-memory fake.
 */
import { asValue } from "@medusajs/framework/awilix"
import { createMedusaContainer, MedusaError } from "@medusajs/framework/utils"
import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  prepareBenefitApplyStep,
  type CartForBenefit,
} from "../steps/prepare-benefit-apply"
import { BENEFITS_MODULE } from "../../../modules/benefits"

const RULE = {
  id: "brule_1",
  code: 501,
  name: "Club 10%",
  kind: "percentage",
  value: 10,
  applies_to: "items_and_shipping",
  cap: 50,
  min_total: 50,
}
const CART: CartForBenefit = {
  id: "cart_1",
  currency_code: "gtq",
  total: 200,
  shipping_total: 0,
  items: [{ is_discountable: true, total: 200 }],
  promotions: [],
}
const CARD = "6011 0000 1234 5678"

type Row = Record<string, unknown>

function fakeBenefits(rows: Row[] = [], over: Record<string, unknown> = {}) {
  return {
    settingsRow: async () => null,
    isEnabled: async () => true,
    retrieveAvailableRule: async (id: string) => {
      if (id !== RULE.id) {
        throw new MedusaError(
          MedusaError.Types.NOT_FOUND,
          `rule_id: benefit rule ${id} was not found.`
        )
      }
      return RULE
    },
    listBenefitRedemptions: async () => rows,
    fingerprint: (digits: string) => `fp:${digits}`,
    callsPerCart: () => 3,
    assertCardWithinLimit: async () => undefined,
    ...over,
  }
}

const prepare = createWorkflow(
  "test-prepare-benefit-apply",
  (input: any) => new WorkflowResponse(prepareBenefitApplyStep(input))
)

async function run(
  benefits: object,
  over: Partial<{
    cart: CartForBenefit | null
    rule_id: string
    card: string
  }> = {}
) {
  const container = createMedusaContainer()
  container.register(BENEFITS_MODULE, asValue(benefits))
  const { result, errors } = await prepare(container).run({
    input: {
      cart: CART,
      cart_id: "cart_1",
      rule_id: RULE.id,
      card: CARD,
      ...over,
    },
    throwOnError: false,
  })
  return {
    result,
    error: errors[0]?.error as { type: string; message: string } | undefined,
  }
}

describe("prepareBenefitApplyStep", () => {
  it("computes the discount on the cart's total and numbers the call", async () => {
    const { result, error } = await run(fakeBenefits())
    expect(error).toBeUndefined()
    expect(result).toEqual({
      rule_id: RULE.id,
      rule_name: RULE.name,
      benefit_code: 501,
      total: "200.00",
      discount: "20.00",
      card_last4: "5678",
      card_fingerprint: "fp:6011000012345678",
      reuse_id: null,
      attempt: 1,
      orphan_ids: [],
      settings: null,
    })
  })

  it("hands the settings row it read on to the authorization step, without the sealed password", async () => {
    const row = {
      id: "bset_1",
      enabled: true,
      base_url: "http://program",
      password_sealed: "sealed-pw",
      token_sealed: "sealed-token",
    }
    let reads = 0
    const { result } = await run(
      fakeBenefits([], {
        settingsRow: async () => (reads++, row),
        isEnabled: async (known: any) => known.enabled,
      })
    )
    expect(reads).toBe(1)
    expect(result!.settings).toEqual({
      id: "bset_1",
      enabled: true,
      base_url: "http://program",
      token_sealed: "sealed-token",
    })
  })

  it.each([
    ["no cart", { cart: null }, "not_found", "Cart cart_1 was not found."],
    [
      "a completed cart",
      { cart: { ...CART, completed_at: new Date() } },
      "not_allowed",
      "Cart cart_1 is already completed.",
    ],
    [
      "a USD cart",
      { cart: { ...CART, currency_code: "usd" } },
      "not_allowed",
      "this cart is in USD.",
    ],
    [
      "a bad card",
      { card: "6011-ABCD" },
      "invalid_data",
      "card: must be a string of 8 to 19 digits",
    ],
    [
      "an unknown rule",
      { rule_id: "brule_x" },
      "not_found",
      "rule_id: benefit rule brule_x was not found.",
    ],
    [
      "a total under the minimum",
      { cart: { ...CART, total: 40, items: [{ total: 40 }] } },
      "not_allowed",
      "needs a cart total of at least GTQ 50.00",
    ],
    [
      "a discount above the items",
      {
        cart: {
          ...CART,
          total: 200,
          shipping_total: 190,
          items: [{ total: 10 }],
        },
      },
      "not_allowed",
      "only the items can be discounted (GTQ 10.00 on this cart; shipping of GTQ 190.00",
    ],
  ] as const)("refuses %s", async (_label, over, type, message) => {
    const { error } = await run(fakeBenefits(), over as any)
    expect(error).toMatchObject({
      type,
      message: expect.stringContaining(message),
    })
  })

  it("refuses when the program is off, and a second benefit that still discounts the cart", async () => {
    expect(
      (await run(fakeBenefits([], { isEnabled: async () => false }))).error
    ).toMatchObject({
      type: "not_allowed",
      message: "The loyalty benefits program is not enabled in this store.",
    })
    const live = {
      id: "bred_1",
      status: "authorized",
      promotion_code: "LOYALTY-1",
    }
    const { error } = await run(fakeBenefits([live]), {
      cart: { ...CART, promotions: [{ code: "LOYALTY-1" }] },
    })
    expect(error).toMatchObject({
      type: "not_allowed",
      message: expect.stringContaining("already has a loyalty benefit"),
    })
  })

  it("reuses a held authorization for the same card, rule, total and discount, even past the limit", async () => {
    const held = (id: string, status: string, over: Row = {}) => ({
      id,
      status,
      authorization: "A",
      card_fingerprint: "fp:6011000012345678",
      benefit_code: 501,
      total: 200,
      discount: 20,
      ...over,
    })
    const rows = [
      held("bred_old", "stale"),
      held("bred_other_total", "removed", { total: 300 }),
      held("bred_new", "failed"),
      held("bred_used", "redeemed"),
    ]
    const { result } = await run(fakeBenefits(rows))
    expect(result).toMatchObject({ reuse_id: "bred_new", attempt: 5 })
  })

  it("refuses a new call once the cart has had benefitCallsPerCart of them", async () => {
    const rows = ["failed", "unknown", "removed"].map((status, i) => ({
      id: `bred_${i}`,
      status,
      authorization: null,
    }))
    const { error } = await run(fakeBenefits(rows))
    expect(error).toMatchObject({
      type: "not_allowed",
      message: expect.stringContaining(
        "reached the limit of 3 loyalty-program requests"
      ),
    })
  })

  it("asks the per-card limit early only when orphans would be retired first, by fingerprint and last four digits, and not for a reuse", async () => {
    const asked: unknown[] = []
    const limited = {
      assertCardWithinLimit: async (card: unknown) => {
        asked.push(card)
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          "The loyalty card ending in 5678 has reached its limit of 3"
        )
      },
    }
    // Nothing would be written before the authorization step's own check under the card's lock.
    const { error: none } = await run(fakeBenefits([], limited))
    expect(none).toBeUndefined()
    expect(asked).toEqual([])

    const orphan = {
      id: "bred_off",
      status: "authorized",
      promotion_code: "LOYALTY-OFF",
      authorization: "A",
      total: 999,
      discount: 1,
    }
    const { error } = await run(fakeBenefits([orphan], limited))
    expect(error).toMatchObject({
      type: "not_allowed",
      message: expect.stringContaining("ending in 5678"),
    })
    expect(asked).toEqual([
      { fingerprint: "fp:6011000012345678", last4: "5678" },
    ])

    const held = {
      id: "bred_held",
      status: "removed",
      authorization: "A",
      card_fingerprint: "fp:6011000012345678",
      benefit_code: 501,
      total: 200,
      discount: 20,
    }
    const { result } = await run(fakeBenefits([held, orphan], limited))
    expect(result).toMatchObject({ reuse_id: "bred_held" })
    expect(asked).toHaveLength(1)
  })

  it("lists authorized redemptions whose promotion is no longer on the cart as orphans", async () => {
    const rows = [
      {
        id: "bred_off",
        status: "authorized",
        promotion_code: "LOYALTY-OFF",
        authorization: "A",
        total: 999,
        discount: 1,
      },
    ]
    const { result } = await run(fakeBenefits(rows))
    expect(result).toMatchObject({
      orphan_ids: ["bred_off"],
      reuse_id: null,
      attempt: 2,
    })
  })
})
