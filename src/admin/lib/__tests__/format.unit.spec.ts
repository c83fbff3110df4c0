/** Amounts as Medusa's own admin writes them: "Q 184.50" beside Medusa's cards, never "GTQ 184.50". */
import { formatAmount, formatGtq, intlLocale } from "../format"

const NBSP = "\u00a0"

describe("formatAmount", () => {
  it("writes the currency's narrow symbol in English and in Spanish, as the dashboard does", () => {
    expect(
      formatAmount({ amount: 184.5, currency_code: "gtq" }, intlLocale("en"))
    ).toBe(`Q${NBSP}184.50`)
    expect(
      formatAmount({ amount: 184.5, currency_code: "GTQ" }, intlLocale("es"))
    ).toBe(`Q${NBSP}184.50`)
    expect(formatGtq(1000, intlLocale("en"))).toBe(`Q${NBSP}1,000.00`)
    expect(
      formatAmount({ amount: 12, currency_code: "usd" }, intlLocale("es"))
    ).toBe("$12.00")
    expect(
      formatAmount({ amount: 12, currency_code: "usd" }, intlLocale("en"))
    ).toBe("$12.00")
  })
})
