/**
 * The storefront's own language for `lang`: the locale it shows when it has one, else the country
 * in its route, else English.
 */
import { paylinkShopperLang, SPANISH_SPEAKING_COUNTRIES } from "../index"

describe("paylinkShopperLang", () => {
  it("follows the locale when one is set: es… Spanish, en… English, another language English", () => {
    for (const locale of ["es", "es-GT", "ES_mx", " es-419 "])
      expect(paylinkShopperLang({ locale, countryCode: "us" })).toBe("es")
    for (const locale of ["en", "en-US", "EN-gb"])
      expect(paylinkShopperLang({ locale, countryCode: "gt" })).toBe("en")
    for (const locale of ["fr", "pt-BR", "de-DE", "est"])
      expect(paylinkShopperLang({ locale, countryCode: "gt" })).toBe("en")
  })

  it("without a locale, the route's country: Spanish-speaking countries Spanish, others English", () => {
    for (const countryCode of [
      "gt",
      "sv",
      "hn",
      "ni",
      "cr",
      "pa",
      "mx",
      "es",
      "co",
      "pe",
      "cl",
      "ar",
      "bo",
      "ec",
      "py",
      "uy",
      "ve",
      "do",
      "cu",
      "pr",
      "gq",
      "GT",
    ])
      expect(paylinkShopperLang({ countryCode })).toBe("es")
    for (const countryCode of ["us", "ca", "br", "fr", "bz", "xx"])
      expect(paylinkShopperLang({ locale: null, countryCode })).toBe("en")
    expect(SPANISH_SPEAKING_COUNTRIES).toHaveLength(21)
  })

  it("with neither, English", () => {
    expect(paylinkShopperLang({})).toBe("en")
    expect(paylinkShopperLang({ locale: "", countryCode: "" })).toBe("en")
    expect(paylinkShopperLang({ locale: "  ", countryCode: null })).toBe("en")
  })
})
