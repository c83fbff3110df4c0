/** The fields the four checkout request schemas share: amount, number, billing, unknown keys, return addresses. */
import {
  gatewayASingleRequestSchema,
  gatewayBRequestSchema,
  gatewayCRequestSchema,
} from "../schemas"
import {
  billing,
  checkout,
  expectAccepted,
  expectRefused,
  problems,
} from "./helpers/schema-checks"

describe("checkout fields shared by the four checkout requests", () => {
  it("accepts the minimal body and the full billing object", () => {
    expectAccepted(gatewayASingleRequestSchema, checkout)
    expectAccepted(gatewayASingleRequestSchema, {
      ...checkout,
      billing: {
        ...billing,
        taxId: "CF",
        phone: "+502 5555 5555",
        address: "Zona 10",
      },
    })
  })

  it.each([
    [10, true],
    [10.1, true],
    [10.12, true],
    [0.01, true],
    [10.123, false],
    [10.005, false],
    [0, false],
    [-5, false],
  ])("amount %p accepted: %p", (amount, ok) => {
    const found = problems(gatewayASingleRequestSchema, { ...checkout, amount })
    expect(found.length === 0).toBe(ok)
    if (!ok) {
      expect(found[0]).toMatch(
        /^amount: must (have at most 2 decimals|be greater than 0)$/
      )
    }
  })

  it("refuses an amount sent as text", () => {
    expectRefused(
      gatewayASingleRequestSchema,
      { ...checkout, amount: "150.50" },
      "amount",
      "must be a number"
    )
  })

  it("refuses an order number that is not a positive integer", () => {
    expectRefused(
      gatewayASingleRequestSchema,
      { ...checkout, number: 10.5 },
      "number",
      "must be an integer"
    )
    expectRefused(
      gatewayASingleRequestSchema,
      { ...checkout, number: 0 },
      "number"
    )
  })

  it.each(["name", "surname", "email"])("requires billing.%s", (field) => {
    const { [field as keyof typeof billing]: _omitted, ...rest } = billing
    expectRefused(
      gatewayASingleRequestSchema,
      { ...checkout, billing: rest },
      `billing.${field}`
    )
  })

  it("requires the billing object itself and the description", () => {
    const { billing: _b, ...noBilling } = checkout
    expectRefused(
      gatewayCRequestSchema,
      { ...noBilling, currency: "GTQ" },
      "billing"
    )
    const { description: _d, ...noDescription } = checkout
    expectRefused(
      gatewayCRequestSchema,
      { ...noDescription, currency: "GTQ" },
      "description"
    )
  })

  it("refuses blank names and a bad e-mail", () => {
    expectRefused(
      gatewayBRequestSchema,
      { ...checkout, billing: { ...billing, name: "  " } },
      "billing.name",
      "must not be empty"
    )
    expectRefused(
      gatewayBRequestSchema,
      { ...checkout, billing: { ...billing, email: "ana@" } },
      "billing.email",
      "must be an e-mail address"
    )
  })

  it("refuses unknown keys at every level", () => {
    expectRefused(
      gatewayASingleRequestSchema,
      { ...checkout, notes: "x" },
      "",
      "notes"
    )
    expectRefused(
      gatewayASingleRequestSchema,
      { ...checkout, billing: { ...billing, nit: "1" } },
      "billing",
      "nit"
    )
    expectRefused(
      gatewayASingleRequestSchema,
      { ...checkout, options: { allowTransfers: true } },
      "options",
      "allowTransfers"
    )
    expectRefused(
      gatewayCRequestSchema,
      { ...checkout, currency: "GTQ", options: {} },
      "",
      "options"
    )
  })

  it("accepts http(s) return addresses only", () => {
    expectAccepted(gatewayASingleRequestSchema, {
      ...checkout,
      redirection: {
        successUrl: "https://shop.example/ok?x=1",
        cancelUrl: "http://localhost:9000/cancel",
      },
    })
    expectRefused(
      gatewayASingleRequestSchema,
      { ...checkout, redirection: { successUrl: "/relative" } },
      "redirection.successUrl",
      "must be an absolute http(s) URL"
    )
    expectRefused(
      gatewayASingleRequestSchema,
      { ...checkout, redirection: { successUrl: "javascript:alert(1)" } },
      "redirection.successUrl"
    )
  })
})
