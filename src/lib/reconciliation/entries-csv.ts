/**
 * The result download: every entry of a reconciliation as CSV (English header, amounts "1234.50",
 * dates ISO), streamed by csv-stringify so that a 50,000-entry result is never one string.
 */
import { Readable } from "node:stream"
import { stringify } from "csv-stringify"
import type { ReconciliationEntry } from "../../types/reconciliation"
import { decimalTextToCents, formatCents } from "../paylink/amounts"

export const ENTRY_CSV_COLUMNS = [
  "group", "reason", "line", "reference", "paid_at", "reported_amount", "reported_currency",
  "card_last4", "authorization", "checkout_number", "record_status", "expected_amount",
  "expected_currency", "order_id", "action", "applied", "changed",
] as const

/** Major units as the entries hold them to exact two-decimal text (10.5 → "10.50"). */
function amountText(amount: number | null): string {
  if (amount === null) return ""
  const cents = decimalTextToCents(String(amount), "half-up")
  return cents === null ? "" : formatCents(cents)
}

/**
 * Text that came from the uploaded file (reference, authorization) may start with "=", "+", "-"
 * or "@", which a spreadsheet runs as a formula when the merchant opens the download: such a
 * cell is written with a leading apostrophe (OWASP's CSV-injection advice).
 */
function fromFile(text: string | null): string {
  if (text === null) return ""
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

function toRecord(e: ReconciliationEntry): string[] {
  return [
    e.group,
    e.reason,
    e.line === null ? "" : String(e.line),
    fromFile(e.reference),
    e.paid_at ?? "",
    amountText(e.reported_amount),
    e.reported_currency ?? "",
    e.card_last4 ?? "",
    fromFile(e.authorization),
    e.checkout_number === null ? "" : String(e.checkout_number),
    e.record_status ?? "",
    amountText(e.expected_amount),
    e.expected_currency ?? "",
    e.order_id ?? "",
    e.action ?? "",
    e.applied ? "true" : "false",
    e.changed ? "true" : "false",
  ]
}

async function* records(entries: AsyncIterable<ReconciliationEntry> | Iterable<ReconciliationEntry>) {
  for await (const entry of entries) yield toRecord(entry)
}

export function entriesCsv(
  entries: AsyncIterable<ReconciliationEntry> | Iterable<ReconciliationEntry>
): NodeJS.ReadableStream {
  const csv = stringify({ header: true, columns: [...ENTRY_CSV_COLUMNS] })
  const source = Readable.from(records(entries))
  source.on("error", (error) => csv.destroy(error))
  return source.pipe(csv)
}
