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
  record: RecordIdentity
): EntryReason | null {
  if (row.checkoutId !== undefined && record.checkoutId === null)
    return "checkout_id_unknown"
  if (row.checkoutId !== undefined && row.checkoutId !== record.checkoutId)
    return "checkout_id_differs"
  if (row.number !== undefined && row.number !== record.number)
    return "number_differs"
  if (row.through.getTime() + CLOCK_SKEW_MS < record.createdAt.getTime())
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

export function classifyPayment(
  row: PaymentRow,
  record: RecordFacts | null,
  alreadyMatched: boolean
): Classification {
  if (record === null)
    return { group: "unknown", reason: "no_record", action: null }
  if (!record.gatewayMatches)
    return { group: "unknown", reason: "other_gateway", action: null }
  const currencyDiffers =
    row.currency.toUpperCase() !== record.currency.toUpperCase()
  const amountDiffers = currencyDiffers || row.cents !== record.cents
  if (alreadyMatched) {
    // A single payment's link pays once. A subscription's renewal is listed (checked to the cent)
    // and changes nothing: Medusa knows only its first payment.
    if (!record.recurring)
      return { group: "unknown", reason: "duplicate_row", action: null }
    if (amountDiffers)
      return {
        group: "amount_mismatch",
        reason: currencyDiffers ? "currency_differs" : "amount_differs",
        action: null,
      }
    return { group: "matched", reason: "subscription_renewal", action: null }
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
