import { langOfTag, requestLocales, shopperLanguage } from "../language"

describe("shopperLanguage", () => {
  it("the call's x-medusa-locale first, then the cart's locale, then Accept-Language", () => {
    expect(
      shopperLanguage({
        localeHeader: "es-GT",
        cartLocale: "en-US",
        acceptLanguage: "en",
      })
    ).toBe("es")
    expect(
      shopperLanguage({ cartLocale: "en-US", acceptLanguage: "es-GT,es" })
    ).toBe("en")
    expect(
      shopperLanguage({ cartLocale: "fr", acceptLanguage: "es-GT,es" })
    ).toBe("es")
    expect(shopperLanguage({ acceptLanguage: "en-US" })).toBe("en")
  })

  it("nothing said: undefined (the return page then follows the returning browser)", () => {
    expect(shopperLanguage({})).toBeUndefined()
    expect(
      shopperLanguage({ localeHeader: " ", acceptLanguage: "" })
    ).toBeUndefined()
  })

  it("reads the raw headers of a store call, and stored tags", () => {
    expect(
      requestLocales({
        headers: { "x-medusa-locale": "es-GT", "accept-language": "en" },
      })
    ).toEqual({ localeHeader: "es-GT", acceptLanguage: "en" })
    expect(requestLocales({ headers: {} })).toEqual({
      localeHeader: null,
      acceptLanguage: null,
    })
    expect(langOfTag("es_GT")).toBe("es")
    expect(langOfTag("en")).toBe("en")
    expect(langOfTag("english")).toBeUndefined()
  })
})
