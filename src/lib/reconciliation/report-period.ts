/**
 * What an export covers, widened row by row by every dated row (payments and skipped rows alike):
 * its first and last Guatemalan day, and the latest instant any row shows it reaches. An export
 * taken at 10:00 covers its last day only until 10:00: an order paid that afternoon is missing from
 * it because the file is older, not because the payment is (a false `order_no_payment`).
 * A date alone stands for its whole day, so an export of dates alone covers its last day to the end.
 */
export type ReportPeriod = { start: string | null; end: string | null; until: Date | null }

/** A row's date as the period needs it: its day and the last instant its text stands for. */
export type DatedRow = { day: string; through: Date }

export const EMPTY_PERIOD: ReportPeriod = { start: null, end: null, until: null }

export function widenPeriod(period: ReportPeriod, row: DatedRow | null): ReportPeriod {
  if (!row) return period
  return {
    start: !period.start || row.day < period.start ? row.day : period.start,
    end: !period.end || row.day > period.end ? row.day : period.end,
    until: !period.until || row.through > period.until ? row.through : period.until,
  }
}
