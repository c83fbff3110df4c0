import {
  PAYLINK_ERROR_CODES,
  PAYLINK_ERROR_MESSAGES,
  PAYLINK_GENERIC_MESSAGE,
  paylinkErrorCode,
  paylinkErrorMessage,
  parsePaylinkErrorMessage,
  renderPaylinkError,
} from "../error-codes"

/** What @medusajs/js-sdk throws for a non-2xx answer: the body's message, the status; no code. */
class FetchError extends Error {
  constructor(
    message: string,
    public statusText: string,
    public status: number
  ) {
    super(message)
  }
}

describe("the list of codes", () => {
  it("gives every code a sentence in both languages: a capital first, a full stop last, the same placeholders", () => {
    expect(PAYLINK_ERROR_CODES.length).toBeGreaterThanOrEqual(25)
    for (const code of PAYLINK_ERROR_CODES) {
      expect(code).toMatch(/^(paylink|benefits)\.[a-z_]+$/)
      const { es, en } = PAYLINK_ERROR_MESSAGES[code]
      for (const text of [es, en]) {
        expect(text).toMatch(/^[A-ZÁÉÍÓÚÑ].*\.$/)
        expect(text).not.toMatch(/provider_id|rule_id|HTTP|cart_|pp_/)
      }
      expect(es).not.toBe(en)
      const placeholders = (t: string) => (t.match(/\{\w+\}/g) ?? []).sort()
      expect(placeholders(es)).toEqual(placeholders(en))
    }
  })

  it("no two sentences read back as each other's code", () => {
    for (const code of PAYLINK_ERROR_CODES) {
      for (const lang of ["es", "en"] as const) {
        const text = renderPaylinkError(code, lang, {
          min: "Q 5.00",
          max: "Q 25,000.00",
          total: "Q 4.00",
          number: "7",
          products: '"Miel (500 ml)"',
          reference: "BEN-0A1B",
        })
        expect(parsePaylinkErrorMessage(text)?.code).toBe(code)
      }
    }
  })
})

describe("paylinkErrorMessage", () => {
  it("a plain error body: the code's sentence in the language asked for", () => {
    const body = {
      code: "benefits.card_invalid",
      type: "invalid_data",
      message: "The card number must have 8 to 19 digits.",
    }
    expect(paylinkErrorMessage(body, "es")).toBe(
      "El número de tarjeta debe tener de 8 a 19 dígitos."
    )
    expect(paylinkErrorMessage(body, "en")).toBe(
      "The card number must have 8 to 19 digits."
    )
  })

  it("a js-sdk FetchError (no code): an English answer becomes Spanish, with its figures", () => {
    const english = renderPaylinkError("paylink.amount_out_of_range", "en", {
      min: "Q 5.00",
      max: "Q 25,000.00",
      total: "Q 4.00",
    })
    const error = new FetchError(english, "Bad Request", 400)
    expect(paylinkErrorCode(error)).toBe("paylink.amount_out_of_range")
    expect(paylinkErrorMessage(error, "es")).toBe(
      "Esta forma de pago acepta totales de Q 5.00 a Q 25,000.00, y su total es Q 4.00. Elija otra forma de pago."
    )
  })

  it("a Spanish answer asked for in English keeps the link number", () => {
    const spanish = renderPaylinkError("paylink.paid_link_pending", "es", {
      number: "12, 13",
    })
    expect(
      paylinkErrorMessage(new FetchError(spanish, "Bad Request", 400), "en")
    ).toBe(
      "We already received a payment for this cart (payment link 12, 13). You do not need to pay again: the store will contact you to complete your order or refund you."
    )
    expect(
      paylinkErrorMessage(
        { code: "paylink.paid_link_pending", message: spanish },
        "en"
      )
    ).toContain("payment link 12, 13")
  })

  it("a code whose message is not one of the list: the code's sentence, a missing figure shown as a dash", () => {
    expect(
      paylinkErrorMessage(
        {
          code: "paylink.gateway_unavailable",
          message: "gateway B is unavailable: HTTP 500",
        },
        "es"
      )
    ).toBe(PAYLINK_ERROR_MESSAGES["paylink.gateway_unavailable"].es)
    expect(
      paylinkErrorMessage(
        { code: "benefits.minimum_not_reached", message: "x" },
        "en"
      )
    ).toBe("This benefit needs a total of at least —, and your total is —.")
  })

  it("Medusa's conflict (a 409, with or without its code): try again, in the language asked for", () => {
    expect(
      paylinkErrorMessage(
        {
          code: "invalid_state_error",
          message: "The request conflicted with another request.",
        },
        "es"
      )
    ).toMatch(/^Su carrito se estaba actualizando/)
    expect(
      paylinkErrorMessage(
        new FetchError(
          "The request conflicted with another request.",
          "Conflict",
          409
        ),
        "en"
      )
    ).toMatch(/^Your cart was being updated/)
  })

  it("anything else (developer text, an unknown code, a network failure, nothing): the generic sentence, never the raw text", () => {
    const raw =
      "Error setting up the request: gateway B is unavailable: HTTP 500"
    for (const error of [
      new Error(raw),
      { code: "paylink.from_the_future", message: raw },
      new TypeError("Failed to fetch"),
      null,
      undefined,
      "boom",
    ]) {
      expect(paylinkErrorMessage(error, "es")).toBe(PAYLINK_GENERIC_MESSAGE.es)
      expect(paylinkErrorMessage(error, "en")).toBe(PAYLINK_GENERIC_MESSAGE.en)
      expect(paylinkErrorCode(error)).toBeNull()
    }
  })
})
