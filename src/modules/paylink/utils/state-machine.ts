/**
 * The one state machine of a checkout record: which status may follow which. Every writer of
 * `status` goes through CheckoutRecordService, which applies this table in one compare-and-set.
 */
import type { CheckoutStatus } from "../models/paylink-checkout"

export const TRANSITIONS: Readonly<
  Record<CheckoutStatus, readonly CheckoutStatus[]>
> = {
  created: [
    "unknown",
    "failed",
    "canceled",
    "withdrawn",
    "expired",
    "returned",
    "needs_attention",
  ],
  unknown: ["canceled", "withdrawn", "expired", "returned", "needs_attention"],
  canceled: ["withdrawn", "expired", "returned", "needs_attention"],
  withdrawn: ["created", "needs_attention"],
  expired: ["needs_attention"],
  failed: ["needs_attention"],
  returned: ["completed", "needs_attention"],
  needs_attention: ["returned", "completed", "refunded"],
  completed: [],
  refunded: [],
}

/** States from which `to` may be reached. */
export function sourcesOf(to: CheckoutStatus): CheckoutStatus[] {
  return (Object.keys(TRANSITIONS) as CheckoutStatus[]).filter((from) =>
    TRANSITIONS[from].includes(to)
  )
}

export function canTransition(
  from: CheckoutStatus,
  to: CheckoutStatus
): boolean {
  return TRANSITIONS[from].includes(to)
}

/** States in which the hosted checkout may still be paid by the customer. */
export const PAYABLE: readonly CheckoutStatus[] = [
  "created",
  "unknown",
  "canceled",
]

/**
 * Paid through a verified return, and not settled by the store yet: while a cart has such a link,
 * it gets no new one (the customer would pay twice).
 */
export const PAID_UNSETTLED: readonly CheckoutStatus[] = [
  "returned",
  "needs_attention",
]

export function isPaidUnsettled(status: CheckoutStatus): boolean {
  return PAID_UNSETTLED.includes(status)
}

/** Settled: nothing can change them any more. */
export const FINAL: readonly CheckoutStatus[] = ["completed", "refunded"]
