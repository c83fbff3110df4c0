import { BigNumber } from "@medusajs/framework/utils"
import { centsToDecimal, formatCents, toCents } from "../money"
import { checkLimits, type GatewayProduct } from "../../paylink/limits"

describe("toCents", () => {
  it.each([
    [10, 1000n],
    [10.1, 1010n],
    [0.01, 1n],
    [0.1 + 0.2, 30n],
    [25000, 2_500_000n],
  ])("number %p -> %p", (input, cents) => {
    expect(toCents(input)).toBe(cents)
  })

  it.each([
    ["10", 1000n],
    ["10.10", 1010n],
    ["4.99", 499n],
    ["25000.01", 2_500_001n],
  ])("string %p -> %p", (input, cents) => {
    expect(toCents(input)).toBe(cents)
  })

  it("reads Medusa BigNumber values and raw values", () => {
    expect(toCents(new BigNumber(7))).toBe(700n)
    expect(toCents(new BigNumber("12.34"))).toBe(1234n)
    expect(toCents(new BigNumber({ value: "99.99", precision: 20 }))).toBe(
      9999n
    )
    expect(toCents({ value: "1.5", precision: 20 })).toBe(150n)
  })

  it.each([
    ["10.005", 1001n],
    ["10.0049", 1000n],
    ["19.995", 2000n],
    ["0.015", 2n],
    ["0.0149", 1n],
    ["-10.005", -1001n],
  ])("rounds %p half up at the third decimal -> %p", (input, cents) => {
    expect(toCents(input)).toBe(cents)
  })

  it("rounds a float and a BigNumber half up alike", () => {
    expect(toCents(10.005)).toBe(1001n)
    expect(toCents(new BigNumber("12.345"))).toBe(1235n)
  })

  it.each([NaN, Infinity, "abc"])("refuses %p", (input) => {
    expect(() => toCents(input)).toThrow("amount is not a finite number")
  })
})

describe("centsToDecimal and formatCents", () => {
  it.each([
    [1010n, 10.1],
    [1n, 0.01],
    [0n, 0],
    [2_500_000n, 25000],
    [123456n, 1234.56],
  ])("centsToDecimal(%p) = %p", (cents, decimal) => {
    expect(centsToDecimal(cents)).toBe(decimal)
  })

  it.each([
    [123456n, "1234.56"],
    [5n, "0.05"],
    [0n, "0.00"],
    [100n, "1.00"],
    [-5n, "-0.05"],
    [-123456n, "-1234.56"],
  ])("formatCents(%p) = %p", (cents, text) => {
    expect(formatCents(cents)).toBe(text)
  })
})

describe("checkLimits", () => {
  const check = (product: GatewayProduct, currency: string, amount: string) =>
    checkLimits(product, "gateway X", currency, toCents(amount))

  it.each(["gateway_a", "gateway_a_subscription"] as const)(
    "%s in GTQ: 5 to 25000",
    (product) => {
      expect(check(product, "GTQ", "4.99")).toEqual({
        field: "amount",
        bounds: { minCents: 500n, maxCents: 2_500_000n },
        message:
          "gateway X accepts GTQ amounts from 5.00 to 25000.00; this charge is 4.99.",
      })
      expect(check(product, "GTQ", "5")).toBeNull()
      expect(check(product, "GTQ", "25000")).toBeNull()
      expect(check(product, "GTQ", "25000.01")).toEqual({
        field: "amount",
        bounds: { minCents: 500n, maxCents: 2_500_000n },
        message:
          "gateway X accepts GTQ amounts from 5.00 to 25000.00; this charge is 25000.01.",
      })
    }
  )

  it.each(["gateway_a", "gateway_a_subscription"] as const)(
    "%s in USD: 5 to 15000",
    (product) => {
      expect(check(product, "USD", "4.99")?.field).toBe("amount")
      expect(check(product, "USD", "5")).toBeNull()
      expect(check(product, "USD", "15000")).toBeNull()
      expect(check(product, "USD", "15000.01")).toEqual({
        field: "amount",
        bounds: { minCents: 500n, maxCents: 1_500_000n },
        message:
          "gateway X accepts USD amounts from 5.00 to 15000.00; this charge is 15000.01.",
      })
    }
  )

  it("gateway A refuses other currencies", () => {
    expect(check("gateway_a", "EUR", "100")).toEqual({
      field: "currency_code",
      message: "gateway X accepts GTQ or USD only; this charge is in EUR.",
    })
  })

  it.each(["gateway_b", "gateway_c"] as const)(
    "%s takes GTQ only, with no stated bounds",
    (product) => {
      expect(check(product, "USD", "100")).toEqual({
        field: "currency_code",
        message: "gateway X accepts GTQ only; this charge is in USD.",
      })
      expect(check(product, "GTQ", "0.01")).toBeNull()
      expect(check(product, "GTQ", "100000")).toBeNull()
    }
  )

  it.each(["gateway_a", "gateway_b", "gateway_c"] as const)(
    "%s refuses zero and negative amounts",
    (product) => {
      expect(check(product, "GTQ", "0")).toEqual({
        field: "amount",
        message: "gateway X needs an amount greater than 0.",
      })
      expect(check(product, "GTQ", "-1")?.field).toBe("amount")
    }
  )
})
