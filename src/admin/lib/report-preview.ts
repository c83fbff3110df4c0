/**
 * The mapping form's preview of one row: per mapped field, the cell and what the server's reader
 * will make of it. The same pure readers as the server's, so the preview cannot promise what the
 * read then refuses.
 */
import type { MappedField, ReferenceKind } from "../../types"
import {
  isPaidStatus,
  parseReportAmount,
  parseReportDate,
} from "./report-readers"

export type PreviewMapping = {
  columns: Partial<Record<MappedField, string | null>>
  reference_kind: ReferenceKind
  paid_statuses: string[]
}

/** Why a cell cannot be read; worded by the admin (reconcile.preview.problems.*). */
export type PreviewProblem =
  "missing" | "reference" | "amount" | "date" | "currency"

export type CellReading =
  | { field: MappedField; raw: string; ok: true; reading: Reading }
  | { field: MappedField; raw: string; ok: false; problem: PreviewProblem }

export type Reading =
  | { kind: "reference"; number: number | null; checkoutId: string | null }
  | { kind: "amount"; cents: bigint; currency: string }
  | { kind: "currency"; code: string }
  | { kind: "date"; at: Date }
  | { kind: "status"; paid: boolean }
  | { kind: "card"; last4: string | null }
  | { kind: "text"; text: string }

export type RowReading = {
  cells: CellReading[]
  verdict: "payment" | "skipped" | "problem"
}

const CURRENCY = /^[A-Za-z]{3}$/

function readCell(
  field: MappedField,
  raw: string,
  m: PreviewMapping,
  rowCurrency: string | null
): CellReading {
  const text = raw.trim()
  const fail = (problem: PreviewProblem): CellReading => ({
    field,
    raw,
    ok: false,
    problem,
  })
  const ok = (reading: Reading): CellReading => ({
    field,
    raw,
    ok: true,
    reading,
  })
  // An empty cross-check cell checks nothing (the server matches the row on its reference alone).
  const optional =
    field === "card_last4" ||
    field === "authorization" ||
    field === "currency" ||
    field === "other_reference"
  if (!text && !optional) return fail("missing")
  switch (field) {
    case "reference":
    case "other_reference": {
      if (!text) return ok({ kind: "text", text: "" })
      const otherKind = m.reference_kind === "number" ? "checkout_id" : "number"
      if (
        (field === "reference" ? m.reference_kind : otherKind) === "checkout_id"
      )
        return ok({ kind: "reference", number: null, checkoutId: text })
      return /^\d+$/.test(text) &&
        Number(text) > 0 &&
        Number.isSafeInteger(Number(text))
        ? ok({ kind: "reference", number: Number(text), checkoutId: null })
        : fail("reference")
    }
    case "amount": {
      const amount = parseReportAmount(text)
      if (!amount.ok) return fail("amount")
      // The amount's own symbol and the currency column must agree (the server's rule too).
      if (amount.currency && rowCurrency && amount.currency !== rowCurrency)
        return fail("currency")
      return ok({
        kind: "amount",
        cents: amount.cents,
        currency: amount.currency ?? rowCurrency ?? "",
      })
    }
    case "currency":
      if (!text) return ok({ kind: "text", text: "" })
      return CURRENCY.test(text)
        ? ok({ kind: "currency", code: text.toUpperCase() })
        : fail("currency")
    case "paid_at": {
      const date = parseReportDate(text)
      return date.ok ? ok({ kind: "date", at: date.at }) : fail("date")
    }
    case "status":
      return ok({ kind: "status", paid: isPaidStatus(text, m.paid_statuses) })
    case "card_last4": {
      const digits = text.replace(/\D/g, "")
      return ok({ kind: "card", last4: digits ? digits.slice(-4) : null })
    }
    default:
      return ok({ kind: "text", text })
  }
}

export function readPreviewRow(
  cells: string[],
  columns: string[],
  m: PreviewMapping,
  defaultCurrency: string
): RowReading {
  const cellOf = (column: string | null | undefined) => {
    const at = column ? columns.indexOf(column) : -1
    return at < 0 ? null : (cells[at] ?? "")
  }
  const currencyCell = cellOf(m.columns.currency)?.trim()
  const rowCurrency =
    currencyCell && CURRENCY.test(currencyCell)
      ? currencyCell.toUpperCase()
      : currencyCell
        ? null
        : defaultCurrency
  const read: CellReading[] = []
  for (const [field, column] of Object.entries(m.columns) as [
    MappedField,
    string | null,
  ][]) {
    const raw = cellOf(column)
    if (raw !== null) read.push(readCell(field, raw, m, rowCurrency))
  }
  const status = read.find((c) => c.field === "status")
  // As the server reads a row: a status that is not a payment skips it before anything else counts.
  const paid =
    status?.ok && status.reading.kind === "status" ? status.reading.paid : false
  const verdict =
    !paid && status?.ok
      ? "skipped"
      : read.some((c) => !c.ok)
        ? "problem"
        : "payment"
  return { cells: read, verdict }
}
