import {
  gatewayMismatchRefusal,
  guatemalaDay,
  holdsAtLeast,
  mayFlag,
  ordersToClear,
  ordersToFlag,
  reportAttention,
  replacedBy,
  reportGateway,
  attentionFrom,
} from "../apply-rules"

const record = {
  number: 41,
  gateway: "gateway_a_subscription" as const,
  origin: "storefront" as const,
  cents: 123450n,
  currency: "GTQ",
}
const row = {
  reconciliation_id: "plrec_1",
  file_name: "marzo.csv",
  line: 7,
  card_last4: "4242",
  authorization: "A-1",
}

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
    const { reason, verified } = reportAttention({
      paid_at: new Date("2026-11-24T15:04:00Z"),
      reported_cents: 123450n,
      reported_currency: "GTQ",
      row,
      record,
    })
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
      report: {
        ...row,
        paid_at: "2026-11-24T15:04:00.000Z",
        amount: 123450,
        currency: "GTQ",
      },
    })
    expect(reason.text).toBe(
      "Link 41 was paid (gateway A's report, 2026-11-24, GTQ 1234.50), but the customer never came back to the store; the cart was not completed."
    )
  })

  it("the report's currency missing means the link's; an admin link's payment was not recorded on its order", () => {
    const { reason } = reportAttention({
      paid_at: null,
      reported_cents: 123450n,
      reported_currency: null,
      row,
      record: { ...record, origin: "order" },
    })
    expect(reason.code).toBe("paid_in_report")
    expect(reason.params.target).toBe("order")
    expect(reason.params.day).toBeUndefined()
  })

  it("another amount, or another currency, is paid_in_report_differs, not verified, both amounts to the cent", () => {
    const less = reportAttention({
      paid_at: new Date("2026-11-24T15:04:00Z"),
      reported_cents: 123449n,
      reported_currency: "GTQ",
      row,
      record,
    })
    expect(less.verified).toBe(false)
    expect(less.reason.code).toBe("paid_in_report_differs")
    expect(less.reason.params).toMatchObject({
      total: 123450,
      reported: 123449,
      currency: "GTQ",
    })
    expect(less.reason.params.reported_currency).toBeUndefined()
    expect(less.reason.text).toBe(
      "Link 41 was paid GTQ 1234.49 (gateway A's report, 2026-11-24), but it was for GTQ 1234.50; the cart was not completed: refund the payment by hand."
    )
    const usd = reportAttention({
      paid_at: new Date("2026-11-24T15:04:00Z"),
      reported_cents: 123450n,
      reported_currency: "usd",
      row,
      record,
    })
    expect(usd.reason.code).toBe("paid_in_report_differs")
    expect(usd.reason.text).toContain(
      "was paid USD 1234.50 (gateway A's report, 2026-11-24), but it was for GTQ 1234.50"
    )
    expect(usd.reason.params.report).toMatchObject({
      amount: 123450,
      currency: "USD",
      file_name: "marzo.csv",
      line: 7,
    })
  })

  it("flags unverified only a record no report verified; a verified one keeps it", () => {
    expect(mayFlag(null, "unverified")).toBe(true)
    expect(mayFlag("unverified", "unverified")).toBe(true)
    expect(mayFlag("verified", "unverified")).toBe(false)
    expect(mayFlag("short", "unverified")).toBe(false)
  })

  it("a short flag outranks every other verification, and nothing a later report says clears it", () => {
    expect(replacedBy("short")).toEqual([null, "unverified", "verified"])
    expect(replacedBy("verified")).toEqual([null, "unverified"])
    expect(replacedBy("unverified")).toEqual([null])
    for (const current of [null, "unverified", "verified", "short"] as const)
      expect(mayFlag(current, "short")).toBe(true)
    expect(mayFlag("short", "verified")).toBe(false)
    // An entry is done once its record holds what it asked, or something stronger.
    expect(holdsAtLeast("short", "verified")).toBe(true)
    expect(holdsAtLeast("verified", "unverified")).toBe(true)
    expect(holdsAtLeast("verified", "short")).toBe(false)
    expect(holdsAtLeast(null, "unverified")).toBe(false)
  })

  it("asks the merchant before applying a file that matched none of the gateway's links, naming the field", () => {
    expect(
      gatewayMismatchRefusal("plrec_1", "gatewayB", { payments: 4, records: 2 })
    ).toBe(
      "None of the 4 payments in reconciliation plrec_1 matches a gateway B link, while gateway B has 2 orders in its period: is this gateway B's export? " +
        "Applying it would flag those orders unverified; send confirm_gateway: true to apply it anyway."
    )
    expect(
      gatewayMismatchRefusal("plrec_1", "gatewayA", { payments: 1, records: 1 })
    ).toContain(
      "The 1 payment in reconciliation plrec_1 does not match a gateway A link, while gateway A has 1 order in its period"
    )
  })

  it("writes an order's flag only where it changes something", () => {
    const orders = [
      { id: "order_new", metadata: null },
      { id: "order_other_meta", metadata: { gift: "yes" } },
      {
        id: "order_flagged",
        metadata: {
          paylink_payment_verification: "unverified",
          paylink_reconciliation_id: "plrec_1",
        },
      },
      {
        id: "order_verified",
        metadata: { paylink_payment_verification: "verified" },
      },
    ]
    expect(ordersToFlag(orders, "unverified")).toEqual([
      "order_new",
      "order_other_meta",
      "order_verified",
    ])
    expect(ordersToClear(orders)).toEqual(["order_flagged"])
    const short = {
      id: "order_short",
      metadata: { paylink_payment_verification: "short" },
    }
    expect(ordersToFlag([...orders, short], "short")).toEqual([
      "order_new",
      "order_other_meta",
      "order_flagged",
      "order_verified",
    ])
    // An order flagged short keeps it, even if its record's flag was not written yet (a run stopped between the two).
    expect(ordersToFlag([short], "unverified")).toEqual([])
    expect(ordersToClear([short])).toEqual([])
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
