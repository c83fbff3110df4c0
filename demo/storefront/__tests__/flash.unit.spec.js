const { flash } = require("../flash")

/** The parts of express's req/res that flash.js uses: a cookie jar in, cookies set and cleared out. */
function exchange(jar = {}) {
  const res = {
    set: {},
    cleared: [],
    cookie(name, value, options) {
      this.set[name] = { value, options }
    },
    clearCookie(name) {
      this.cleared.push(name)
    },
  }
  return { req: { cookieJar: jar }, res }
}

describe("demo storefront flash", () => {
  it("carries a listed code and the server's message to the next page, once, in an httpOnly cookie", () => {
    const first = exchange()
    flash.set(
      first.res,
      "payment",
      new Error("Cart … cannot be paid by link yet: email: …")
    )
    const { value, options } = first.res.set.flash
    expect(options).toMatchObject({
      httpOnly: true,
      sameSite: "lax",
      path: "/",
    })
    const next = exchange({ flash: value })
    expect(flash.take(next.req, next.res)).toEqual({
      code: "payment",
      detail: "Cart … cannot be paid by link yet: email: …",
    })
    expect(next.res.cleared).toEqual(["flash"])
  })

  it("shows nothing without the store's cookie, nor for a code off the list or a broken cookie", () => {
    const none = exchange()
    expect(flash.take(none.req, none.res)).toBeNull()
    for (const raw of [
      JSON.stringify({ code: "Call +502 5555 0000", detail: "x" }),
      "not json",
    ]) {
      const x = exchange({ flash: raw })
      expect(flash.take(x.req, x.res)).toBeNull()
    }
    expect(() => flash.set(exchange().res, "Call us", null)).toThrow(
      "unknown code"
    )
  })

  it("keeps the server's message short", () => {
    const x = exchange()
    flash.set(x.res, "benefit", { message: "m".repeat(5000) })
    expect(JSON.parse(x.res.set.flash.value).detail).toHaveLength(400)
  })

  describe("the detail under the store's sentence, in the shopper's language only", () => {
    // The storefront entry the demo runs on (its error sentences, as src/storefront exports them).
    const paylink = require("../../../src/storefront/error-codes")
    const UNAVAILABLE =
      paylink.PAYLINK_ERROR_MESSAGES["paylink.gateway_unavailable"]

    it("a plugin sentence comes in the shopper's language, whichever language the server wrote", () => {
      for (const written of [UNAVAILABLE.en, UNAVAILABLE.es]) {
        expect(flash.shopperDetail(paylink, "payment", written, "es")).toBe(
          UNAVAILABLE.es
        )
        expect(flash.shopperDetail(paylink, "payment", written, "en")).toBe(
          UNAVAILABLE.en
        )
      }
    })

    it("Medusa's own English message is left out; the store's own words for the card are kept", () => {
      expect(
        flash.shopperDetail(
          paylink,
          "address",
          "Invalid email: expected string",
          "es"
        )
      ).toBe("")
      expect(flash.shopperDetail(paylink, "payment", "", "es")).toBe("")
      const rule =
        "El número de tarjeta debe tener de 8 a 19 dígitos (puede usar espacios o guiones)."
      expect(flash.shopperDetail(paylink, "card_invalid", rule, "es")).toBe(
        rule
      )
    })
  })
})
