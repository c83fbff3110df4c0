/**
 * One data row of an export read through the merchant's mapping: a payment, a row that is not a
 * payment (skipped, counted), or a bad row with where and why. Never throws: a bad row is
 * reported and the good ones go on.
 */
import type {
  ReconciliationMapping,
  ReferenceKind,
} from "../../types/reconciliation"
import { parseReportAmount } from "./amount"
import { maskCardNumbers } from "./card-numbers"
import type { CsvRow } from "./open-csv"
import { parseReportDate } from "./report-date"
import { isPaidStatus } from "./status"
import {
  storableText,
  unstorableCellReason,
  unstorableCharacter,
} from "./storable-text"

export type PaymentRow = {
  kind: "payment"
  line: number
  reference: string
  /** From the reference column or the other reference's, when either holds it. */
  number?: number
  checkoutId?: string
  cents: bigint
  currency: string
  paidAt: Date
  /** The paid day in Guatemala, ISO (2026-11-24). */
  day: string
  /** The last instant the written date stands for: how far the export reaches. */
  through: Date
  cardLast4: string | null
  authorization: string | null
}
/** A row whose status is not a payment; its date (when readable) still widens the report's period. */
export type OtherRow = {
  kind: "other"
  line: number
  day: string | null
  through: Date | null
}
export type BadRow = {
  kind: "bad"
  line: number
  column: string
  value: string
  reason: string
}
export type ReportRow = PaymentRow | OtherRow | BadRow

/** A bad value is shown back to the merchant, never whole: a cell may be a pasted paragraph. */
const MAX_VALUE_CHARS = 200
const MAX_TEXT_CHARS = 200

/** Link numbers are a Postgres serial (integer): a larger one would fail the batch's record query, so the whole read. */
const MAX_LINK_NUMBER = 2_147_483_647

/**
 * A row dated outside these would stretch the report's period (flagging every order in it with no
 * row). Tomorrow, not now: the dashboard's clock and Guatemala's day may run ahead of the server's.
 */
const EARLIEST_PAYMENT = Date.UTC(2000, 0, 1)
const DAY_MS = 86_400_000
const plausible = (at: Date, now: Date) =>
  at.getTime() >= EARLIEST_PAYMENT && at.getTime() <= now.getTime() + DAY_MS

class Bad {
  constructor(
    readonly column: string,
    readonly value: string,
    readonly reason: string
  ) {}
}

export function readReportRow(
  row: CsvRow,
  columns: string[],
  mapping: ReconciliationMapping,
  defaultCurrency: string,
  now: Date = new Date()
): ReportRow {
  const cell = (column: string): string => {
    const i = columns.indexOf(column)
    if (i < 0)
      throw new Bad(
        column,
        "",
        `The column "${column}" is not in the file's header.`
      )
    if (i >= row.cells.length) {
      throw new Bad(
        column,
        "",
        `The row has ${row.cells.length} cells and the header ${columns.length}: this cell is missing.`
      )
    }
    const value = row.cells[i]
    // Every cell read may be stored (or shown back in the bad row): one PostgreSQL cannot hold fails its whole batch.
    const unstorable = unstorableCharacter(value)
    if (unstorable)
      throw new Bad(column, value, unstorableCellReason(unstorable))
    return value
  }
  try {
    if (row.cells.length > columns.length) {
      // Cells after a delimiter inside an unquoted cell ("1,234.50" in a ","-file) are all shifted.
      throw new Bad(
        columns[columns.length - 1],
        row.cells.slice(columns.length - 1).join(" | "),
        `The row has ${row.cells.length} cells and the header ${columns.length}: a delimiter inside an unquoted cell shifts the cells after it.`
      )
    }
    const status = cell(mapping.status)
    if (!isPaidStatus(status, mapping.paid_statuses)) {
      const date = parseReportDate(
        row.cells[columns.indexOf(mapping.paid_at)] ?? ""
      )
      const dated = date.ok && plausible(date.at, now)
      return {
        kind: "other",
        line: row.line,
        day: dated ? date.day : null,
        through: dated ? date.through : null,
      }
    }
    return {
      kind: "payment",
      line: row.line,
      ...readPayment(cell, mapping, defaultCurrency, now),
    }
  } catch (error) {
    if (!(error instanceof Bad)) throw error
    // The value is stored too: any character a text cannot hold is replaced, wherever the rule that failed.
    return {
      kind: "bad",
      line: row.line,
      column: error.column,
      value: storableText(
        maskCardNumbers(error.value).slice(0, MAX_VALUE_CHARS)
      ),
      reason: error.reason,
    }
  }
}

/** A reference cell into `ref` by its kind; an empty cell is a bad row only where it is the reference. */
function readReference(
  ref: { number?: number; checkoutId?: string },
  column: string,
  kind: ReferenceKind,
  text: string,
  required: boolean
) {
  if (text === "" && !required) return
  if (kind === "number") {
    const n = /^\d+$/.test(text) ? Number(text) : NaN
    if (!Number.isSafeInteger(n) || n < 1) {
      throw new Bad(
        column,
        text,
        "The link number must be a positive whole number."
      )
    }
    if (n > MAX_LINK_NUMBER) {
      throw new Bad(
        column,
        text,
        `The link number is larger than any link number can be (at most ${MAX_LINK_NUMBER}).`
      )
    }
    ref.number = n
  } else {
    if (text === "") throw new Bad(column, text, "The checkout id is empty.")
    ref.checkoutId = text
  }
}

function readPayment(
  cell: (column: string) => string,
  mapping: ReconciliationMapping,
  defaultCurrency: string,
  now: Date
): Omit<PaymentRow, "kind" | "line"> {
  const reference = cell(mapping.reference)
  const ref: { number?: number; checkoutId?: string } = {}
  readReference(ref, mapping.reference, mapping.reference_kind, reference, true)
  if (mapping.other_reference) {
    const other = mapping.reference_kind === "number" ? "checkout_id" : "number"
    // An empty cross-check cell checks nothing: the row is matched on its reference alone.
    readReference(
      ref,
      mapping.other_reference,
      other,
      cell(mapping.other_reference),
      false
    )
  }

  const amountText = cell(mapping.amount)
  const amount = parseReportAmount(amountText)
  if (!amount.ok) throw new Bad(mapping.amount, amountText, amount.reason)

  let currency = amount.currency
  if (mapping.currency) {
    const written = cell(mapping.currency)
    if (!/^[A-Za-z]{3}$/.test(written)) {
      throw new Bad(
        mapping.currency,
        written,
        "The currency must be a three-letter code (GTQ, USD)."
      )
    }
    if (amount.currency && amount.currency !== written.toUpperCase()) {
      throw new Bad(
        mapping.amount,
        amountText,
        `The amount is written in ${amount.currency} but the currency column says ${written.toUpperCase()}.`
      )
    }
    currency = written.toUpperCase()
  }

  const dateText = cell(mapping.paid_at)
  const date = parseReportDate(dateText)
  if (!date.ok) throw new Bad(mapping.paid_at, dateText, date.reason)
  if (!plausible(date.at, now)) {
    throw new Bad(
      mapping.paid_at,
      dateText,
      "The date is before 2000 or after tomorrow: no payment of this store can have it."
    )
  }

  const cardDigits = mapping.card_last4
    ? cell(mapping.card_last4).replace(/\D/g, "")
    : ""
  // Cut at a character, not inside a surrogate pair: half of one is a character no text can hold.
  const authorization = mapping.authorization
    ? storableText(
        maskCardNumbers(cell(mapping.authorization)).slice(0, MAX_TEXT_CHARS)
      )
    : ""
  return {
    reference,
    ...ref,
    cents: amount.cents,
    currency: currency ?? defaultCurrency.toUpperCase(),
    paidAt: date.at,
    day: date.day,
    through: date.through,
    cardLast4: cardDigits.length >= 4 ? cardDigits.slice(-4) : null,
    authorization: authorization === "" ? null : authorization,
  }
}
