import {
  missedCharge,
  nextChargeAfter,
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
        MONTHLY,
        [],
        covering("2026-10-01T06:00:00Z", "2026-10-31T06:00:00Z")
      )
    ).toEqual(at("2026-10-15T16:00:00Z"))
  })

  it("a report that ends inside the grace says nothing yet (a gateway retries a declined card)", () => {
    const due = nextChargeAfter(last, MONTHLY).getTime()
    expect(
      missedCharge(last, MONTHLY, [], {
        from: at("2026-10-01T06:00:00Z"),
        until: new Date(due + RENEWAL_GRACE_MS - 1),
      })
    ).toBeNull()
    expect(
      missedCharge(last, MONTHLY, [], {
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
        MONTHLY,
        [
          at("2026-10-14T10:00:00Z"),
          at("2026-11-20T10:00:00Z"),
          at("2026-12-14T10:00:00Z"),
        ],
        report
      )
    ).toBeNull()
    // The third is missing: the month after the last charge seen.
    expect(
      missedCharge(
        last,
        MONTHLY,
        [at("2026-11-20T10:00:00Z"), at("2026-10-14T10:00:00Z")],
        report
      )
    ).toEqual(at("2026-12-20T10:00:00Z"))
  })

  it("charges before the last one known are not counted twice", () => {
    expect(
      missedCharge(
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
        MONTHLY,
        [],
        covering("2026-10-01T06:00:00Z", "2026-10-31T06:00:00Z")
      )
    ).toEqual(at("2026-10-15T16:00:00Z"))
    // The report covers no expected date with its grace: nothing.
    expect(
      missedCharge(
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
