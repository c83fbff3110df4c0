import { countryCodeOf, localeOf } from "../customer-place"

describe("where the customer is, for {country_code} and {locale}", () => {
  const region = (...iso: string[]) => ({
    countries: iso.map((iso_2) => ({ iso_2 })),
  })

  it("takes the shipping country, else the billing country, in lower case", () => {
    expect(
      countryCodeOf({
        shipping_address: { country_code: "SV" },
        billing_address: { country_code: "gt" },
        region: region("gt", "sv"),
      })
    ).toBe("sv")
    expect(
      countryCodeOf({
        shipping_address: { country_code: null },
        billing_address: { country_code: "GT" },
        region: region("gt", "sv"),
      })
    ).toBe("gt")
    expect(
      countryCodeOf({
        shipping_address: null,
        billing_address: { country_code: "sv" },
      })
    ).toBe("sv")
  })

  it("without an address: the region's only country, else its first in alphabetical order", () => {
    expect(
      countryCodeOf({
        shipping_address: null,
        billing_address: null,
        region: region("GT"),
      })
    ).toBe("gt")
    expect(countryCodeOf({ region: region("sv", "hn", "gt") })).toBe("gt")
  })

  it("knows none when the region has no country either", () => {
    expect(countryCodeOf({ region: region() })).toBeNull()
    expect(countryCodeOf({ region: null })).toBeNull()
    expect(countryCodeOf(null)).toBeNull()
  })

  it("takes the cart's or order's locale as stored, else the language of the return request", () => {
    expect(localeOf({ locale: "es-GT" }, "en")).toBe("es-GT")
    expect(localeOf({ locale: null }, "es")).toBe("es")
    expect(localeOf({ locale: "  " }, "en")).toBe("en")
    expect(localeOf(null, "en")).toBe("en")
  })
})
