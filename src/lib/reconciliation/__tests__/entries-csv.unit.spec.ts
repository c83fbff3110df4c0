import { parse } from "csv-parse/sync"
import type { ReconciliationEntry } from "../../../types/reconciliation"
import { ENTRY_CSV_COLUMNS, entriesCsv } from ".."

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = ""
  for await (const chunk of stream as AsyncIterable<Buffer | string>) out += chunk.toString()
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
  authorization: "A, \"77\"",
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
      ["amount_mismatch", "amount_differs", "12", "41", "2026-11-24T21:04:00.000Z", "1234.50", "GTQ", "1234", 'A, "77"', "41", "expired", "1234.00", "GTQ", "", "needs_attention", "false", "false"],
      ["order_no_payment", "no_payment_in_report", "", "", "", "", "", "", "", "41", "completed", "0.10", "GTQ", "order_9", "unverified", "true", "true"],
    ])
  })

  it("reads an async source and neutralizes formulas coming from the file", async () => {
    async function* entries() {
      yield { ...ENTRY, reference: "=HYPERLINK(\"x\")", authorization: "+1" }
    }
    const [, row] = parse(await text(entriesCsv(entries())))
    expect(row[3]).toBe("'=HYPERLINK(\"x\")")
    expect(row[8]).toBe("'+1")
  })

  it("writes only the header for no entries", async () => {
    expect(await text(entriesCsv([]))).toBe(`${ENTRY_CSV_COLUMNS.join(",")}\n`)
  })
})
