/**
 * A subscription's calendar: when the gateway charges it again (docs/service.md §5.5: every `count`
 * `interval`s), and when a report that shows no charge may call a renewal missed. Pure functions.
 */
import type { SUBSCRIPTION_INTERVALS } from "../paylink/schemas"

export type SubscriptionInterval = (typeof SUBSCRIPTION_INTERVALS)[number]
export type Plan = { interval: SubscriptionInterval; count: number }

/** The service's defaults when a request leaves them out (docs/service.md §5.5). */
export const DEFAULT_PLAN = { interval: "month", count: 1 } as const

const DAY_MS = 24 * 60 * 60_000

/**
 * `count` periods after `from`, in UTC calendar terms: a week is 7 days; a month keeps the day of the
 * month and the time of day, and where the target month is shorter it takes its last day (a month
 * after 31 January is 28 or 29 February, a year after 29 February is 28 February). Each renewal is
 * counted from the previous charge, so after 28 February the next month is 28 March, not 31.
 */
export function addPeriods(
  from: Date,
  interval: SubscriptionInterval,
  count: number
): Date {
  if (interval === "week") return new Date(from.getTime() + count * 7 * DAY_MS)
  const months = interval === "year" ? 12 * count : count
  const year = from.getUTCFullYear()
  const month = from.getUTCMonth() + months // Date.UTC carries month 12 and above into later years
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(from.getUTCDate(), lastDay),
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds()
    )
  )
}

/**
 * The charge of period `k`: `k` periods after the first payment, counted from it (never from the
 * charge before, so the calendar does not drift: after 31 January, 28 February, then 31 March).
 * Expecting the later of the two ways a gateway may count keeps a charge made on the earlier day
 * from ever looking late.
 */
export const expectedCharge = (start: Date, plan: Plan, k: number): Date =>
  addPeriods(start, plan.interval, plan.count * k)

/** The period a charge pays: the one whose expected date is nearest to it (0: the first payment's). */
export function periodOf(start: Date, plan: Plan, at: Date): number {
  const t = at.getTime()
  let k = 0
  // Bounded by the periods between the start and the charge (a weekly plan of ten years: 520).
  while (expectedCharge(start, plan, k + 1).getTime() <= t) k++
  const before = expectedCharge(start, plan, k).getTime()
  const after = expectedCharge(start, plan, k + 1).getTime()
  return t - before <= after - t ? k : k + 1
}

/** The next charge expected after the charge `last`: its period's next one. */
export const nextChargeAfter = (start: Date, last: Date, plan: Plan): Date =>
  expectedCharge(start, plan, periodOf(start, plan, last) + 1)

/** A plan as stored (json), checked; anything else is the service's default plan. */
export function planOf(value: unknown): Plan {
  const v = value as { interval?: unknown; count?: unknown } | null
  const interval =
    v?.interval === "week" || v?.interval === "month" || v?.interval === "year"
      ? v.interval
      : DEFAULT_PLAN.interval
  const count =
    typeof v?.count === "number" && Number.isInteger(v.count) && v.count > 0
      ? v.count
      : DEFAULT_PLAN.count
  return { interval, count }
}

/**
 * How far apart two charges of one subscription must be to be two charges: half a period unless the
 * store set `renewalGapMinutes` (`gapMs`). Two exports may date one charge differently (a date
 * alone, another column mapped, a service clock ahead), by hours or days, but never by half a
 * period; a real renewal comes a whole period after the charge before it.
 */
/** The store's `renewalGapMinutes` in milliseconds, or null when unset (half the plan's period). */
export const gapMsOf = (minutes: number | undefined): number | null =>
  minutes === undefined ? null : minutes * 60_000

export function renewalGapMs(
  plan: Plan,
  at: Date,
  gapMs: number | null | undefined
): number {
  return gapMs ?? halfPeriodMs(plan, at)
}

/**
 * How late a renewal may be charged before a report that reaches past it calls it missed: a gateway
 * retries a declined card over a few days, and an export taken on the expected day may not hold a
 * charge made that evening.
 */
export const RENEWAL_GRACE_MS = 3 * DAY_MS

/**
 * A charge this long before its expected date still pays that period (a gateway that bills a day
 * early): half a period, so every charge pays exactly one period.
 */
export function halfPeriodMs(plan: Plan, at: Date): number {
  return (
    (addPeriods(at, plan.interval, plan.count).getTime() - at.getTime()) / 2
  )
}

/**
 * The expected charge a report shows missing, or null: walking the periods from the last charge
 * known, each expected date is paid by the next later charge (one that came late still pays it: the
 * subscription is alive). The first expected date the report covers (from its first instant to
 * `until`, grace included) with no charge after it is missed. A report that ends before an expected
 * date's grace says nothing of it; dates before the report begins are an earlier report's to judge.
 */
export function missedCharge(
  start: Date,
  lastChargeAt: Date,
  plan: Plan,
  /** Charges of the link seen after the first payment (this report's and earlier ones), any order. */
  charges: Date[],
  period: { from: Date; until: Date }
): Date | null {
  const later = charges.map((c) => c.getTime()).sort((a, b) => a - b)
  let last = lastChargeAt.getTime()
  let k = periodOf(start, plan, lastChargeAt)
  // Each pass consumes a charge or ends: bounded by charges.length + 1.
  for (;;) {
    const expected = expectedCharge(start, plan, k + 1).getTime()
    if (expected + RENEWAL_GRACE_MS > period.until.getTime()) return null
    const next = later.find((c) => c > last)
    if (next !== undefined) {
      last = next
      k = Math.max(k + 1, periodOf(start, plan, new Date(next)))
      continue
    }
    // No charge after the last one: the first expected date this report covers is missed.
    let due = expected
    for (let j = k + 2; due < period.from.getTime(); j++)
      due = expectedCharge(start, plan, j).getTime()
    return due + RENEWAL_GRACE_MS <= period.until.getTime()
      ? new Date(due)
      : null
  }
}
