import { MedusaError } from "@medusajs/framework/utils"
import {
  codedError,
  customerAmount,
  storeCodeOf,
  toCustomerError,
} from "../store-errors"
import { requestLanguage } from "../language"
import { toMedusaError } from "../medusa-errors"
import {
  PaylinkInvalidRequestError,
  PaylinkUnavailableError,
} from "../../paylink/errors"

const logged: string[] = []
const request = (headers: Record<string, string> = {}) => ({
  method: "POST",
  path: "/store/carts/cart_1/payment-link",
  headers,
  scope: {
    resolve: () => ({
      info: (m: string) => logged.push(`info ${m}`),
      warn: (m: string) => logged.push(`warn ${m}`),
    }),
  },
})

beforeEach(() => {
  logged.length = 0
})

describe("requestLanguage", () => {
  it.each([
    [{ "x-medusa-locale": "es-GT", "accept-language": "en" }, "es"],
    [{ "x-medusa-locale": "en-US", "accept-language": "es" }, "en"],
    [{ "x-medusa-locale": " ", "accept-language": "es-GT,es;q=0.9" }, "es"],
    [{ "accept-language": "en;q=0.5, es;q=0.8" }, "es"],
    [{}, "en"],
  ])("%j -> %s", (headers, lang) => {
    expect(requestLanguage({ headers })).toBe(lang)
  })
})

describe("customerAmount", () => {
  it("writes quetzales and dollars as a Guatemalan customer reads them", () => {
    expect(customerAmount(2_500_000n, "GTQ")).toBe("Q 25,000.00")
    expect(customerAmount(400n, "gtq")).toBe("Q 4.00")
    expect(customerAmount(123_456_789n, "USD")).toBe("US$ 1,234,567.89")
    expect(customerAmount(5n, "EUR")).toBe("EUR 0.05")
  })
})

describe("toCustomerError", () => {
  it("keeps the type and the code, answers the sentence in the request's language, logs the developer's text", () => {
    const thrown = codedError(
      MedusaError.Types.NOT_ALLOWED,
      "paylink.paid_link_pending",
      "Cart cart_1 cannot get a new payment link: payment link 7 was paid",
      { number: "7" }
    )
    const answered = toCustomerError(
      thrown,
      request({ "accept-language": "es-GT" })
    ) as MedusaError
    expect(answered.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(answered.code).toBe("paylink.paid_link_pending")
    expect(answered.message).toMatch(
      /^Ya recibimos un pago para este carrito \(enlace de pago 7\)/
    )
    expect(logged).toEqual([
      expect.stringMatching(
        /^info medusa-plugin-paylink: POST \/store\/carts\/cart_1\/payment-link answered paylink\.paid_link_pending \(not_allowed\): Cart cart_1 cannot/
      ),
    ])
  })

  it("keeps the figures of a code through the workflow engine's serialization (own properties only)", () => {
    const thrown = codedError(
      MedusaError.Types.INVALID_DATA,
      "paylink.amount_out_of_range",
      "amount: …",
      { min: "Q 5.00", max: "Q 25,000.00", total: "Q 4.00" }
    )
    const serialized = Object.fromEntries(
      Object.getOwnPropertyNames(thrown).map((k) => [k, (thrown as any)[k]])
    )
    expect(
      (toCustomerError(serialized, request()) as MedusaError).message
    ).toBe(
      "This payment method accepts totals from Q 5.00 to Q 25,000.00, and your total is Q 4.00. Choose another payment method."
    )
  })

  it("a gateway that is down or refuses: the gateway's codes, the cause only in the log (warned for a 500)", () => {
    const ctx = { endpoint: "gatewayB" as const, label: "gateway B" }
    const down = toCustomerError(
      toMedusaError(PaylinkUnavailableError.because(ctx, "connection refused")),
      request()
    ) as MedusaError
    expect(down).toMatchObject({
      type: "unexpected_state",
      code: "paylink.gateway_unavailable",
    })
    expect(down.message).not.toContain("refused")
    expect(logged[0]).toMatch(
      /^warn .*paylink\.gateway_unavailable.*gateway B is unavailable: connection refused/
    )
    const refused = toCustomerError(
      toMedusaError(PaylinkInvalidRequestError.fromAnswer(ctx, "bad email")),
      request()
    ) as MedusaError
    expect(refused).toMatchObject({
      type: "invalid_data",
      code: "paylink.gateway_rejected",
    })
  })

  it("Medusa's own refusals on these routes: inventory, a completed cart, a cart not found; anything else is unexpected", () => {
    expect(
      storeCodeOf(
        new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          "Some variant does not have the required inventory",
          MedusaError.Codes.INSUFFICIENT_INVENTORY
        )
      ).code
    ).toBe("paylink.out_of_stock")
    expect(
      storeCodeOf(
        new MedusaError(
          MedusaError.Types.INVALID_DATA,
          "Cart cart_1 is already completed."
        )
      ).code
    ).toBe("paylink.cart_completed")
    expect(
      storeCodeOf(
        new MedusaError(
          MedusaError.Types.NOT_FOUND,
          "Cart id not found: cart_x"
        )
      ).code
    ).toBe("paylink.cart_not_found")
    const plain = toCustomerError(
      new Error("boom at line 3"),
      request()
    ) as MedusaError
    expect(plain).toMatchObject({
      type: "unexpected_state",
      code: "paylink.unexpected",
      message: "Something went wrong on our side. Try again in a few minutes.",
    })
  })

  it("a cart busy with other requests past the lock's wait (Medusa's locking: a plain Error) is a conflict to try again, not a 500", () => {
    const busy = toCustomerError(
      new Error("Timed-out acquiring lock."),
      request({ "x-medusa-locale": "es" })
    ) as MedusaError
    // Medusa answers a conflict with 409 invalid_state_error, which the storefront entry reads
    // as "Your cart was being updated by another request. Try again."
    expect(busy).toBeInstanceOf(MedusaError)
    expect(busy.type).toBe(MedusaError.Types.CONFLICT)
    expect(logged[0]).toMatch(/^warn .*Timed-out acquiring lock/)
  })

  it("leaves a conflict to Medusa, which answers its own code and message for it", () => {
    const conflict = new MedusaError(MedusaError.Types.CONFLICT, "locked")
    expect(toCustomerError(conflict, request())).toBe(conflict)
  })
})
