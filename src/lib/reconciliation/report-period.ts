/**
 * What an export covers, widened by every dated row: its first and last Guatemalan day, and the
 * latest instant it reaches, so an order paid after the export was taken is not `order_no_payment`.
 */
export type ReportPeriod = {
  start: string | null
  end: string | null
  until: Date | null
}

/** A row's date as the period needs it: its day and the last instant its text stands for. */
export type DatedRow = { day: string; through: Date }

export const EMPTY_PERIOD: ReportPeriod = {
  start: null,
  end: null,
  until: null,
}

export function widenPeriod(
  period: ReportPeriod,
  row: DatedRow | null
): ReportPeriod {
  if (!row) return period
  return {
    start: !period.start || row.day < period.start ? row.day : period.start,
    end: !period.end || row.day > period.end ? row.day : period.end,
    until:
      !period.until || row.through > period.until ? row.through : period.until,
  }
}
