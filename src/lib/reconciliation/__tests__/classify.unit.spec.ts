import type { CheckoutStatus } from "../../../types/paylink"
import {
  classifyPayment,
  classifyUnpaidOrder,
  CLOCK_SKEW_MS,
  gatewayMismatch,
  isShortPayment,
  notItsPayment,
  type PaymentRow,
  type RecordFacts,
} from ".."

const ROW: PaymentRow = {
  kind: "payment",
  line: 2,
  reference: "41",
  number: 41,
  cents: 12_345n,
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
  cents: 12_345n,
  currency: "GTQ",
  orderId: "order_1",
  canceledBy: null,
  paymentVerification: null,
  ...over,
})

describe("classifyPayment", () => {
  it("no record: unknown, no_record", () => {
    expect(classifyPayment(ROW, null, false)).toEqual({
      group: "unknown",
      reason: "no_record",
      action: null,
    })
  })

  it("another gateway's record: unknown, other_gateway", () => {
    expect(
      classifyPayment(ROW, record({ gatewayMatches: false }), false)
    ).toEqual({ group: "unknown", reason: "other_gateway", action: null })
  })

  it("a record an earlier row matched: unknown, duplicate_row", () => {
    expect(classifyPayment(ROW, record(), true)).toEqual({
      group: "unknown",
      reason: "duplicate_row",
      action: null,
    })
  })

  /** A monthly subscription link returned a month before ROW was paid, its subscription running. */
  const subscribed = (over: Partial<RecordFacts> = {}) =>
    record({
      recurring: true,
      firstPaidBy: new Date(ROW.paidAt.getTime() - 31 * 86_400_000),
      plan: { interval: "month", count: 1 },
      subscription: "active",
      ...over,
    })

  it("a subscription's row dated after its return (a renewal the gateway billed): matched, subscription_renewal, make its order", () => {
    const renewal = {
      group: "matched",
      reason: "subscription_renewal",
      action: "renewal_order",
    }
    expect(classifyPayment(ROW, subscribed(), false)).toEqual(renewal)
    // Decided by the date, not by the row's place in the file: first in the file or after another.
    expect(classifyPayment(ROW, subscribed(), true)).toEqual(renewal)
    expect(
      classifyPayment(
        ROW,
        subscribed({ subscription: "renewal_overdue" }),
        false
      )
    ).toEqual(renewal)
  })

  it("a subscription's row less than half a period after its return is its first payment, dated differently (a service clock ahead, a settlement date mapped)", () => {
    const returned = subscribed({
      firstPaidBy: new Date(ROW.paidAt.getTime() - 14 * 86_400_000),
    })
    expect(classifyPayment(ROW, returned, false)).toEqual({
      group: "matched",
      reason: "order_placed",
      action: "verified",
    })
    expect(classifyPayment(ROW, returned, true)).toEqual({
      group: "unknown",
      reason: "duplicate_row",
      action: null,
    })
    // A weekly plan's half period is three and a half days.
    expect(
      classifyPayment(
        ROW,
        subscribed({
          firstPaidBy: new Date(ROW.paidAt.getTime() - 4 * 86_400_000),
          plan: { interval: "week", count: 1 },
        }),
        false
      )
    ).toMatchObject({ reason: "subscription_renewal" })
  })

  it("with the store's renewal gap (a sandbox that charges early), the clock skew still holds the first payment", () => {
    const minuteAfter = subscribed({
      firstPaidBy: new Date(ROW.paidAt.getTime() - 60_000),
    })
    // Both clocks one, no gap: a minute after the return is a renewal.
    expect(classifyPayment(ROW, minuteAfter, false, 0, 0)).toMatchObject({
      reason: "subscription_renewal",
    })
    // The default skew of 10 minutes keeps it the first payment even with no gap.
    expect(
      classifyPayment(ROW, minuteAfter, false, CLOCK_SKEW_MS, 0)
    ).toMatchObject({ reason: "order_placed" })
  })

  it("a renewal of a subscription the merchant ended: paid, no order, listed for a refund; one charged before the end is still shipped", () => {
    expect(
      classifyPayment(
        ROW,
        subscribed({
          subscription: "ended",
          subscriptionEndedAt: new Date(ROW.paidAt.getTime() - 60_000),
        }),
        false
      )
    ).toEqual({
      group: "paid_no_order",
      reason: "renewal_after_end",
      action: null,
    })
    expect(
      classifyPayment(
        ROW,
        subscribed({
          subscription: "ended",
          subscriptionEndedAt: new Date(ROW.paidAt.getTime() + 60_000),
        }),
        false
      )
    ).toMatchObject({ reason: "subscription_renewal", action: "renewal_order" })
  })

  it("a later row of a subscription link with no subscription (no first order): paid, no order", () => {
    expect(
      classifyPayment(ROW, subscribed({ subscription: null }), false)
    ).toEqual({
      group: "paid_no_order",
      reason: "renewal_no_subscription",
      action: null,
    })
    // Never returned: its first row is its payment, a second one is listed the same way.
    expect(
      classifyPayment(
        ROW,
        record({
          recurring: true,
          status: "needs_attention",
          orderId: null,
          firstPaidBy: null,
        }),
        true
      )
    ).toEqual({
      group: "paid_no_order",
      reason: "renewal_no_subscription",
      action: null,
    })
  })

  it("a renewal billed another amount or currency: amount_mismatch, no action", () => {
    expect(
      classifyPayment({ ...ROW, cents: 99n }, subscribed(), false)
    ).toEqual({
      group: "amount_mismatch",
      reason: "amount_differs",
      action: null,
    })
    expect(
      classifyPayment({ ...ROW, currency: "USD" }, subscribed(), false)
    ).toEqual({
      group: "amount_mismatch",
      reason: "currency_differs",
      action: null,
    })
  })

  it("currency differs: amount_mismatch, currency_differs (before comparing cents), flagged short", () => {
    expect(
      classifyPayment({ ...ROW, currency: "USD", cents: 1n }, record(), false)
    ).toEqual({
      group: "amount_mismatch",
      reason: "currency_differs",
      action: "short",
    })
  })

  it("a cent short on a record with an order: amount_mismatch, amount_differs, flagged short", () => {
    expect(
      classifyPayment({ ...ROW, cents: 12_344n }, record(), false)
    ).toEqual({
      group: "amount_mismatch",
      reason: "amount_differs",
      action: "short",
    })
  })

  it.each<[CheckoutStatus, string | null]>([
    ["created", "needs_attention"],
    ["unknown", "needs_attention"],
    ["canceled", "needs_attention"],
    ["withdrawn", "needs_attention"],
    ["expired", "needs_attention"],
    ["failed", "needs_attention"],
    ["returned", "short"],
    ["completed", "short"],
    ["needs_attention", "short"],
    ["refunded", null],
  ])(
    "a mismatch on a %s record without an order proposes %p",
    (status, action) => {
      expect(
        classifyPayment(
          { ...ROW, cents: 1n },
          record({ status, orderId: null }),
          false
        )
      ).toEqual({
        group: "amount_mismatch",
        reason: "amount_differs",
        action,
      })
    }
  )

  it("completed with an order: matched, order_placed, verified unless already verified", () => {
    expect(classifyPayment(ROW, record(), false)).toEqual({
      group: "matched",
      reason: "order_placed",
      action: "verified",
    })
    expect(
      classifyPayment(ROW, record({ paymentVerification: "unverified" }), false)
        .action
    ).toBe("verified")
    expect(
      classifyPayment(ROW, record({ paymentVerification: "verified" }), false)
    ).toEqual({ group: "matched", reason: "order_placed", action: null })
  })

  it("completed without an order (an admin link settled): matched, settled_by_merchant", () => {
    expect(classifyPayment(ROW, record({ orderId: null }), false)).toEqual({
      group: "matched",
      reason: "settled_by_merchant",
      action: "verified",
    })
    expect(
      classifyPayment(
        ROW,
        record({ orderId: null, paymentVerification: "verified" }),
        false
      ).action
    ).toBeNull()
  })

  it.each<[Partial<RecordFacts>, string, string, string | null]>([
    [{ status: "refunded" }, "matched", "refunded_by_merchant", null],
    [{ status: "returned", orderId: null }, "paid_no_order", "settling", null],
    [
      { status: "needs_attention", orderId: null },
      "paid_no_order",
      "already_needs_attention",
      null,
    ],
    [
      { status: "withdrawn", orderId: null, canceledBy: "store" },
      "paid_no_order",
      "paid_after_withdrawal",
      "needs_attention",
    ],
    [
      { status: "canceled", orderId: null, canceledBy: "store" },
      "paid_no_order",
      "paid_after_withdrawal",
      "needs_attention",
    ],
    [
      { status: "expired", orderId: null },
      "paid_no_order",
      "paid_after_expiry",
      "needs_attention",
    ],
    [
      { status: "created", orderId: null },
      "paid_no_order",
      "never_returned",
      "needs_attention",
    ],
    [
      { status: "unknown", orderId: null },
      "paid_no_order",
      "never_returned",
      "needs_attention",
    ],
    [
      { status: "canceled", orderId: null, canceledBy: "customer" },
      "paid_no_order",
      "never_returned",
      "needs_attention",
    ],
    [
      { status: "failed", orderId: null },
      "paid_no_order",
      "never_returned",
      "needs_attention",
    ],
  ])("equal amounts, record %p: %s, %s, %p", (over, group, reason, action) => {
    expect(classifyPayment(ROW, record(over), false)).toEqual({
      group,
      reason,
      action,
    })
  })

  it("compares currencies without case", () => {
    expect(classifyPayment(ROW, record({ currency: "gtq" }), false).group).toBe(
      "matched"
    )
  })
})

describe("classifyUnpaidOrder", () => {
  it("flags an order with no payment as unverified once", () => {
    expect(classifyUnpaidOrder(record())).toEqual({
      group: "order_no_payment",
      reason: "no_payment_in_report",
      action: "unverified",
    })
    expect(
      classifyUnpaidOrder(record({ paymentVerification: "unverified" })).action
    ).toBeNull()
    expect(
      classifyUnpaidOrder(record({ paymentVerification: "verified" })).action
    ).toBeNull()
  })
})

describe("notItsPayment: a row found by a record's number or checkout id is its payment only when nothing says otherwise", () => {
  const made = new Date("2026-11-24T20:00:00Z")
  const identity = { number: 41, checkoutId: "chk_41", createdAt: made }

  it("the same references, paid after the link was made: its payment", () => {
    expect(notItsPayment({ ...ROW, checkoutId: "chk_41" }, identity)).toBeNull()
    expect(
      notItsPayment(
        { ...ROW, number: undefined, checkoutId: "chk_41" },
        identity
      )
    ).toBeNull()
  })

  it("another checkout id with this link's number: another store's link", () => {
    expect(
      notItsPayment({ ...ROW, checkoutId: "chk_from_another_store" }, identity)
    ).toBe("checkout_id_differs")
  })

  it("this checkout id with another link number: not shown to be this link's", () => {
    expect(
      notItsPayment({ ...ROW, number: 42, checkoutId: "chk_41" }, identity)
    ).toBe("number_differs")
  })

  it("a record that never learned its checkout id: a row with a checkout id is not shown to be its payment; one without is compared by number and date", () => {
    expect(
      notItsPayment(
        { ...ROW, checkoutId: "chk_staging" },
        { ...identity, checkoutId: null }
      )
    ).toBe("checkout_id_unknown")
    expect(notItsPayment(ROW, { ...identity, checkoutId: null })).toBeNull()
  })

  it("paid before the link existed, beyond the clocks' ten minutes: another link's payment", () => {
    const at = (iso: string) => ({
      ...ROW,
      paidAt: new Date(iso),
      through: new Date(new Date(iso).getTime() + 59_999),
    })
    expect(CLOCK_SKEW_MS).toBe(600_000)
    expect(notItsPayment(at("2026-03-15T15:30:00Z"), identity)).toBe(
      "paid_before_link"
    )
    // Written to the minute 10 minutes before the link: within the tolerance (the minute counts whole).
    expect(notItsPayment(at("2026-11-24T19:50:00Z"), identity)).toBeNull()
    expect(notItsPayment(at("2026-11-24T19:48:00Z"), identity)).toBe(
      "paid_before_link"
    )
  })
})

/** A row of GTQ 7.00 against a record that owes GTQ 70.00: the short payment. */
const SHORT_ROW: PaymentRow = { ...ROW, cents: 700n }
const owes70 = (over: Partial<RecordFacts> = {}) =>
  record({ cents: 7_000n, ...over })

describe("a row showing less money than a record a return announced at the full amount", () => {
  it("is short: less money, or another currency (which cannot be compared); more is not, nor a record no return announced", () => {
    expect(isShortPayment(SHORT_ROW, owes70())).toBe(true)
    expect(isShortPayment({ cents: 6_999n, currency: "GTQ" }, owes70())).toBe(
      true
    )
    expect(isShortPayment({ cents: 7_000n, currency: "USD" }, owes70())).toBe(
      true
    )
    expect(isShortPayment({ cents: 70_000n, currency: "usd" }, owes70())).toBe(
      true
    )
    expect(isShortPayment({ cents: 7_001n, currency: "GTQ" }, owes70())).toBe(
      false
    )
    expect(isShortPayment({ cents: 7_000n, currency: "gtq" }, owes70())).toBe(
      false
    )
    for (const status of [
      "refunded",
      "created",
      "expired",
      "withdrawn",
    ] as const) {
      expect(isShortPayment(SHORT_ROW, owes70({ status }))).toBe(false)
    }
  })

  it("is short on a record a return announced at the full amount that has no order yet: being placed (returned), or waiting for the merchant", () => {
    for (const status of ["returned", "needs_attention"] as const) {
      expect(isShortPayment(SHORT_ROW, owes70({ status, orderId: null }))).toBe(
        true
      )
      expect(
        classifyPayment(SHORT_ROW, owes70({ status, orderId: null }), false)
      ).toEqual({
        group: "amount_mismatch",
        reason: "amount_differs",
        action: "short",
      })
    }
    // Handed over by a report that showed this amount already: Place order is refused; the same report again changes nothing.
    expect(
      classifyPayment(
        SHORT_ROW,
        owes70({
          status: "needs_attention",
          orderId: null,
          handedOverShort: true,
        }),
        false
      ).action
    ).toBeNull()
  })

  it("flags the order's record short, from never reconciled, unverified or verified; once", () => {
    const short = {
      group: "amount_mismatch",
      reason: "amount_differs",
      action: "short",
    }
    expect(classifyPayment(SHORT_ROW, owes70(), false)).toEqual(short)
    expect(
      classifyPayment(
        SHORT_ROW,
        owes70({ paymentVerification: "unverified" }),
        false
      )
    ).toEqual(short)
    expect(
      classifyPayment(
        SHORT_ROW,
        owes70({ paymentVerification: "verified" }),
        false
      )
    ).toEqual(short)
    expect(
      classifyPayment(
        SHORT_ROW,
        owes70({ paymentVerification: "short" }),
        false
      )
    ).toEqual({ ...short, action: null })
  })

  it("flags a record settled by the merchant (completed, no order) the same way", () => {
    expect(
      classifyPayment(SHORT_ROW, owes70({ orderId: null }), false).action
    ).toBe("short")
  })

  it("another currency is short too; more than owed is listed with no action", () => {
    expect(
      classifyPayment(
        { ...SHORT_ROW, cents: 7_000n, currency: "USD" },
        owes70(),
        false
      )
    ).toEqual({
      group: "amount_mismatch",
      reason: "currency_differs",
      action: "short",
    })
    expect(
      classifyPayment({ ...SHORT_ROW, cents: 15_000n }, owes70(), false)
    ).toEqual({
      group: "amount_mismatch",
      reason: "amount_differs",
      action: null,
    })
  })

  it("a renewal of another amount, and a duplicate row, stay as they were: no action", () => {
    expect(
      classifyPayment(
        SHORT_ROW,
        owes70({
          recurring: true,
          firstPaidBy: new Date(SHORT_ROW.paidAt.getTime() - 31 * 86_400_000),
          subscription: "active",
        }),
        true
      )
    ).toEqual({
      group: "amount_mismatch",
      reason: "amount_differs",
      action: null,
    })
    expect(classifyPayment(SHORT_ROW, owes70(), true)).toEqual({
      group: "unknown",
      reason: "duplicate_row",
      action: null,
    })
  })

  it("a later row with the whole amount does not verify a record flagged short", () => {
    expect(
      classifyPayment(
        { ...SHORT_ROW, cents: 7_000n },
        owes70({ paymentVerification: "short" }),
        false
      )
    ).toEqual({
      group: "matched",
      reason: "order_placed",
      action: null,
    })
  })
})

describe("gatewayMismatch: a report none of whose payments is a link of the chosen gateway", () => {
  const counts = {
    matched: 0,
    paid_no_order: 0,
    order_no_payment: 0,
    unknown: 0,
    amount_mismatch: 0,
  }

  it("is told when its payments all match nothing while the gateway has orders in its period", () => {
    expect(
      gatewayMismatch({ ...counts, unknown: 4, order_no_payment: 3 })
    ).toEqual({ payments: 4, records: 3 })
  })

  it("is told when the file has no payment at all (statuses not the paid ones, or another gateway's words) while the gateway has orders in its period", () => {
    expect(gatewayMismatch({ ...counts, order_no_payment: 3 })).toEqual({
      payments: 0,
      records: 3,
    })
  })

  it("is not when one payment matches, or when the gateway has no order in the period", () => {
    expect(
      gatewayMismatch({
        ...counts,
        unknown: 4,
        order_no_payment: 3,
        matched: 1,
      })
    ).toBeNull()
    expect(
      gatewayMismatch({
        ...counts,
        unknown: 4,
        order_no_payment: 3,
        paid_no_order: 1,
      })
    ).toBeNull()
    expect(
      gatewayMismatch({
        ...counts,
        unknown: 4,
        order_no_payment: 3,
        amount_mismatch: 1,
      })
    ).toBeNull()
    expect(gatewayMismatch({ ...counts, unknown: 4 })).toBeNull()
  })
})
