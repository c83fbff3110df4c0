import {
  guatemalaDay,
  mayFlagUnverified,
  ordersToClear,
  ordersToFlag,
  reportAttention,
  reportGateway,
  attentionFrom,
} from "../reconciliation-apply"

const record = { number: 41, gateway: "gateway_a_subscription" as const, origin: "storefront" as const, cents: 123450n, currency: "GTQ" }
const row = { reconciliation_id: "plrec_1", file_name: "marzo.csv", line: 7, card_last4: "4242", authorization: "A-1" }

describe("applying a reconciliation: the decisions", () => {
  it("dates a payment by the Guatemalan day the dashboard shows (UTC−6, no daylight saving)", () => {
    expect(guatemalaDay(new Date("2026-11-25T05:59:59Z"))).toBe("2026-11-24")
    expect(guatemalaDay(new Date("2026-11-25T06:00:00Z"))).toBe("2026-11-25")
    expect(guatemalaDay(new Date("2026-07-01T03:00:00Z"))).toBe("2026-06-30")
  })

  it("names the report by its gateway's first product (A's subscriptions share A's export)", () => {
    expect(reportGateway("gateway_a_subscription")).toBe("gateway_a")
    expect(reportGateway("gateway_a")).toBe("gateway_a")
    expect(reportGateway("gateway_c")).toBe("gateway_c")
  })

  it("a report showing the link's own amount: paid_in_report, and the payment counts as verified", () => {
    const { reason, verified } = reportAttention({ paid_at: new Date("2026-11-24T15:04:00Z"), reported_cents: 123450n, reported_currency: "GTQ", row, record })
    expect(verified).toBe(true)
    expect(reason.code).toBe("paid_in_report")
    expect(reason.params).toEqual({
      number: 41,
      target: "cart",
      gateway: "gateway_a",
      day: "2026-11-24",
      currency: "GTQ",
      paid: 123450,
      // The row itself travels with the reason (the admin shows it before Place order), never in the sentence.
      report: { ...row, paid_at: "2026-11-24T15:04:00.000Z", amount: 123450, currency: "GTQ" },
    })
    expect(reason.text).toBe(
      "Link 41 was paid (gateway A's report, 2026-11-24, GTQ 1234.50), but the customer never came back to the store; the cart was not completed."
    )
  })

  it("the report's currency missing means the link's; an admin link's payment was not recorded on its order", () => {
    const { reason } = reportAttention({ paid_at: null, reported_cents: 123450n, reported_currency: null, row, record: { ...record, origin: "order" } })
    expect(reason.code).toBe("paid_in_report")
    expect(reason.params.target).toBe("order")
    expect(reason.params.day).toBeUndefined()
  })

  it("another amount, or another currency, is paid_in_report_differs, not verified, both amounts to the cent", () => {
    const less = reportAttention({ paid_at: new Date("2026-11-24T15:04:00Z"), reported_cents: 123449n, reported_currency: "GTQ", row, record })
    expect(less.verified).toBe(false)
    expect(less.reason.code).toBe("paid_in_report_differs")
    expect(less.reason.params).toMatchObject({ total: 123450, reported: 123449, currency: "GTQ" })
    expect(less.reason.params.reported_currency).toBeUndefined()
    expect(less.reason.text).toBe(
      "Link 41 was paid GTQ 1234.49 (gateway A's report, 2026-11-24), but it was for GTQ 1234.50; the cart was not completed: refund the payment by hand."
    )
    const usd = reportAttention({ paid_at: new Date("2026-11-24T15:04:00Z"), reported_cents: 123450n, reported_currency: "usd", row, record })
    expect(usd.reason.code).toBe("paid_in_report_differs")
    expect(usd.reason.text).toContain("was paid USD 1234.50 (gateway A's report, 2026-11-24), but it was for GTQ 1234.50")
    expect(usd.reason.params.report).toMatchObject({ amount: 123450, currency: "USD", file_name: "marzo.csv", line: 7 })
  })

  it("flags unverified only a record no report verified; a verified one keeps it", () => {
    expect(mayFlagUnverified(null)).toBe(true)
    expect(mayFlagUnverified("unverified")).toBe(true)
    expect(mayFlagUnverified("verified")).toBe(false)
  })

  it("writes an order's flag only where it changes something", () => {
    const orders = [
      { id: "order_new", metadata: null },
      { id: "order_other_meta", metadata: { gift: "yes" } },
      { id: "order_flagged", metadata: { paylink_payment_verification: "unverified", paylink_reconciliation_id: "plrec_1" } },
      { id: "order_verified", metadata: { paylink_payment_verification: "verified" } },
    ]
    expect(ordersToFlag(orders)).toEqual(["order_new", "order_other_meta", "order_verified"])
    expect(ordersToClear(orders)).toEqual(["order_flagged"])
  })

  it("hands over a paid record from the status it has now when it ended unsettled meanwhile (expired, withdrawn, canceled)", () => {
    // Read while the link was live, expired by the job before the merchant applied: still paid, still no order.
    expect(attentionFrom("created", "expired")).toBe("expired")
    expect(attentionFrom("created", "withdrawn")).toBe("withdrawn")
    expect(attentionFrom("unknown", "canceled")).toBe("canceled")
    expect(attentionFrom("withdrawn", "created")).toBe("created")
    // Settled or settling meanwhile (the customer came back, the merchant acted): the read status, so nothing moves.
    expect(attentionFrom("created", "returned")).toBe("created")
    expect(attentionFrom("created", "completed")).toBe("created")
    expect(attentionFrom("expired", "refunded")).toBe("expired")
    expect(attentionFrom("created", "needs_attention")).toBe("created")
  })
})
