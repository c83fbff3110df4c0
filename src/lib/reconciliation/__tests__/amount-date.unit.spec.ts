import { parseReportAmount, parseReportDate } from ".."

describe("parseReportAmount", () => {
  it.each([
    ["1234.50", 123450n, null],
    ["1,234.50", 123450n, null],
    ["Q 1,234.50", 123450n, "GTQ"],
    ["Q1234.5", 123450n, "GTQ"],
    ["1234,50", 123450n, null],
    ["1.234,50", 123450n, null],
    ["GTQ 10", 1000n, "GTQ"],
    ["US$ 10.00", 1000n, "USD"],
    ["$10.00", 1000n, "USD"],
    ["USD 10.00", 1000n, "USD"],
    ["10.00 GTQ", 1000n, "GTQ"],
    ["q 7", 700n, "GTQ"],
    ["EUR 3.10", 310n, "EUR"],
    ["1,234", 123400n, null], // a lone "," before exactly three digits groups thousands
    ["12,34", 1234n, null],
    ["1234,5", 123450n, null],
    ["1,234,567.89", 123456789n, null],
    ["1.234.567", 123456700n, null],
    ["10.000", 1000n, null], // a third decimal that is zero changes nothing
    ["  0.01 ", 1n, null],
    ["Q\u00a01,000.00", 100000n, "GTQ"],
  ])("%p -> %p cents, currency %p", (text, cents, currency) => {
    expect(parseReportAmount(text)).toEqual({ ok: true, cents, currency })
  })

  it.each([
    ["", /empty/],
    ["   ", /empty/],
    ["-10.00", /negative/],
    ["Q -10", /negative/],
    ["(10.00)", /negative/],
    ["abc", /not a number/],
    ["10.005", /more than two decimals/],
    ["1.234", /more than two decimals/], // a lone "." is the decimal mark
    ["1,23,4.50", /groups of three/],
    ["1234,567", /groups of three/],
    ["10.", /decimal mark must be followed by digits/],
    ["Q 10 GTQ", /both before and after/],
    ["XY 10", /not a currency symbol/],
    ["1e3", /not a number|not a currency/],
  ])("%p is refused: %p", (text, reason) => {
    const result = parseReportAmount(text)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.reason).toMatch(reason)
  })
})

describe("parseReportDate", () => {
  it.each([
    // No zone: Guatemala time, UTC−06:00.
    ["2026-11-24", "2026-11-24T06:00:00.000Z", "2026-11-24"],
    ["2026-11-24T15:04:05", "2026-11-24T21:04:05.000Z", "2026-11-24"],
    ["2026-11-24 15:04", "2026-11-24T21:04:00.000Z", "2026-11-24"],
    ["2026-11-24T15:04:05Z", "2026-11-24T15:04:05.000Z", "2026-11-24"],
    // 03:00 UTC is still the 23rd in Guatemala.
    ["2026-11-24T03:00:00Z", "2026-11-24T03:00:00.000Z", "2026-11-23"],
    ["2026-11-24T15:04:05.123-06:00", "2026-11-24T21:04:05.123Z", "2026-11-24"],
    ["2026-11-24T23:30:00+02:00", "2026-11-24T21:30:00.000Z", "2026-11-24"],
    ["24/11/2026", "2026-11-24T06:00:00.000Z", "2026-11-24"],
    ["24/11/2026 15:04", "2026-11-24T21:04:00.000Z", "2026-11-24"],
    ["24/11/2026 15:04:05", "2026-11-24T21:04:05.000Z", "2026-11-24"],
    ["24-11-2026 23:59:59", "2026-11-25T05:59:59.000Z", "2026-11-24"],
    ["4/1/2026", "2026-01-04T06:00:00.000Z", "2026-01-04"],
    ["29/02/2028", "2028-02-29T06:00:00.000Z", "2028-02-29"],
  ])("%p -> %p, day %p", (text, iso, day) => {
    const result = parseReportDate(text)
    expect(result.ok).toBe(true)
    if (result.ok) {
      expect(result.at.toISOString()).toBe(iso)
      expect(result.day).toBe(day)
    }
  })

  it.each([
    ["", /empty/],
    ["31/02/2026", /Day 31 does not exist in month 2/],
    ["29/02/2026", /Day 29 does not exist/],
    ["2026-13-01", /Month 13 does not exist/],
    ["24/11/2026 24:00", /not a valid time/],
    ["2026-11-24T10:00:00+15:00", /not a valid UTC offset/],
    ["11/24/2026", /Month 24 does not exist/],
    ["24/11/26", /not in a known form/],
    ["ayer", /not in a known form/],
    ["24/11-2026", /not in a known form/],
  ])("%p is refused: %p", (text, reason) => {
    const result = parseReportDate(text)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.reason).toMatch(reason)
  })
})
