import {
  addPeriods,
  missedCharge,
  nextChargeAfter,
  periodOf,
  planOf,
  RENEWAL_GRACE_MS,
} from "../schedule"

const DAY = 86_400_000
const at = (iso: string) => new Date(iso)
const MONTHLY = { interval: "month", count: 1 } as const
const covering = (from: string, until: string) => ({
  from: at(from),
  until: at(until),
})

describe("missedCharge: the expected charge a report shows missing", () => {
  const last = at("2026-09-15T16:00:00Z")

  it("a report that covers the next charge and its grace, with no charge: that charge is missed", () => {
    expect(
      missedCharge(
        last,
        last,
        MONTHLY,
        [],
        covering("2026-10-01T06:00:00Z", "2026-10-31T06:00:00Z")
      )
    ).toEqual(at("2026-10-15T16:00:00Z"))
  })

  it("a report that ends inside the grace says nothing yet (a gateway retries a declined card)", () => {
    const due = nextChargeAfter(last, last, MONTHLY).getTime()
    expect(
      missedCharge(last, last, MONTHLY, [], {
        from: at("2026-10-01T06:00:00Z"),
        until: new Date(due + RENEWAL_GRACE_MS - 1),
      })
    ).toBeNull()
    expect(
      missedCharge(last, last, MONTHLY, [], {
        from: at("2026-10-01T06:00:00Z"),
        until: new Date(due + RENEWAL_GRACE_MS),
      })
    ).toEqual(new Date(due))
  })

  it("every charge in the report pays its period, one that came late or early too", () => {
    const report = covering("2026-10-01T06:00:00Z", "2026-12-31T06:00:00Z")
    expect(
      missedCharge(
        last,
        last,
        MONTHLY,
        [
          at("2026-10-14T10:00:00Z"),
          at("2026-11-20T10:00:00Z"),
          at("2026-12-14T10:00:00Z"),
        ],
        report
      )
    ).toBeNull()
    // The third is missing: its date on the first payment's calendar, whatever day the second came.
    expect(
      missedCharge(
        last,
        last,
        MONTHLY,
        [at("2026-11-20T10:00:00Z"), at("2026-10-14T10:00:00Z")],
        report
      )
    ).toEqual(at("2026-12-15T16:00:00Z"))
  })

  it("charges before the last one known are not counted twice", () => {
    expect(
      missedCharge(
        last,
        last,
        MONTHLY,
        [at("2026-09-15T16:00:00Z"), at("2026-08-15T16:00:00Z")],
        covering("2026-10-01T06:00:00Z", "2026-10-31T06:00:00Z")
      )
    ).toEqual(at("2026-10-15T16:00:00Z"))
  })

  it("a subscription silent since before the report: the first expected date the report covers", () => {
    expect(
      missedCharge(
        at("2026-05-15T16:00:00Z"),
        at("2026-05-15T16:00:00Z"),
        MONTHLY,
        [],
        covering("2026-10-01T06:00:00Z", "2026-10-31T06:00:00Z")
      )
    ).toEqual(at("2026-10-15T16:00:00Z"))
    // The report covers no expected date with its grace: nothing.
    expect(
      missedCharge(
        at("2026-05-15T16:00:00Z"),
        at("2026-05-15T16:00:00Z"),
        MONTHLY,
        [],
        covering("2026-10-16T06:00:00Z", "2026-11-10T06:00:00Z")
      )
    ).toBeNull()
  })

  it("a weekly plan of 2 weeks", () => {
    expect(
      missedCharge(
        last,
        last,
        { interval: "week", count: 2 },
        [],
        covering("2026-09-20T06:00:00Z", "2026-10-10T06:00:00Z")
      )
    ).toEqual(new Date(last.getTime() + 14 * DAY))
  })
})

describe("planOf", () => {
  it("keeps a valid plan and falls back to the service's default for anything else", () => {
    expect(planOf({ interval: "year", count: 2 })).toEqual({
      interval: "year",
      count: 2,
    })
    expect(planOf(null)).toEqual({ interval: "month", count: 1 })
    expect(planOf({ interval: "day", count: 0 })).toEqual({
      interval: "month",
      count: 1,
    })
  })
})

describe("the calendar counts from the first payment, never drifting", () => {
  const start = at("2026-01-31T16:00:00Z")

  it("after 31 January and 28 February, 31 March is expected (a gateway that keeps the day)", () => {
    expect(periodOf(start, MONTHLY, at("2026-02-28T16:00:00Z"))).toBe(1)
    expect(nextChargeAfter(start, at("2026-02-28T16:00:00Z"), MONTHLY)).toEqual(
      at("2026-03-31T16:00:00Z")
    )
  })

  it("a gateway that counts from the charge before (28 March) is never taken for late", () => {
    // An export taken on the morning of 31 March: the charge of 28 March paid the period, and 31
    // March with its grace is not covered yet.
    expect(
      missedCharge(
        start,
        start,
        MONTHLY,
        [at("2026-02-28T16:00:00Z"), at("2026-03-28T16:00:00Z")],
        covering("2026-02-01T06:00:00Z", "2026-03-31T12:00:00Z")
      )
    ).toBeNull()
    // No March charge by 5 April: 31 March is missed.
    expect(
      missedCharge(
        start,
        start,
        MONTHLY,
        [at("2026-02-28T16:00:00Z")],
        covering("2026-02-01T06:00:00Z", "2026-04-05T06:00:00Z")
      )
    ).toEqual(at("2026-03-31T16:00:00Z"))
  })

  it("a year of weekly periods stays on the first payment's weekday", () => {
    const weekly = { interval: "week", count: 1 } as const
    expect(
      nextChargeAfter(start, addPeriods(start, "week", 52), weekly)
    ).toEqual(addPeriods(start, "week", 53))
  })
})
