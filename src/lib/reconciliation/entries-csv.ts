/**
 * The result download: every entry of a reconciliation as CSV, streamed by csv-stringify so a large
 * result is never one string.
 */
import { Readable } from "node:stream"
import { stringify } from "csv-stringify"
import type { ReconciliationEntry } from "../../types/reconciliation"
import { decimalTextToCents, formatCents } from "../paylink/amounts"

export const ENTRY_CSV_COLUMNS = [
  "group",
  "reason",
  "line",
  "reference",
  "paid_at",
  "reported_amount",
  "reported_currency",
  "card_last4",
  "authorization",
  "checkout_number",
  "record_status",
  "expected_amount",
  "expected_currency",
  "order_id",
  "action",
  "applied",
  "changed",
] as const

/** Major units as the entries hold them to exact two-decimal text (10.5 → "10.50"). */
function amountText(amount: number | null): string {
  if (amount === null) return ""
  const cents = decimalTextToCents(String(amount), "half-up")
  return cents === null ? "" : formatCents(cents)
}

/** A cell a spreadsheet would run as a formula (OWASP's CSV-injection list) gets a leading apostrophe. */
const RUNNABLE = /^(?:\s*[=+\-@]|[\t\r])/

/** Every text column, not only the file's cells: the rule costs nothing. */
function textCell(text: string | null): string {
  if (text === null) return ""
  return RUNNABLE.test(text) ? `'${text}` : text
}

/** A Date from Query (csv-stringify would write epoch milliseconds) or ISO text from JSON. */
function utcInstant(value: Date | string | null): string {
  if (value === null) return ""
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? "" : date.toISOString()
}

export type EntryForCsv = Omit<ReconciliationEntry, "paid_at"> & {
  paid_at: Date | string | null
}

function toRecord(e: EntryForCsv): string[] {
  return [
    textCell(e.group),
    textCell(e.reason),
    e.line === null ? "" : String(e.line),
    textCell(e.reference),
    utcInstant(e.paid_at),
    amountText(e.reported_amount),
    textCell(e.reported_currency),
    textCell(e.card_last4),
    textCell(e.authorization),
    e.checkout_number === null ? "" : String(e.checkout_number),
    textCell(e.record_status),
    amountText(e.expected_amount),
    textCell(e.expected_currency),
    textCell(e.order_id),
    textCell(e.action),
    e.applied ? "true" : "false",
    e.changed ? "true" : "false",
  ]
}

async function* records(
  entries: AsyncIterable<EntryForCsv> | Iterable<EntryForCsv>
) {
  for await (const entry of entries) yield toRecord(entry)
}

export function entriesCsv(
  entries: AsyncIterable<EntryForCsv> | Iterable<EntryForCsv>
): NodeJS.ReadableStream {
  const csv = stringify({ header: true, columns: [...ENTRY_CSV_COLUMNS] })
  const source = Readable.from(records(entries))
  source.on("error", (error) => csv.destroy(error))
  return source.pipe(csv)
}
