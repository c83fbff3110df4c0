import { parse } from "csv-parse/sync"
import type { ReconciliationEntry } from "../../../types/reconciliation"
import { ENTRY_CSV_COLUMNS, entriesCsv } from ".."

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = ""
  for await (const chunk of stream as AsyncIterable<Buffer | string>)
    out += chunk.toString()
  return out
}

const ENTRY: ReconciliationEntry = {
  id: "rce_1",
  group: "amount_mismatch",
  reason: "amount_differs",
  line: 12,
  reference: "41",
  paid_at: "2026-11-24T21:04:00.000Z",
  reported_amount: 1234.5,
  reported_currency: "GTQ",
  card_last4: "1234",
  authorization: 'A, "77"',
  checkout_record_id: "plchk_1",
  checkout_number: 41,
  record_status: "expired",
  expected_amount: 1234,
  expected_currency: "GTQ",
  order_id: null,
  action: "needs_attention",
  applied: false,
  changed: false,
}

const UNPAID: ReconciliationEntry = {
  ...ENTRY,
  id: "rce_2",
  group: "order_no_payment",
  reason: "no_payment_in_report",
  line: null,
  reference: null,
  paid_at: null,
  reported_amount: null,
  reported_currency: null,
  card_last4: null,
  authorization: null,
  record_status: "completed",
  expected_amount: 0.1,
  order_id: "order_9",
  action: "unverified",
  applied: true,
  changed: true,
}

describe("entriesCsv", () => {
  it("writes the English header and one row per entry, amounts with two decimals", async () => {
    const csv = await text(entriesCsv([ENTRY, UNPAID]))
    expect(csv.split("\n")[0]).toBe(ENTRY_CSV_COLUMNS.join(","))
    expect(parse(csv)).toEqual([
      [...ENTRY_CSV_COLUMNS],
      [
        "amount_mismatch",
        "amount_differs",
        "12",
        "41",
        "2026-11-24T21:04:00.000Z",
        "1234.50",
        "GTQ",
        "1234",
        'A, "77"',
        "41",
        "expired",
        "1234.00",
        "GTQ",
        "",
        "needs_attention",
        "false",
        "false",
      ],
      [
        "order_no_payment",
        "no_payment_in_report",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "41",
        "completed",
        "0.10",
        "GTQ",
        "order_9",
        "unverified",
        "true",
        "true",
      ],
    ])
  })

  it("reads an async source and neutralizes formulas coming from the file", async () => {
    async function* entries() {
      yield { ...ENTRY, reference: '=HYPERLINK("x")', authorization: "+1" }
    }
    const [, row] = parse(await text(entriesCsv(entries())))
    expect(row[3]).toBe('\'=HYPERLINK("x")')
    expect(row[8]).toBe("'+1")
  })

  // Query returns a dateTime column as a Date, which csv-stringify writes as epoch milliseconds.
  it("writes paid_at as an ISO 8601 instant in UTC, whether the entry holds a Date or text", async () => {
    const paid = new Date("2026-11-24T21:13:00.000Z")
    const rows = parse(
      await text(entriesCsv([{ ...ENTRY, paid_at: paid }, ENTRY]))
    )
    const at = ENTRY_CSV_COLUMNS.indexOf("paid_at")
    expect(rows[1][at]).toBe("2026-11-24T21:13:00.000Z")
    expect(rows[2][at]).toBe("2026-11-24T21:04:00.000Z")
  })

  it.each([
    ["=1+1"],
    ["+1"],
    ["-1+2"],
    ["@SUM(A1)"],
    [' =HYPERLINK("http://x","y")'],
    ["\t=1+1"],
    ["\r=1+1"],
    ["\n=cmd|' /C calc'!A0"],
    [" \n\t @x"],
    ["\u00a0=1+1"],
    ["\t"],
  ])("neutralises %j in every text column", async (value) => {
    const hostile: ReconciliationEntry = {
      ...ENTRY,
      group: value as ReconciliationEntry["group"],
      reason: value as ReconciliationEntry["reason"],
      reference: value,
      reported_currency: value,
      card_last4: value,
      authorization: value,
      record_status: value as ReconciliationEntry["record_status"],
      expected_currency: value,
      order_id: value,
      action: value as ReconciliationEntry["action"],
    }
    const [, row] = parse(await text(entriesCsv([hostile])))
    const textColumns = [
      "group",
      "reason",
      "reference",
      "reported_currency",
      "card_last4",
      "authorization",
      "record_status",
      "expected_currency",
      "order_id",
      "action",
    ]
    for (const column of textColumns) {
      expect([
        column,
        row[
          ENTRY_CSV_COLUMNS.indexOf(
            column as (typeof ENTRY_CSV_COLUMNS)[number]
          )
        ],
      ]).toEqual([column, `'${value}`])
    }
  })

  it("leaves text that a spreadsheet would not run as it is", async () => {
    const [, row] = parse(
      await text(
        entriesCsv([
          {
            ...ENTRY,
            reference: "A-1=2",
            authorization: " 77",
            card_last4: "4242",
          },
        ])
      )
    )
    expect(row[ENTRY_CSV_COLUMNS.indexOf("reference")]).toBe("A-1=2")
    expect(row[ENTRY_CSV_COLUMNS.indexOf("authorization")]).toBe(" 77")
    expect(row[ENTRY_CSV_COLUMNS.indexOf("card_last4")]).toBe("4242")
  })

  it("writes only the header for no entries", async () => {
    expect(await text(entriesCsv([]))).toBe(`${ENTRY_CSV_COLUMNS.join(",")}\n`)
  })
})
