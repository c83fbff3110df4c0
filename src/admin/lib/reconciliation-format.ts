/** How the reconcile pages write a report's days and period, in the admin's language. */
import type {
  EntryAction,
  Reconciliation,
  ReconciliationRenewals,
} from "../../types"

/**
 * An ISO day ("2026-11-24", a calendar day in Guatemala time as the server counts it) as a date in
 * the admin's language. Read at UTC noon and written in UTC, so that no browser's time zone moves
 * it to the day before.
 */
export function formatDay(day: string, locale: string) {
  const at = new Date(`${day}T12:00:00Z`)
  return Number.isNaN(at.getTime())
    ? day
    : at.toLocaleDateString(locale, { timeZone: "UTC", dateStyle: "medium" })
}

/** "24 Nov 2026 – 30 Nov 2026", one day when the report covers one, null when no row was dated. */
export function formatPeriod(
  r: Pick<Reconciliation, "period_start" | "period_end">,
  locale: string
) {
  if (!r.period_start || !r.period_end) return null
  const start = formatDay(r.period_start, locale)
  const end = formatDay(r.period_end, locale)
  return start === end ? start : `${start} – ${end}`
}

/** One phrase of what applying changes: an i18n key with a `_one`/`_other` count. */
export type ChangePart = { key: string; count: number }

/** Entry actions about subscriptions: their phrases come from `reconciliation.renewals`, not from entry counts. */
export const RENEWAL_ACTIONS: ReadonlySet<EntryAction> = new Set<EntryAction>([
  "renewal_order",
  "renewal_overdue",
])

/**
 * What Apply will do to subscriptions: "3 renewal orders" (only charges no earlier file recorded
 * become orders), or with the merchant's setting off "3 renewals recorded without orders (setting
 * off)"; and "1 subscription flagged renewal overdue". Nothing without renewals.
 */
export function pendingRenewalParts(
  renewals: ReconciliationRenewals | null | undefined
): ChangePart[] {
  if (!renewals) return []
  return [
    renewals.renewal_orders
      ? { key: "reconcile.apply.renewal_order", count: renewals.orders_to_make }
      : {
          key: "reconcile.apply.renewalsWithoutOrders",
          count: renewals.renewals_to_apply,
        },
    { key: "reconcile.apply.renewal_overdue", count: renewals.overdue_to_flag },
  ].filter((p) => p.count > 0)
}

/**
 * What applying did to subscriptions, per group card: the renewal orders made (or, with the setting
 * off, the renewals recorded without orders: applying's own count) on Matched, the renewals flagged
 * overdue on Order, no payment.
 */
export function appliedRenewalParts(
  renewals: ReconciliationRenewals | null | undefined,
  applied?: Partial<Record<EntryAction, number>> | null
): { matched: ChangePart[]; order_no_payment: ChangePart[] } {
  const recorded =
    renewals && !renewals.renewal_orders ? (applied?.renewal_order ?? 0) : 0
  return {
    matched: [
      {
        key: "reconcile.renewals.ordersMade",
        count: renewals?.orders_made ?? 0,
      },
      { key: "reconcile.renewals.recorded", count: recorded },
    ].filter((p) => p.count > 0),
    order_no_payment: [
      {
        key: "reconcile.renewals.overdue",
        count: renewals?.overdue_flagged ?? 0,
      },
    ].filter((p) => p.count > 0),
  }
}

/** A reconciliation's renewals (only the single reconciliation's routes answer them). */
export const renewalsOf = (r: Reconciliation): ReconciliationRenewals | null =>
  r.renewals ?? null
