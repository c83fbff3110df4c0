import { MedusaError } from "@medusajs/framework/utils"
import { buildOrderLines } from "../order-lines"
import { resolveBilling } from "../billing"
import { sessionStatusFor } from "../status"
import { gatewayAOptionsSchema, parseProviderOptions, subscriptionOptionsSchema, baseProviderOptionsSchema } from "../options"
import { toMedusaError } from "../../../lib/medusa-errors"
import { PaylinkInvalidRequestError, PaylinkUnavailableError } from "../../../lib/paylink/errors"
import { GatewayAProviderService } from "../../gateway-a/service"

const cents = (lines: { qty: number; price: number }[]) =>
  lines.reduce((sum, l) => sum + BigInt(l.qty) * BigInt(Math.round(l.price * 100)), 0n)

describe("buildOrderLines", () => {
  it("keeps server lines that sum to the amount", () => {
    const lines = buildOrderLines([{ reference: "sku-1", name: "Café", qty: 3, price: "33.33" }], 9999n, "Order 1")
    expect(lines).toEqual([{ reference: "sku-1", name: "Café", qty: 3, price: 33.33 }])
  })

  it("adds one line for what the items do not cover", () => {
    const lines = buildOrderLines([{ reference: "a", name: "A", qty: 2, price: "10.00" }], 2550n, "Order 1")
    expect(lines[1]).toEqual({ reference: "shipping-taxes-fees", name: "Shipping, taxes and fees", qty: 1, price: 5.5 })
    expect(cents(lines)).toBe(2550n)
  })

  it("collapses to one line when items exceed the amount or are malformed", () => {
    for (const items of [
      [{ reference: "a", name: "A", qty: 1, price: "99.00" }],
      [{ reference: "a", name: "A", qty: 0, price: "1.00" }],
      [{ reference: "", name: "A", qty: 1, price: "1.00" }],
      [{ reference: "a", name: "A", qty: 1, price: "-1" }],
      "not an array",
      undefined,
    ]) {
      expect(buildOrderLines(items, 1234n, "Order 7")).toEqual([{ reference: "order", name: "Order 7", qty: 1, price: 12.34 }])
    }
  })
})

describe("resolveBilling", () => {
  it("prefers session billing, then the logged-in customer", () => {
    expect(resolveBilling({ billing: { name: " Ana ", surname: "López", email: "ana@example.com" } })).toEqual({
      name: "Ana",
      surname: "López",
      email: "ana@example.com",
    })
    expect(
      resolveBilling({}, { id: "cus_1", email: "c@example.com", first_name: "Carla", last_name: "Díaz", phone: "5555" })
    ).toEqual({ name: "Carla", surname: "Díaz", email: "c@example.com", phone: "5555" })
  })

  it("names every missing field in an INVALID_DATA error", () => {
    try {
      resolveBilling({ billing: { name: "Ana" } })
      throw new Error("did not throw")
    } catch (e) {
      expect(e).toBeInstanceOf(MedusaError)
      expect((e as MedusaError).type).toBe(MedusaError.Types.INVALID_DATA)
      expect((e as Error).message).toContain("billing.surname, billing.email")
    }
  })
})

describe("sessionStatusFor", () => {
  it.each([
    [{ status: "created", confirmation: "return" }, "pending"],
    [{ status: "returned", confirmation: "return" }, "captured"],
    [{ status: "completed", confirmation: "return" }, "captured"],
    [{ status: "returned", confirmation: "manual" }, "pending_authorization"],
    [{ status: "completed", confirmation: "manual", confirmed_at: new Date() }, "captured"],
    [{ status: "canceled", confirmation: "return" }, "canceled"],
    [{ status: "expired", confirmation: "return" }, "canceled"],
    [{ status: "failed", confirmation: "return" }, "error"],
  ] as const)("%o -> %s", (record, expected) => {
    expect(sessionStatusFor(record)).toBe(expected)
  })
})

describe("provider options", () => {
  const valid = {
    baseUrl: "https://api.example.com",
    token: "t",
    secret: "s".repeat(32),
    backendUrl: "https://shop-api.example.com",
  }

  it("fills defaults", () => {
    expect(parseProviderOptions(gatewayAOptionsSchema, valid, "gateway A")).toMatchObject({
      timeoutMs: 10000,
      confirmation: "return",
      refunds: "refuse",
      allowTransfer: false,
      installments: [],
      returnLinkTtlHours: 48,
    })
  })

  it.each([
    [baseProviderOptionsSchema, { ...valid, token: undefined }, "token: is required"],
    [baseProviderOptionsSchema, { ...valid, secret: "short" }, "secret: must be at least 32 characters"],
    [baseProviderOptionsSchema, { ...valid, baseUrl: "not a url" }, "baseUrl: must be the service's absolute base URL"],
    [baseProviderOptionsSchema, { ...valid, gatewayPath: "a/b" }, "gatewayPath: must be a single URL path segment"],
    [baseProviderOptionsSchema, { ...valid, orderConfirmedUrl: "https://shop/x" }, "orderConfirmedUrl: must contain {order_id}"],
    [gatewayAOptionsSchema, { ...valid, installments: [4] }, "installments"],
    [gatewayAOptionsSchema, { ...valid, installments: [3, 3] }, "installments: must not repeat a count"],
    [subscriptionOptionsSchema, { ...valid }, "interval: must be one of week, month, year"],
    [subscriptionOptionsSchema, { ...valid, interval: "month", count: 0 }, "count: must be a positive integer"],
  ] as const)("refuses bad options with a message naming the option (%#)", (schema, options, message) => {
    expect(() => parseProviderOptions(schema, options, "gateway X")).toThrow(message)
  })

  it("is what Medusa calls at boot", () => {
    expect(() => GatewayAProviderService.validateOptions({ ...valid, token: "" })).toThrow(
      /gateway A provider options are invalid: token: must not be empty/
    )
  })
})

describe("toMedusaError", () => {
  it("keeps the service's 400 as INVALID_DATA and turns outages into UNEXPECTED_STATE", () => {
    const invalid = toMedusaError(
      PaylinkInvalidRequestError.fromAnswer({ endpoint: "gatewayC", label: "gateway C" }, "amount invalid")
    )
    expect(invalid.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(invalid.message).toContain("amount invalid")
    const down = toMedusaError(PaylinkUnavailableError.because({ endpoint: "gatewayC", label: "gateway C" }, "HTTP 500"))
    expect(down.type).toBe(MedusaError.Types.UNEXPECTED_STATE)
    expect(down.message).toBe("gateway C is unavailable: HTTP 500")
    expect(toMedusaError(new Error("boom")).type).toBe(MedusaError.Types.UNEXPECTED_STATE)
  })
})
