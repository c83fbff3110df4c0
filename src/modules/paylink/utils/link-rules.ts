/**
 * Rules of a checkout record that need no database: when its link may be handed to a re-created
 * session, and what a refund recorded on it may be. The module service applies them.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { formatCents, toCents } from "../../../lib/common/money"
import type { CheckoutStatus } from "../models/paylink-checkout"

type RecordView = {
  number: number
  gateway: string
  amount: unknown
  currency_code: string
  status: CheckoutStatus
  url?: string | null
  checkout_id?: string | null
  refunded_amount?: unknown
}

/** States whose link a re-created session may carry: still payable, or paid. (`withdrawn` comes back as `created`.) */
const REUSABLE: readonly CheckoutStatus[] = [
  "created",
  "unknown",
  "canceled",
  "withdrawn",
  "returned",
  "needs_attention",
]

/** Why `record`'s link may not be reused for this charge, or null. */
export function reuseRefusal(
  record: RecordView,
  expect: { gateway: string; cents: bigint; currency_code: string }
): string | null {
  if (
    record.gateway !== expect.gateway ||
    toCents(record.amount as string) !== expect.cents ||
    record.currency_code.toLowerCase() !== expect.currency_code.toLowerCase()
  ) {
    return `link ${record.number} was made for another gateway or amount`
  }
  if (!record.url || !record.checkout_id) {
    return `link ${record.number} was never confirmed by the service`
  }
  return REUSABLE.includes(record.status)
    ? null
    : `link ${record.number} is ${record.status}`
}

/**
 * The refund ledger: what `refunded_amount` becomes with a refund of `cents` made by hand in the
 * gateway's dashboard. Only on a link whose order was placed (Medusa's own refund after a failed
 * completion refunded nothing at the gateway), never above what was paid.
 */
export function refundedAfter(record: RecordView, cents: bigint): number {
  if (record.status !== "completed") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Payment link ${record.number} is ${record.status}: only a link whose order was placed can record a refund.`
    )
  }
  const paid = toCents(record.amount as string)
  const refunded = toCents((record.refunded_amount ?? 0) as string) + cents
  if (refunded > paid) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `amount: refunds would total ${formatCents(refunded)}, more than the ${formatCents(paid)} paid.`
    )
  }
  return Number(formatCents(refunded))
}
