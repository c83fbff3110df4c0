/** Each endpoint's own request rules: installments, currencies, subscription period, order items, discount, setup. */
import {
  discountRequestSchema,
  gatewayASingleRequestSchema,
  gatewayBRequestSchema,
  gatewayCRequestSchema,
  setupRequestSchema,
  subscriptionRequestSchema,
} from "../schemas"
import {
  checkout,
  expectAccepted,
  expectRefused,
  problems,
} from "./helpers/schema-checks"

describe("gateway A single (endpoint 1)", () => {
  it.each(["3,", "3,6,", "12,18,", "3,6,12,18,"])(
    "installments %p accepted",
    (installments) => {
      expectAccepted(gatewayASingleRequestSchema, {
        ...checkout,
        options: { allowTransfer: false, installments },
      })
    }
  )

  it.each([
    ["3,6", "each followed by a comma"],
    ["4,", "each followed by a comma"],
    ["", "each followed by a comma"],
    [",3,", "each followed by a comma"],
    ["3,3,", "must not repeat a count"],
  ])("installments %p refused (%s)", (installments, message) => {
    expectRefused(
      gatewayASingleRequestSchema,
      { ...checkout, options: { installments } },
      "options.installments",
      message
    )
  })

  it("accepts GTQ and USD and refuses other currencies", () => {
    expectAccepted(gatewayASingleRequestSchema, {
      ...checkout,
      currency: "GTQ",
    })
    expectAccepted(gatewayASingleRequestSchema, {
      ...checkout,
      currency: "USD",
    })
    expectRefused(
      gatewayASingleRequestSchema,
      { ...checkout, currency: "EUR" },
      "currency"
    )
    expectRefused(
      gatewayASingleRequestSchema,
      { ...checkout, currency: "gtq" },
      "currency"
    )
  })
})

describe("gateway A subscription (endpoint 2)", () => {
  it.each(["week", "month", "year"])("interval %p accepted", (interval) => {
    expectAccepted(subscriptionRequestSchema, {
      ...checkout,
      interval,
      count: 2,
      currency: "USD",
    })
  })

  it.each(["day", "monthly", "Month"])("interval %p refused", (interval) => {
    expectRefused(
      subscriptionRequestSchema,
      { ...checkout, interval },
      "interval"
    )
  })

  it("count must be a positive integer", () => {
    expectAccepted(subscriptionRequestSchema, { ...checkout, count: 1 })
    expectRefused(subscriptionRequestSchema, { ...checkout, count: 0 }, "count")
    expectRefused(
      subscriptionRequestSchema,
      { ...checkout, count: 1.5 },
      "count"
    )
  })

  it("has no options object but takes the sample's correlative", () => {
    expectRefused(
      subscriptionRequestSchema,
      { ...checkout, options: { installments: "3," } },
      "",
      "options"
    )
    expectAccepted(subscriptionRequestSchema, { ...checkout, correlative: 7 })
  })
})

describe("gateway B (endpoint 3)", () => {
  const order = [{ reference: "SKU-1", name: "Mug", qty: 2, price: 75.25 }]

  it("accepts GTQ, an omitted currency and order items", () => {
    expectAccepted(gatewayBRequestSchema, {
      ...checkout,
      currency: "GTQ",
      order,
    })
    expectAccepted(gatewayBRequestSchema, checkout)
  })

  it("refuses USD", () => {
    expectRefused(
      gatewayBRequestSchema,
      { ...checkout, currency: "USD" },
      "currency"
    )
  })

  it("refuses a bad or empty order", () => {
    expectRefused(gatewayBRequestSchema, { ...checkout, order: [] }, "order")
    expectRefused(
      gatewayBRequestSchema,
      { ...checkout, order: [{ ...order[0], qty: 0 }] },
      "order.0.qty"
    )
    expectRefused(
      gatewayBRequestSchema,
      { ...checkout, order: [{ ...order[0], price: -1 }] },
      "order.0.price"
    )
    const { reference: _r, ...noReference } = order[0]
    expectRefused(
      gatewayBRequestSchema,
      { ...checkout, order: [noReference] },
      "order.0.reference"
    )
  })

  it("has no cancel address", () => {
    expectRefused(
      gatewayBRequestSchema,
      {
        ...checkout,
        redirection: {
          successUrl: "https://s.example/ok",
          cancelUrl: "https://s.example/c",
        },
      },
      "redirection",
      "cancelUrl"
    )
  })
})

describe("gateway C (endpoint 4)", () => {
  it("requires GTQ, since the service names no default", () => {
    expectAccepted(gatewayCRequestSchema, { ...checkout, currency: "GTQ" })
    expectRefused(gatewayCRequestSchema, checkout, "currency")
    expectRefused(
      gatewayCRequestSchema,
      { ...checkout, currency: "USD" },
      "currency"
    )
  })
})

describe("discount (endpoint 5)", () => {
  const discount = {
    discount: 10.5,
    total: 100,
    code: 77,
    card: "6000123412341234",
  }

  it("accepts GTQ or no currency", () => {
    expectAccepted(discountRequestSchema, discount)
    expectAccepted(discountRequestSchema, { ...discount, currency: "GTQ" })
  })

  it("refuses other currencies, a non-integer code, an empty card, 3-decimal amounts", () => {
    expectRefused(
      discountRequestSchema,
      { ...discount, currency: "USD" },
      "currency"
    )
    expectRefused(discountRequestSchema, { ...discount, code: 1.5 }, "code")
    expectRefused(
      discountRequestSchema,
      { ...discount, card: "" },
      "card",
      "must not be empty"
    )
    expectRefused(
      discountRequestSchema,
      { ...discount, total: 100.001 },
      "total",
      "must have at most 2 decimals"
    )
    expectRefused(discountRequestSchema, { ...discount, extra: 1 }, "", "extra")
  })
})

describe("setup (endpoint 6)", () => {
  it("needs user, password and an integer branch", () => {
    expectAccepted(setupRequestSchema, { user: "u", password: "p", branch: 1 })
    expectRefused(setupRequestSchema, { user: "u", branch: 1 }, "password")
    expectRefused(
      setupRequestSchema,
      { user: "u", password: "p", branch: "1" },
      "branch"
    )
    expectRefused(
      setupRequestSchema,
      { user: "", password: "p", branch: 1 },
      "user"
    )
  })

  it("never quotes the password in its messages", () => {
    const found = problems(setupRequestSchema, {
      user: "u",
      password: 12345678,
      branch: 1,
    })
    expect(found).toHaveLength(1)
    expect(found[0]).not.toContain("12345678")
  })
})
