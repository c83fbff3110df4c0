import { MedusaError } from "@medusajs/framework/utils"
import { billingOf } from "../billing"
import { sessionStatusFor } from "../status"
import {
  gatewayAOptionsSchema,
  parseProviderOptions,
  subscriptionOptionsSchema,
  baseProviderOptionsSchema,
} from "../options"
import { toMedusaError } from "../../../lib/common/medusa-errors"
import {
  PaylinkInvalidRequestError,
  PaylinkUnavailableError,
} from "../../../lib/paylink/errors"
import { GatewayAProviderService } from "../../gateway-a/service"

describe("billingOf", () => {
  it("takes the billing the server built from the cart, trimmed", () => {
    expect(
      billingOf({
        billing: {
          name: " Ana ",
          surname: "López",
          email: "ana@example.com",
          phone: "5555",
        },
      })
    ).toEqual({
      name: "Ana",
      surname: "López",
      email: "ana@example.com",
      phone: "5555",
    })
  })

  it("names every missing field in an INVALID_DATA error", () => {
    try {
      billingOf({ billing: { name: "Ana" } })
      throw new Error("did not throw")
    } catch (e) {
      expect(e).toBeInstanceOf(MedusaError)
      expect((e as MedusaError).type).toBe(MedusaError.Types.INVALID_DATA)
      expect((e as Error).message).toContain("billing.surname, billing.email")
    }
    expect(() => billingOf({})).toThrow(
      "billing.name, billing.surname, billing.email"
    )
  })
})

describe("billingOf: the NIT (billing.taxId)", () => {
  const base = { name: "Ana", surname: "López", email: "ana@example.com" }

  it("sends a valid NIT in one form, and leaves a final consumer (CF) out, as the service asks", () => {
    expect(billingOf({ billing: { ...base, taxId: "576937-k" } }).taxId).toBe(
      "576937-K"
    )
    expect(billingOf({ billing: { ...base, taxId: "1234567 9" } }).taxId).toBe(
      "1234567-9"
    )
    expect(billingOf({ billing: { ...base, taxId: "cf" } })).not.toHaveProperty(
      "taxId"
    )
    expect(billingOf({ billing: base })).not.toHaveProperty("taxId")
  })

  it("refuses a wrong check digit with a 400 naming the field, before any request", () => {
    try {
      billingOf({ billing: { ...base, taxId: "12345" } })
      throw new Error("did not throw")
    } catch (e) {
      expect(e).toBeInstanceOf(MedusaError)
      expect((e as MedusaError).type).toBe(MedusaError.Types.INVALID_DATA)
      expect((e as MedusaError).code).toBe("paylink.tax_id_invalid")
      expect((e as Error).message).toContain("billing.taxId")
      expect((e as Error).message).toContain("metadata.tax_id")
      expect((e as Error).message).toContain("modulo 11")
    }
  })
})

describe("sessionStatusFor", () => {
  it.each([
    [{ status: "created", confirmation: "return" }, "pending"],
    [{ status: "returned", confirmation: "return" }, "captured"],
    [{ status: "completed", confirmation: "return" }, "captured"],
    [{ status: "returned", confirmation: "manual" }, "pending_authorization"],
    [
      { status: "completed", confirmation: "manual", confirmed_at: new Date() },
      "captured",
    ],
    [{ status: "canceled", confirmation: "return" }, "canceled"],
    [{ status: "withdrawn", confirmation: "return" }, "canceled"],
    [{ status: "expired", confirmation: "return" }, "canceled"],
    [{ status: "refunded", confirmation: "return" }, "canceled"],
    [{ status: "failed", confirmation: "return" }, "error"],
    [{ status: "unknown", confirmation: "return" }, "pending"],
    [{ status: "needs_attention", confirmation: "return" }, "pending"],
  ] as const)("%o -> %s", (record, expected) => {
    expect(sessionStatusFor(record)).toBe(expected)
  })
})

describe("provider options", () => {
  const valid = {
    baseUrl: "https://api.example.com",
    token: "t",
    backendUrl: "https://shop-api.example.com",
  }

  it("fills defaults", () => {
    expect(
      parseProviderOptions(gatewayAOptionsSchema, valid, "gateway A")
    ).toMatchObject({
      timeoutMs: 10000,
      confirmation: "return",
      refunds: "refuse",
      allowTransfer: false,
      installments: [],
      returnLinkTtlHours: 48,
    })
  })

  it.each([
    [
      baseProviderOptionsSchema,
      { ...valid, token: undefined },
      "token: is required",
    ],
    [
      baseProviderOptionsSchema,
      { ...valid, baseUrl: "not a url" },
      "baseUrl: must be the service's absolute base URL",
    ],
    [
      baseProviderOptionsSchema,
      { ...valid, gatewayPath: "a/b" },
      "gatewayPath: must be a single URL path segment",
    ],
    [
      baseProviderOptionsSchema,
      { ...valid, orderConfirmedUrl: "https://shop/x" },
      "orderConfirmedUrl: must contain {order_id}",
    ],
    [gatewayAOptionsSchema, { ...valid, installments: [4] }, "installments"],
    [
      gatewayAOptionsSchema,
      { ...valid, installments: [3, 3] },
      "installments: must not repeat a count",
    ],
    [
      subscriptionOptionsSchema,
      { ...valid },
      "interval: must be one of week, month, year",
    ],
    [
      subscriptionOptionsSchema,
      { ...valid, interval: "month", count: 0 },
      "count: must be a positive integer",
    ],
  ] as const)(
    "refuses bad options with a message naming the option (%#)",
    (schema, options, message) => {
      expect(() => parseProviderOptions(schema, options, "gateway X")).toThrow(
        message
      )
    }
  )

  it("drops a leftover `secret` like any other unknown option: the plugin's secret signs return links", () => {
    expect(
      parseProviderOptions(
        baseProviderOptionsSchema,
        { ...valid, secret: "s".repeat(32) },
        "gateway A"
      )
    ).not.toHaveProperty("secret")
  })

  it("is what Medusa calls at boot", () => {
    expect(() =>
      GatewayAProviderService.validateOptions({ ...valid, token: "" })
    ).toThrow(
      /gateway A provider options are invalid: token: must not be empty/
    )
  })
})

describe("toMedusaError", () => {
  it("keeps the service's 400 as INVALID_DATA and turns outages into UNEXPECTED_STATE", () => {
    const invalid = toMedusaError(
      PaylinkInvalidRequestError.fromAnswer(
        { endpoint: "gatewayC", label: "gateway C" },
        "amount invalid"
      )
    )
    expect(invalid.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(invalid.message).toContain("amount invalid")
    const down = toMedusaError(
      PaylinkUnavailableError.because(
        { endpoint: "gatewayC", label: "gateway C" },
        "HTTP 500"
      )
    )
    expect(down.type).toBe(MedusaError.Types.UNEXPECTED_STATE)
    expect(down.message).toBe("gateway C is unavailable: HTTP 500")
    expect(toMedusaError(new Error("boom")).type).toBe(
      MedusaError.Types.UNEXPECTED_STATE
    )
  })
})
