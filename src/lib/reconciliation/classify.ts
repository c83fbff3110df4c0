/**
 * What a reconciliation decides for one payment row and its record, and for a record with an order
 * and no payment, as one table (docs/architecture.md#the-groups). Actions are proposals until the
 * merchant applies them.
 */
import type { CheckoutStatus } from "../../types/paylink"
import type { PaymentVerification } from "../../types/paylink"
import type {
  EntryAction,
  EntryReason,
  ReconciliationGroup,
} from "../../types/reconciliation"
import type { SubscriptionStatus } from "../../types/subscriptions"
import {
  DEFAULT_PLAN,
  renewalGapMs,
  type Plan,
} from "../subscriptions/schedule"
import type { PaymentRow } from "./report-row"

export type RecordFacts = {
  id: string
  number: number
  gatewayMatches: boolean
  /** A subscription link: the gateway bills it again every period, on the same link. */
  recurring: boolean
  status: CheckoutStatus
  cents: bigint
  currency: string
  orderId: string | null
  canceledBy: "customer" | "store" | null
  paymentVerification: PaymentVerification | null
  /** Handed over by a report that showed another amount: reading it again must change nothing. */
  handedOverShort?: boolean
  /**
   * A subscription link: the latest moment its first payment can have been made (its return, else
   * its completion); null while it never came back. A row later than that (and the clock skew) is a
   * renewal.
   */
  firstPaidBy?: Date | null
  /** A subscription link's plan: a renewal comes at least half a period after the first payment. */
  plan?: Plan | null
  /** Its subscription's status; null when it has none (no first order yet). */
  subscription?: SubscriptionStatus | null
  /** When the merchant marked it ended: a charge after that is no renewal to ship. */
  subscriptionEndedAt?: Date | null
}

export type Classification = {
  group: ReconciliationGroup
  reason: EntryReason
  action: EntryAction | null
}

export type RecordIdentity = {
  number: number
  checkoutId: string | null
  createdAt: Date
}

/**
 * How far the service's clock may run behind the store's. Both follow NTP and `through` already
 * covers the minute a dashboard writes, while a reused number's row is days or months older.
 */
export const CLOCK_SKEW_MS = 10 * 60_000

/**
 * Why a row is not the payment of the record its references found, or null when nothing says so
 * (docs/architecture.md#which-record-a-row-pays).
 */
export function notItsPayment(
  row: Pick<PaymentRow, "number" | "checkoutId" | "through">,
  record: RecordIdentity,
  skewMs: number = CLOCK_SKEW_MS
): EntryReason | null {
  if (row.checkoutId !== undefined && record.checkoutId === null)
    return "checkout_id_unknown"
  if (row.checkoutId !== undefined && row.checkoutId !== record.checkoutId)
    return "checkout_id_differs"
  if (row.number !== undefined && row.number !== record.number)
    return "number_differs"
  if (row.through.getTime() + skewMs < record.createdAt.getTime())
    return "paid_before_link"
  return null
}

/** A row that is no record's payment: listed, never applied. */
export const notAPayment = (reason: EntryReason): Classification => ({
  group: "unknown",
  reason,
  action: null,
})

/** Statuses a paid record without an order may leave for needs_attention (the state machine's edges). */
export const MAY_NEED_ATTENTION: readonly CheckoutStatus[] = [
  "created",
  "unknown",
  "canceled",
  "withdrawn",
  "expired",
  "failed",
]

// A short flag stays: a later report with the whole amount does not undo one that showed less.
const verify = (record: RecordFacts): EntryAction | null =>
  record.paymentVerification === "verified" ||
  record.paymentVerification === "short"
    ? null
    : "verified"

/** Records whose payment a return announced at the link's amount: placed, being placed, or waiting for the merchant. */
const RETURNED_AT_FULL_AMOUNT: readonly CheckoutStatus[] = [
  "completed",
  "returned",
  "needs_attention",
]

/**
 * Its return announced the link's amount and its row shows less or another currency: goods go out
 * for money that may not have come. More than owed flags nothing.
 */
export function isShortPayment(
  row: Pick<PaymentRow, "cents" | "currency">,
  record: Pick<RecordFacts, "status" | "cents" | "currency" | "handedOverShort">
): boolean {
  if (
    !RETURNED_AT_FULL_AMOUNT.includes(record.status) ||
    record.handedOverShort
  )
    return false
  return (
    row.currency.toUpperCase() !== record.currency.toUpperCase() ||
    row.cents < record.cents
  )
}

/**
 * A subscription link's row dated a renewal's gap after its first payment: a later charge of the
 * gateway (docs/subscriptions.md#which-rows-are-renewals). Decided by the date, not by the row's
 * place in the file, so an export listed newest first reads the same. The first payment comes
 * before the customer's return, but an export may date it later (a service clock ahead, a
 * settlement date mapped): so a renewal is only a row at least half a period later (or the store's
 * `renewalGapMinutes`, `gapMs`), and never within the clock skew.
 */
export function isRenewalRow(
  row: Pick<PaymentRow, "paidAt">,
  record: Pick<RecordFacts, "recurring" | "firstPaidBy" | "plan">,
  skewMs: number = CLOCK_SKEW_MS,
  gapMs: number | null = null
): boolean {
  if (!record.recurring || !record.firstPaidBy) return false
  const gap = renewalGapMs(
    record.plan ?? DEFAULT_PLAN,
    record.firstPaidBy,
    gapMs
  )
  return (
    row.paidAt.getTime() > record.firstPaidBy.getTime() + Math.max(skewMs, gap)
  )
}

/**
 * A renewal row: of the link's amount and a running subscription, Apply records it and makes its
 * order; of another amount, Amount mismatch and nothing else (a price the merchant never sold at).
 */
function classifyRenewal(
  row: Pick<PaymentRow, "paidAt">,
  record: RecordFacts,
  amountDiffers: boolean,
  currencyDiffers: boolean
): Classification {
  if (amountDiffers)
    return {
      group: "amount_mismatch",
      reason: currencyDiffers ? "currency_differs" : "amount_differs",
      action: null,
    }
  if (!record.subscription)
    return {
      group: "paid_no_order",
      reason: "renewal_no_subscription",
      action: null,
    }
  if (
    record.subscription === "ended" &&
    (!record.subscriptionEndedAt || row.paidAt >= record.subscriptionEndedAt)
  )
    return { group: "paid_no_order", reason: "renewal_after_end", action: null }
  return {
    group: "matched",
    reason: "subscription_renewal",
    action: "renewal_order",
  }
}

export function classifyPayment(
  row: PaymentRow,
  record: RecordFacts | null,
  alreadyMatched: boolean,
  skewMs: number = CLOCK_SKEW_MS,
  gapMs: number | null = null
): Classification {
  if (record === null)
    return { group: "unknown", reason: "no_record", action: null }
  if (!record.gatewayMatches)
    return { group: "unknown", reason: "other_gateway", action: null }
  const currencyDiffers =
    row.currency.toUpperCase() !== record.currency.toUpperCase()
  const amountDiffers = currencyDiffers || row.cents !== record.cents
  if (isRenewalRow(row, record, skewMs, gapMs))
    return classifyRenewal(row, record, amountDiffers, currencyDiffers)
  if (alreadyMatched) {
    // A single payment's link pays once. A subscription link that never came back has no first
    // order to repeat: its later rows are listed, and change nothing.
    if (!record.recurring)
      return { group: "unknown", reason: "duplicate_row", action: null }
    if (record.firstPaidBy)
      return { group: "unknown", reason: "duplicate_row", action: null }
    return classifyRenewal(
      row,
      { ...record, subscription: null },
      amountDiffers,
      currencyDiffers
    )
  }

  if (amountDiffers) {
    const reason = currencyDiffers ? "currency_differs" : "amount_differs"
    if (record.orderId === null && MAY_NEED_ATTENTION.includes(record.status))
      return { group: "amount_mismatch", reason, action: "needs_attention" }
    const action =
      isShortPayment(row, record) && record.paymentVerification !== "short"
        ? "short"
        : null
    return { group: "amount_mismatch", reason, action }
  }

  switch (record.status) {
    case "completed":
      return record.orderId !== null
        ? { group: "matched", reason: "order_placed", action: verify(record) }
        : {
            group: "matched",
            reason: "settled_by_merchant",
            action: verify(record),
          }
    case "refunded":
      return { group: "matched", reason: "refunded_by_merchant", action: null }
    case "returned":
      // Its order is being placed now.
      return { group: "paid_no_order", reason: "settling", action: null }
    case "needs_attention":
      return {
        group: "paid_no_order",
        reason: "already_needs_attention",
        action: null,
      }
    default:
      // Withdrawn by the store comes first: the merchant meant not to sell.
      if (record.status === "withdrawn" || record.canceledBy === "store") {
        return {
          group: "paid_no_order",
          reason: "paid_after_withdrawal",
          action: "needs_attention",
        }
      }
      if (record.status === "expired") {
        return {
          group: "paid_no_order",
          reason: "paid_after_expiry",
          action: "needs_attention",
        }
      }
      // created, unknown, canceled (by the customer), failed: the customer paid and never came back.
      return {
        group: "paid_no_order",
        reason: "never_returned",
        action: "needs_attention",
      }
  }
}

/** A record with an order and no payment row in a report covering its date. */
export function classifyUnpaidOrder(record: RecordFacts): {
  group: "order_no_payment"
  reason: "no_payment_in_report"
  action: EntryAction | null
} {
  const decided =
    record.paymentVerification === "verified" ||
    record.paymentVerification === "unverified"
  return {
    group: "order_no_payment",
    reason: "no_payment_in_report",
    action: decided ? null : "unverified",
  }
}
