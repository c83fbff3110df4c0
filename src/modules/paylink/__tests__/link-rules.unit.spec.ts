import { MedusaError } from "@medusajs/framework/utils"
import { refundedAfter, reuseRefusal } from "../utils/link-rules"

const record = {
  number: 7,
  gateway: "gateway_a",
  amount: 100,
  currency_code: "GTQ",
  status: "withdrawn" as const,
  url: "https://pay.example/7",
  checkout_id: "chk_7",
  refunded_amount: 0,
}
const charge = { gateway: "gateway_a", cents: 10000n, currency_code: "GTQ" }

describe("reuseRefusal", () => {
  it("lets a re-created session carry a confirmed link for the same charge", () => {
    for (const status of [
      "created",
      "unknown",
      "canceled",
      "withdrawn",
      "returned",
      "needs_attention",
    ] as const) {
      expect(reuseRefusal({ ...record, status }, charge)).toBeNull()
    }
  })

  it("refuses another gateway, amount or currency, an unconfirmed link, and a settled or dead one", () => {
    expect(reuseRefusal(record, { ...charge, gateway: "gateway_b" })).toBe(
      "link 7 was made for another gateway or amount"
    )
    expect(reuseRefusal(record, { ...charge, cents: 10001n })).toBe(
      "link 7 was made for another gateway or amount"
    )
    expect(reuseRefusal(record, { ...charge, currency_code: "USD" })).toBe(
      "link 7 was made for another gateway or amount"
    )
    expect(reuseRefusal({ ...record, url: null }, charge)).toBe(
      "link 7 was never confirmed by the service"
    )
    for (const status of [
      "completed",
      "refunded",
      "expired",
      "failed",
    ] as const) {
      expect(reuseRefusal({ ...record, status }, charge)).toBe(
        `link 7 is ${status}`
      )
    }
  })
})

describe("refundedAfter", () => {
  const completed = {
    ...record,
    status: "completed" as const,
    refunded_amount: 40,
  }

  it("adds refunds in cents up to what was paid", () => {
    expect(refundedAfter(completed, 5999n)).toBe(99.99)
    expect(refundedAfter(completed, 6000n)).toBe(100)
  })

  it("refuses more than was paid, and any refund before the order exists", () => {
    expect(() => refundedAfter(completed, 6001n)).toThrow(
      "amount: refunds would total 100.01, more than the 100.00 paid."
    )
    try {
      refundedAfter({ ...record, status: "returned" }, 100n)
      throw new Error("did not throw")
    } catch (e) {
      expect((e as MedusaError).type).toBe(MedusaError.Types.NOT_ALLOWED)
      expect((e as Error).message).toBe(
        "Payment link 7 is returned: only a link whose order was placed can record a refund."
      )
    }
  })
})
