/**
 * A report's paid date to an instant and a Guatemalan day (UTC−06:00 all year; a date without a zone
 * is read there). `through` is the last instant the text stands for: a date alone stands for its
 * whole day, "10:15" for that minute.
 */
export type DateReading =
  | { ok: true; at: Date; day: string; hasTime: boolean; through: Date }
  | { ok: false; reason: string }

/** The span a text's precision leaves open, in ms: a day, a minute, a second, or exact (a fraction). */
const SPAN_MS = {
  day: 86_400_000,
  minute: 60_000,
  second: 1_000,
  exact: 1,
} as const
type Precision = keyof typeof SPAN_MS

const GUATEMALA_OFFSET_MINUTES = -6 * 60

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i
const DMY =
  /^(\d{1,2})([/-])(\d{1,2})\2(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/

const fail = (reason: string): DateReading => ({ ok: false, reason })

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

function build(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  ms: number,
  offsetMinutes: number,
  precision: Precision
): DateReading {
  if (mo < 1 || mo > 12)
    return fail(`Month ${mo} does not exist; months are 1 to 12.`)
  if (d < 1 || d > daysIn(y, mo))
    return fail(`Day ${d} does not exist in month ${mo} of ${y}.`)
  if (h > 23 || mi > 59 || s > 59)
    return fail(
      "The time is not a valid time of day (hours 0–23, minutes and seconds 0–59)."
    )
  const at = new Date(
    Date.UTC(y, mo - 1, d, h, mi, s, ms) - offsetMinutes * 60_000
  )
  const local = new Date(at.getTime() + GUATEMALA_OFFSET_MINUTES * 60_000)
  const through = new Date(at.getTime() + SPAN_MS[precision] - 1)
  return {
    ok: true,
    at,
    day: local.toISOString().slice(0, 10),
    hasTime: precision !== "day",
    through,
  }
}

function offsetOf(zone: string | undefined): number | null {
  if (!zone) return GUATEMALA_OFFSET_MINUTES
  if (zone.toUpperCase() === "Z") return 0
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!
  const hours = Number(m[2])
  const minutes = Number(m[3])
  if (hours > 14 || minutes > 59) return null
  return (m[1] === "-" ? -1 : 1) * (hours * 60 + minutes)
}

export function parseReportDate(text: string): DateReading {
  const t = text.trim()
  if (t === "") return fail("The date is empty.")
  const iso = ISO.exec(t)
  if (iso) {
    const offset = offsetOf(iso[8])
    if (offset === null)
      return fail(`The zone offset "${iso[8]}" is not a valid UTC offset.`)
    const ms = Number((iso[7] ?? "0").padEnd(3, "0").slice(0, 3))
    const precision: Precision =
      iso[4] === undefined
        ? "day"
        : iso[6] === undefined
          ? "minute"
          : iso[7] === undefined
            ? "second"
            : "exact"
    return build(
      +iso[1],
      +iso[2],
      +iso[3],
      +(iso[4] ?? 0),
      +(iso[5] ?? 0),
      +(iso[6] ?? 0),
      ms,
      offset,
      precision
    )
  }
  const dmy = DMY.exec(t)
  if (dmy) {
    const precision: Precision =
      dmy[5] === undefined ? "day" : dmy[7] === undefined ? "minute" : "second"
    return build(
      +dmy[4],
      +dmy[3],
      +dmy[1],
      +(dmy[5] ?? 0),
      +(dmy[6] ?? 0),
      +(dmy[7] ?? 0),
      0,
      GUATEMALA_OFFSET_MINUTES,
      precision
    )
  }
  return fail(
    "The date is not in a known form: ISO (2026-11-24, 2026-11-24T15:04:05Z) or day/month/year (24/11/2026 15:04)."
  )
}
