/**
 * A subscription's later charges. The real gateway bills a paid subscription link again every
 * period (`count` × `interval`, docs/service.md §5.5) and notifies nobody: the merchant sees those
 * charges only in the transactions export. The sandbox records one per "charge next period" (control
 * API, front page, handle), so the export can show them and a reconciliation can read them. It does
 * not make anyone wait a period: a charge asked for before its due date is dated now (chargeDate).
 */
import {
  decimalTextToCents,
  decimalToCents,
  formatCents,
} from "../lib/paylink/amounts"
import {
  addPeriods,
  DEFAULT_PLAN,
  type SubscriptionInterval,
} from "../lib/subscriptions/schedule"
import { authorizationFor } from "./payments"
import type { SandboxStore } from "./store"
import type { ChargeNextPeriodOptions, SandboxCheckout } from "./types"
import type { FieldError } from "./validation"

export { addPeriods, DEFAULT_PLAN, type SubscriptionInterval }

/** The checkout's billing plan as the service applies it. Null when it is not a subscription. */
export function planOf(
  checkout: SandboxCheckout
): { interval: SubscriptionInterval; count: number } | null {
  if (checkout.endpoint !== "gatewayASubscription") return null
  return {
    interval: checkout.request.interval ?? DEFAULT_PLAN.interval,
    count: checkout.request.count ?? DEFAULT_PLAN.count,
  }
}

/** Why a checkout cannot be charged another period (409), or null when it can. */
export function renewalRefusal(checkout: SandboxCheckout): string | null {
  if (checkout.endpoint !== "gatewayASubscription")
    return `Checkout ${checkout.id} is a single payment (${checkout.endpoint}), not a subscription: only a subscription is charged every period.`
  if (checkout.state === "canceled")
    return `Checkout ${checkout.id} was canceled at ${checkout.settledAt}: a subscription that was never paid is never charged again.`
  if (checkout.state !== "paid")
    return `Checkout ${checkout.id} is not paid yet: a subscription is charged again only after its first payment.`
  return null
}

/** The previous charge's instant: the last renewal's, else the first payment's. */
export function previousChargeAt(checkout: SandboxCheckout): Date {
  const last = checkout.renewals[checkout.renewals.length - 1]
  return new Date(last ? last.at : checkout.settledAt!)
}

/** An explicit date must be written as ISO 8601 ("2026-12-01" or "2026-12-01T15:00:00Z"), not as a locale writes it. */
const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/

function dateOf(at: unknown): Date | null {
  if (at instanceof Date) return Number.isNaN(at.getTime()) ? null : at
  if (typeof at !== "string" || !ISO_DATE.test(at)) return null
  const d = new Date(at)
  return Number.isNaN(d.getTime()) ? null : d
}

/** An amount as cents: a JSON number or decimal text, above 0, at most two decimals; else null. */
function centsOf(amount: unknown): bigint | null {
  const cents =
    typeof amount === "number"
      ? decimalToCents(amount)
      : typeof amount === "string"
        ? decimalTextToCents(amount.trim(), "exact")
        : null
  return cents !== null && cents > 0n ? cents : null
}

const MINUTE_MS = 60_000

/**
 * When a charge asked for at `now` (the sandbox's clock) is made, `at` left out. At its due date (a
 * period after the previous charge) or later: the due date, as the gateway would have charged it.
 * Before: now, as a test would not wait a month for the gateway, and a reconciliation refuses a row
 * dated in the future. Never in the previous charge's minute: the export writes minutes, and a
 * reconciliation tells a renewal from the charge before it by its minute (the minute after, then).
 */
export function chargeDate(previous: Date, due: Date, now: Date): Date {
  if (due.getTime() <= now.getTime()) return due
  const nextMinute =
    Math.floor(previous.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS
  return new Date(Math.max(now.getTime(), nextMinute))
}

/**
 * What the charge would be, or the options' problems (400, naming `at` or `amount`). The checkout
 * is a paid subscription (renewalRefusal said so); `now` is the sandbox's clock.
 */
export function nextRenewal(
  checkout: SandboxCheckout,
  options: { at?: unknown; amount?: unknown },
  now: Date
):
  | { at: Date; cents: bigint; problems?: undefined }
  | { problems: FieldError[] } {
  const plan = planOf(checkout)!
  const previous = previousChargeAt(checkout)
  const problems: FieldError[] = []
  let at = chargeDate(
    previous,
    addPeriods(previous, plan.interval, plan.count),
    now
  )
  if (options.at !== undefined) {
    const given = dateOf(options.at)
    if (!given)
      problems.push({
        path: "at",
        message: 'must be an ISO 8601 date, e.g. "2026-12-01T15:00:00Z"',
      })
    else if (given.getTime() <= previous.getTime())
      problems.push({
        path: "at",
        message: `must be after the previous charge (${previous.toISOString()})`,
      })
    else at = given
  }
  let cents = decimalTextToCents(checkout.amount, "exact")!
  if (options.amount !== undefined) {
    const given = centsOf(options.amount)
    if (given === null)
      problems.push({
        path: "amount",
        message:
          "must be a number or decimal text greater than 0 with at most 2 decimals",
      })
    else cents = given
  }
  return problems.length ? { problems } : { at, cents }
}

/** Records the renewal; the caller has checked renewalRefusal and nextRenewal's problems. */
export function recordRenewal(
  store: SandboxStore,
  checkout: SandboxCheckout,
  charge: { at: Date; cents: bigint }
): SandboxCheckout {
  return store.addRenewal(checkout.id, {
    at: charge.at.toISOString(),
    amount: formatCents(charge.cents),
    currency: checkout.currency,
    cardLast4: checkout.cardLast4,
    authorization: authorizationFor(checkout.id, checkout.renewals.length + 1),
  })
}

/** The handle's chargeNextPeriod: the control route's checks, thrown as errors. */
export function chargeNextPeriod(
  store: SandboxStore,
  id: string,
  now: Date,
  options: ChargeNextPeriodOptions = {}
): SandboxCheckout {
  const checkout = store.checkouts.get(id)
  if (!checkout) throw new Error(`sandbox: no checkout ${id}`)
  const refusal = renewalRefusal(checkout)
  if (refusal) throw new Error(`sandbox: ${refusal}`)
  const next = nextRenewal(checkout, options, now)
  if (next.problems)
    throw new TypeError(
      `sandbox: ${next.problems.map((p) => `${p.path} ${p.message}`).join("; ")}`
    )
  return recordRenewal(store, checkout, next)
}
