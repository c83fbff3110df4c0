/** How the reconcile pages write a report's days and period, in the admin's language. */
import type { Reconciliation } from "../../types"

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
