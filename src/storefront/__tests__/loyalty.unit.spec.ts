import { normalizeCard } from "../../lib/benefits/card"
import {
  applyLoyaltyCard,
  getCartLoyaltyBenefit,
  listLoyaltyBenefitRules,
  loyaltyBenefitSummary,
  loyaltyCardError,
  maskLoyaltyCard,
  normalizeLoyaltyCard,
  removeLoyaltyCard,
} from "../index"
import { fakeBackend } from "./fake-backend"

describe("loyalty card rule (the server's own)", () => {
  const samples = [
    "6011 0000 1234 5678",
    "6011-0000-1234-5678",
    "12345678",
    "1234567",
    "1".repeat(19),
    "1".repeat(20),
    "6011 abcd",
    " 60110000 ",
    "",
    "٣٣٣٣٣٣٣٣",
  ]
  it("normalizes exactly as the server does", () => {
    for (const s of samples)
      expect(normalizeLoyaltyCard(s)).toBe(normalizeCard(s))
    expect(normalizeLoyaltyCard("6011 0000 1234 5678")).toBe("6011000012345678")
    expect(normalizeLoyaltyCard(6011000012345678)).toBeNull()
  })

  it("says what is wrong in the customer's language, never repeating the number", () => {
    expect(loyaltyCardError("6011 0000 1234 5678")).toBeNull()
    expect(loyaltyCardError("")).toBe(
      "Ingrese el número de su tarjeta de lealtad."
    )
    expect(loyaltyCardError("   ", "en")).toBe(
      "Enter your loyalty card number."
    )
    const es = loyaltyCardError("1234 567")!
    expect(es).toBe(
      "El número de tarjeta debe tener de 8 a 19 dígitos (puede usar espacios o guiones)."
    )
    expect(loyaltyCardError("12ab5678", "en")).toBe(
      "The card number must have 8 to 19 digits (spaces or dashes allowed)."
    )
  })

  it("masks to the last four digits as the server shows them", () => {
    expect(maskLoyaltyCard("6011 0000 1234 5678")).toBe("•••• 5678")
    expect(maskLoyaltyCard("")).toBe("••••")
  })
})

describe("loyalty routes", () => {
  const benefit = {
    id: "red_1",
    status: "authorized",
    card: "•••• 5678",
    discount: 18,
    total: 180,
  }
  let backend: ReturnType<typeof fakeBackend>
  beforeEach(() => {
    backend = fakeBackend((req) =>
      req.path === "/store/benefits/rules"
        ? { json: { rules: [{ id: "brule_1", name: "Club 10%" }] } }
        : {
            json: {
              cart: { id: "cart_1", total: 162 },
              benefit: req.method === "DELETE" ? null : benefit,
            },
          }
    )
  })
  afterEach(() => backend.restore())

  it("applies the card's digits only, then reads and removes through the cart's benefit route", async () => {
    expect(await listLoyaltyBenefitRules(backend.sdk)).toEqual([
      { id: "brule_1", name: "Club 10%" },
    ])
    expect(
      (
        await applyLoyaltyCard(backend.sdk, "cart_1", {
          card: "6011 0000-1234 5678",
          ruleId: "brule_1",
        })
      ).benefit
    ).toEqual(benefit)
    expect(
      (await getCartLoyaltyBenefit(backend.sdk, "cart_1")).cart.total
    ).toBe(162)
    expect((await removeLoyaltyCard(backend.sdk, "cart_1")).benefit).toBeNull()
    expect(backend.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /store/benefits/rules",
      "POST /store/carts/cart_1/benefits",
      "GET /store/carts/cart_1/benefits",
      "DELETE /store/carts/cart_1/benefits",
    ])
    expect(backend.requests[1].body).toEqual({
      card: "6011000012345678",
      rule_id: "brule_1",
    })
  })

  it("refuses a card the server would refuse before any request, naming the field and not the number", async () => {
    const err = await applyLoyaltyCard(backend.sdk, "cart_1", {
      card: "6011 00",
      ruleId: "brule_1",
    }).catch((e) => e)
    expect(err).toMatchObject({
      field: "card",
      status: 400,
      type: "invalid_data",
    })
    expect(err.message).toBe(
      "card: must be a string of 8 to 19 digits (spaces and dashes allowed)"
    )
    expect(err.message).not.toContain("6011")
    await expect(
      applyLoyaltyCard(backend.sdk, "cart_1", {
        card: "6011 0000 1234 5678",
        ruleId: "",
      })
    ).rejects.toMatchObject({ field: "rule_id" })
    expect(backend.requests).toHaveLength(0)
  })
})

describe("loyaltyBenefitSummary", () => {
  const tenPercent = {
    kind: "percentage" as const,
    value: 10,
    applies_to: "items" as const,
    cap: 50,
    min_total: 50,
  }

  it("says whether a percentage counts shipping, in the customer's language", () => {
    expect(loyaltyBenefitSummary(tenPercent)).toBe(
      "10 % de descuento en productos (máximo Q 50.00; compra mínima Q 50.00)"
    )
    expect(
      loyaltyBenefitSummary(
        { ...tenPercent, applies_to: "items_and_shipping", cap: null },
        "es"
      )
    ).toBe("10 % de descuento en productos y envío (compra mínima Q 50.00)")
    expect(
      loyaltyBenefitSummary({ ...tenPercent, cap: null, min_total: null }, "en")
    ).toBe("10 % off products")
    expect(
      loyaltyBenefitSummary(
        {
          ...tenPercent,
          applies_to: "items_and_shipping",
          cap: null,
          min_total: null,
        },
        "en"
      )
    ).toBe("10 % off products and shipping")
  })

  it("a fixed amount is an amount off, whatever the option", () => {
    const fixed = {
      kind: "fixed" as const,
      value: 25,
      applies_to: "items_and_shipping" as const,
      cap: null,
      min_total: null,
    }
    expect(loyaltyBenefitSummary(fixed)).toBe("Q 25.00 de descuento")
    expect(loyaltyBenefitSummary(fixed, "en")).toBe("Q 25.00 off")
  })
})
