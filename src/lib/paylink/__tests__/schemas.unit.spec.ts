import type { z } from "zod"
import {
  discountRequestSchema,
  discountResponseSchema,
  gatewayASingleRequestSchema,
  gatewayASingleResponseSchema,
  gatewayBRequestSchema,
  gatewayBResponseSchema,
  gatewayCRequestSchema,
  gatewayCResponseSchema,
  setupRequestSchema,
  setupResponseSchema,
  subscriptionRequestSchema,
  subscriptionResponseSchema,
} from "../schemas"

/** The issues of a refused value as "path: message", or [] when it is accepted. */
function problems(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value)
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)
}

function expectAccepted(schema: z.ZodType, value: unknown): void {
  expect(problems(schema, value)).toEqual([])
}

/** Refused, with an issue on `path` (and, when given, a message containing `message`). */
function expectRefused(schema: z.ZodType, value: unknown, path: string, message = ""): void {
  const found = problems(schema, value)
  expect(found).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^${escape(path)}: .*${escape(message)}`))]))
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
}

const billing = { name: "Ana", surname: "López", email: "ana@example.com" }
const checkout = { number: 1001, description: "Order #1001", amount: 150.5, billing }

describe("checkout fields shared by the four checkout requests", () => {
  it("accepts the minimal body and the full billing object", () => {
    expectAccepted(gatewayASingleRequestSchema, checkout)
    expectAccepted(gatewayASingleRequestSchema, {
      ...checkout,
      billing: { ...billing, taxId: "CF", phone: "+502 5555 5555", address: "Zona 10" },
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
      expect(found[0]).toMatch(/^amount: must (have at most 2 decimals|be greater than 0)$/)
    }
  })

  it("refuses an amount sent as text", () => {
    expectRefused(gatewayASingleRequestSchema, { ...checkout, amount: "150.50" }, "amount", "must be a number")
  })

  it("refuses an order number that is not a positive integer", () => {
    expectRefused(gatewayASingleRequestSchema, { ...checkout, number: 10.5 }, "number", "must be an integer")
    expectRefused(gatewayASingleRequestSchema, { ...checkout, number: 0 }, "number")
  })

  it.each(["name", "surname", "email"])("requires billing.%s", (field) => {
    const { [field as keyof typeof billing]: _omitted, ...rest } = billing
    expectRefused(gatewayASingleRequestSchema, { ...checkout, billing: rest }, `billing.${field}`)
  })

  it("requires the billing object itself and the description", () => {
    const { billing: _b, ...noBilling } = checkout
    expectRefused(gatewayCRequestSchema, { ...noBilling, currency: "GTQ" }, "billing")
    const { description: _d, ...noDescription } = checkout
    expectRefused(gatewayCRequestSchema, { ...noDescription, currency: "GTQ" }, "description")
  })

  it("refuses blank names and a bad e-mail", () => {
    expectRefused(gatewayBRequestSchema, { ...checkout, billing: { ...billing, name: "  " } }, "billing.name", "must not be empty")
    expectRefused(
      gatewayBRequestSchema,
      { ...checkout, billing: { ...billing, email: "ana@" } },
      "billing.email",
      "must be an e-mail address"
    )
  })

  it("refuses unknown keys at every level", () => {
    expectRefused(gatewayASingleRequestSchema, { ...checkout, notes: "x" }, "", "notes")
    expectRefused(gatewayASingleRequestSchema, { ...checkout, billing: { ...billing, nit: "1" } }, "billing", "nit")
    expectRefused(gatewayASingleRequestSchema, { ...checkout, options: { allowTransfers: true } }, "options", "allowTransfers")
    expectRefused(gatewayCRequestSchema, { ...checkout, currency: "GTQ", options: {} }, "", "options")
  })

  it("accepts http(s) return addresses only", () => {
    expectAccepted(gatewayASingleRequestSchema, {
      ...checkout,
      redirection: { successUrl: "https://shop.example/ok?x=1", cancelUrl: "http://localhost:9000/cancel" },
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

describe("gateway A single (endpoint 1)", () => {
  it.each(["3,", "3,6,", "12,18,", "3,6,12,18,"])("installments %p accepted", (installments) => {
    expectAccepted(gatewayASingleRequestSchema, { ...checkout, options: { allowTransfer: false, installments } })
  })

  it.each([
    ["3,6", "each followed by a comma"],
    ["4,", "each followed by a comma"],
    ["", "each followed by a comma"],
    [",3,", "each followed by a comma"],
    ["3,3,", "must not repeat a count"],
  ])("installments %p refused (%s)", (installments, message) => {
    expectRefused(gatewayASingleRequestSchema, { ...checkout, options: { installments } }, "options.installments", message)
  })

  it("accepts GTQ and USD and refuses other currencies", () => {
    expectAccepted(gatewayASingleRequestSchema, { ...checkout, currency: "GTQ" })
    expectAccepted(gatewayASingleRequestSchema, { ...checkout, currency: "USD" })
    expectRefused(gatewayASingleRequestSchema, { ...checkout, currency: "EUR" }, "currency")
    expectRefused(gatewayASingleRequestSchema, { ...checkout, currency: "gtq" }, "currency")
  })
})

describe("gateway A subscription (endpoint 2)", () => {
  it.each(["week", "month", "year"])("interval %p accepted", (interval) => {
    expectAccepted(subscriptionRequestSchema, { ...checkout, interval, count: 2, currency: "USD" })
  })

  it.each(["day", "monthly", "Month"])("interval %p refused", (interval) => {
    expectRefused(subscriptionRequestSchema, { ...checkout, interval }, "interval")
  })

  it("count must be a positive integer", () => {
    expectAccepted(subscriptionRequestSchema, { ...checkout, count: 1 })
    expectRefused(subscriptionRequestSchema, { ...checkout, count: 0 }, "count")
    expectRefused(subscriptionRequestSchema, { ...checkout, count: 1.5 }, "count")
  })

  it("has no options object but takes the sample's correlative", () => {
    expectRefused(subscriptionRequestSchema, { ...checkout, options: { installments: "3," } }, "", "options")
    expectAccepted(subscriptionRequestSchema, { ...checkout, correlative: 7 })
  })
})

describe("gateway B (endpoint 3)", () => {
  const order = [{ reference: "SKU-1", name: "Mug", qty: 2, price: 75.25 }]

  it("accepts GTQ, an omitted currency and order items", () => {
    expectAccepted(gatewayBRequestSchema, { ...checkout, currency: "GTQ", order })
    expectAccepted(gatewayBRequestSchema, checkout)
  })

  it("refuses USD", () => {
    expectRefused(gatewayBRequestSchema, { ...checkout, currency: "USD" }, "currency")
  })

  it("refuses a bad or empty order", () => {
    expectRefused(gatewayBRequestSchema, { ...checkout, order: [] }, "order")
    expectRefused(gatewayBRequestSchema, { ...checkout, order: [{ ...order[0], qty: 0 }] }, "order.0.qty")
    expectRefused(gatewayBRequestSchema, { ...checkout, order: [{ ...order[0], price: -1 }] }, "order.0.price")
    const { reference: _r, ...noReference } = order[0]
    expectRefused(gatewayBRequestSchema, { ...checkout, order: [noReference] }, "order.0.reference")
  })

  it("has no cancel address", () => {
    expectRefused(
      gatewayBRequestSchema,
      { ...checkout, redirection: { successUrl: "https://s.example/ok", cancelUrl: "https://s.example/c" } },
      "redirection",
      "cancelUrl"
    )
  })
})

describe("gateway C (endpoint 4)", () => {
  it("requires GTQ, since the service names no default", () => {
    expectAccepted(gatewayCRequestSchema, { ...checkout, currency: "GTQ" })
    expectRefused(gatewayCRequestSchema, checkout, "currency")
    expectRefused(gatewayCRequestSchema, { ...checkout, currency: "USD" }, "currency")
  })
})

describe("discount (endpoint 5)", () => {
  const discount = { discount: 10.5, total: 100, code: 77, card: "6000123412341234" }

  it("accepts GTQ or no currency", () => {
    expectAccepted(discountRequestSchema, discount)
    expectAccepted(discountRequestSchema, { ...discount, currency: "GTQ" })
  })

  it("refuses other currencies, a non-integer code, an empty card, 3-decimal amounts", () => {
    expectRefused(discountRequestSchema, { ...discount, currency: "USD" }, "currency")
    expectRefused(discountRequestSchema, { ...discount, code: 1.5 }, "code")
    expectRefused(discountRequestSchema, { ...discount, card: "" }, "card", "must not be empty")
    expectRefused(discountRequestSchema, { ...discount, total: 100.001 }, "total", "must have at most 2 decimals")
    expectRefused(discountRequestSchema, { ...discount, extra: 1 }, "", "extra")
  })
})

describe("setup (endpoint 6)", () => {
  it("needs user, password and an integer branch", () => {
    expectAccepted(setupRequestSchema, { user: "u", password: "p", branch: 1 })
    expectRefused(setupRequestSchema, { user: "u", branch: 1 }, "password")
    expectRefused(setupRequestSchema, { user: "u", password: "p", branch: "1" }, "branch")
    expectRefused(setupRequestSchema, { user: "", password: "p", branch: 1 }, "user")
  })

  it("never quotes the password in its messages", () => {
    const found = problems(setupRequestSchema, { user: "u", password: 12345678, branch: 1 })
    expect(found).toHaveLength(1)
    expect(found[0]).not.toContain("12345678")
  })
})

describe("response schemas", () => {
  const expiration = "2030-01-01T00:00:00.000Z"

  it("accept the documented shapes, and extra keys", () => {
    expectAccepted(gatewayASingleResponseSchema, { id: "c1", url: "https://p.example/c1", metadata: { product: "p1" } })
    expectAccepted(subscriptionResponseSchema, { id: "c2", product: "s2", url: "https://p.example/c2", extra: 1 })
    expectAccepted(gatewayBResponseSchema, { id: "b", url: "https://b.example", metadata: { clientToken: "t", expiration } })
    expectAccepted(gatewayCResponseSchema, { id: "4001", url: "https://c.example", metadata: { expiration: "2030-01-01T00:00:00-06:00" } })
    expectAccepted(discountResponseSchema, { authorization: "A", confirmation: "C" })
    expectAccepted(setupResponseSchema, { token: "t" })
  })

  it("refuse missing or wrong documented fields", () => {
    expectRefused(gatewayASingleResponseSchema, { id: "c1", url: "https://p.example/c1" }, "metadata")
    expectRefused(gatewayASingleResponseSchema, { id: "c1", url: "https://p.example", metadata: { product: "" } }, "metadata.product")
    expectRefused(subscriptionResponseSchema, { id: "c2", url: "https://p.example/c2" }, "product")
    expectRefused(gatewayBResponseSchema, { id: "b", url: "https://b.example", metadata: { clientToken: "t", expiration: "tomorrow" } }, "metadata.expiration")
    expectRefused(gatewayCResponseSchema, { id: 4001, url: "https://c.example", metadata: { expiration } }, "id")
    expectRefused(gatewayCResponseSchema, { id: "4001", url: "data:text/html,x", metadata: { expiration } }, "url")
    expectRefused(discountResponseSchema, { authorization: "A" }, "confirmation")
    expectRefused(setupResponseSchema, { token: "" }, "token")
  })
})
