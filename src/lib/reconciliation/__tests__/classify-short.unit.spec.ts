import { classifyPayment, gatewayMismatch, isShortPayment, type PaymentRow, type RecordFacts } from ".."

const ROW: PaymentRow = {
  kind: "payment",
  line: 2,
  reference: "41",
  number: 41,
  cents: 700n,
  currency: "GTQ",
  paidAt: new Date("2026-11-24T21:00:00Z"),
  day: "2026-11-24",
  through: new Date("2026-11-24T21:00:59.999Z"),
  cardLast4: "1234",
  authorization: "A1",
}

const record = (over: Partial<RecordFacts> = {}): RecordFacts => ({
  id: "plchk_1",
  number: 41,
  gatewayMatches: true,
  recurring: false,
  status: "completed",
  cents: 7_000n,
  currency: "GTQ",
  orderId: "order_1",
  canceledBy: null,
  paymentVerification: null,
  ...over,
})

describe("a row showing less money than a completed record owes", () => {
  it("is short: less money, or another currency (which cannot be compared); more is not, nor any record not completed", () => {
    expect(isShortPayment(ROW, record())).toBe(true)
    expect(isShortPayment({ cents: 6_999n, currency: "GTQ" }, record())).toBe(true)
    expect(isShortPayment({ cents: 7_000n, currency: "USD" }, record())).toBe(true)
    expect(isShortPayment({ cents: 70_000n, currency: "usd" }, record())).toBe(true)
    expect(isShortPayment({ cents: 7_001n, currency: "GTQ" }, record())).toBe(false)
    expect(isShortPayment({ cents: 7_000n, currency: "gtq" }, record())).toBe(false)
    for (const status of ["returned", "needs_attention", "refunded", "created", "expired"] as const) {
      expect(isShortPayment(ROW, record({ status }))).toBe(false)
    }
  })

  it("flags the order's record short, from never reconciled, unverified or verified; once", () => {
    const short = { group: "amount_mismatch", reason: "amount_differs", action: "short" }
    expect(classifyPayment(ROW, record(), false)).toEqual(short)
    expect(classifyPayment(ROW, record({ paymentVerification: "unverified" }), false)).toEqual(short)
    expect(classifyPayment(ROW, record({ paymentVerification: "verified" }), false)).toEqual(short)
    expect(classifyPayment(ROW, record({ paymentVerification: "short" }), false)).toEqual({ ...short, action: null })
  })

  it("flags a record settled by the merchant (completed, no order) the same way", () => {
    expect(classifyPayment(ROW, record({ orderId: null }), false).action).toBe("short")
  })

  it("another currency is short too; more than owed is listed with no action", () => {
    expect(classifyPayment({ ...ROW, cents: 7_000n, currency: "USD" }, record(), false)).toEqual({
      group: "amount_mismatch", reason: "currency_differs", action: "short",
    })
    expect(classifyPayment({ ...ROW, cents: 15_000n }, record(), false)).toEqual({ group: "amount_mismatch", reason: "amount_differs", action: null })
  })

  it("a renewal of another amount, and a duplicate row, stay as they were: no action", () => {
    expect(classifyPayment(ROW, record({ recurring: true }), true)).toEqual({ group: "amount_mismatch", reason: "amount_differs", action: null })
    expect(classifyPayment(ROW, record(), true)).toEqual({ group: "unknown", reason: "duplicate_row", action: null })
  })

  it("a later row with the whole amount does not verify a record flagged short", () => {
    expect(classifyPayment({ ...ROW, cents: 7_000n }, record({ paymentVerification: "short" }), false)).toEqual({
      group: "matched", reason: "order_placed", action: null,
    })
  })
})

describe("gatewayMismatch: a report none of whose payments is a link of the chosen gateway", () => {
  const counts = { matched: 0, paid_no_order: 0, order_no_payment: 0, unknown: 0, amount_mismatch: 0 }

  it("is told when its payments all match nothing while the gateway has orders in its period", () => {
    expect(gatewayMismatch({ ...counts, unknown: 4, order_no_payment: 3 })).toEqual({ payments: 4, records: 3 })
  })

  it("is not when one payment matches, when there is no payment, or when the gateway has no order in the period", () => {
    expect(gatewayMismatch({ ...counts, unknown: 4, order_no_payment: 3, matched: 1 })).toBeNull()
    expect(gatewayMismatch({ ...counts, unknown: 4, order_no_payment: 3, paid_no_order: 1 })).toBeNull()
    expect(gatewayMismatch({ ...counts, unknown: 4, order_no_payment: 3, amount_mismatch: 1 })).toBeNull()
    expect(gatewayMismatch({ ...counts, order_no_payment: 3 })).toBeNull()
    expect(gatewayMismatch({ ...counts, unknown: 4 })).toBeNull()
  })
})
