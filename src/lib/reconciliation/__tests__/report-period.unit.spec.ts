import {
  EMPTY_PERIOD,
  parseReportDate,
  widenPeriod,
  type ReportPeriod,
} from ".."

/** The period of an export whose rows carry these dates (unreadable ones widen nothing). */
function periodOf(...dates: string[]): ReportPeriod {
  return dates.reduce((period, text) => {
    const date = parseReportDate(text)
    return widenPeriod(period, date.ok ? date : null)
  }, EMPTY_PERIOD)
}

describe("widenPeriod: the latest instant an export covers", () => {
  it("ends at the latest row's time, to the end of the minute it writes, not at the end of its day", () => {
    const p = periodOf(
      "24/11/2026 15:04",
      "23/11/2026 09:00",
      "24/11/2026 10:00",
      "ayer"
    )
    expect(p).toEqual({
      start: "2026-11-23",
      end: "2026-11-24",
      until: new Date("2026-11-24T21:04:59.999Z"),
    })
  })

  it("keeps a written second's precision and an ISO instant's zone", () => {
    expect(periodOf("24/11/2026 10:00:30").until).toEqual(
      new Date("2026-11-24T16:00:30.999Z")
    )
    expect(
      periodOf("2026-11-24T16:00:00Z", "2026-11-24T09:59:00-06:00").until
    ).toEqual(new Date("2026-11-24T16:00:00.999Z"))
    expect(periodOf("2026-11-24T16:00:00.250Z").until).toEqual(
      new Date("2026-11-24T16:00:00.250Z")
    )
  })

  it("counts the whole last day when its latest row is a date alone", () => {
    const endOfDay = new Date("2026-11-25T05:59:59.999Z") // 24/11 23:59:59.999 in Guatemala
    expect(periodOf("23/11/2026", "24/11/2026")).toEqual({
      start: "2026-11-23",
      end: "2026-11-24",
      until: endOfDay,
    })
    expect(periodOf("2026-11-24", "24/11/2026 10:00")).toMatchObject({
      end: "2026-11-24",
      until: endOfDay,
    })
    // A date alone on an earlier day does not stretch a later day's time.
    expect(periodOf("23/11/2026", "24/11/2026 10:00").until).toEqual(
      new Date("2026-11-24T16:00:59.999Z")
    )
  })

  it("covers nothing when no row is dated", () => {
    expect(periodOf("ayer", "")).toEqual({
      start: null,
      end: null,
      until: null,
    })
  })
})

describe("parseReportDate: whether a time of day is written", () => {
  it.each([
    ["24/11/2026", false],
    ["2026-11-24", false],
    ["24/11/2026 10:00", true],
    ["2026-11-24T00:00:00Z", true],
  ])("%p -> hasTime %p", (text, hasTime) => {
    expect(parseReportDate(text)).toMatchObject({ ok: true, hasTime })
  })
})
