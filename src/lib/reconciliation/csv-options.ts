/**
 * The one csv-parse configuration the preview and the streaming reader share, and the checks of
 * a header they both apply, so that the preview shows exactly what the reconciliation will read.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { Options } from "csv-parse"
import type { CsvDialect } from "./dialect"
import { maskCardNumbers } from "./card-numbers"
import { unstorableCharacter } from "./storable-text"

/** A larger record is an unclosed quote swallowing the file: csv-parse stops instead of holding it in memory. */
const MAX_RECORD_SIZE = 64 * 1024

export function csvParseOptions(dialect: CsvDialect): Options {
  return {
    delimiter: dialect.delimiter,
    // Explicit, not auto-detected: csv-parse's detection fixes one ending from the first line,
    // and exports edited in Excel mix "\r\n" and "\n".
    record_delimiter: ["\r\n", "\n", "\r"],
    bom: true,
    relax_quotes: false,
    // A row with too few or too many cells is the row reader's to report, with its line.
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    max_record_size: MAX_RECORD_SIZE,
    // The record's own text, to count its physical lines (csv-parse's `info.lines` counts a
    // quoted "\r\n" twice).
    raw: true,
  }
}

/** "\r\n", "\n" and a lone "\r" count one each. */
export function countLineBreaks(text: string): number {
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === "\n") n++
    else if (c === "\r") {
      n++
      if (text[i + 1] === "\n") i++
    }
  }
  return n
}

/** Line breaks before the record's first character (blank lines csv-parse skipped). */
export function leadingLineBreaks(raw: string): number {
  const blank = /^[\s\uFEFF]*/.exec(raw)?.[0] ?? ""
  // Only the complete blank lines: spaces after the last break belong to the record's line.
  const lastBreak = Math.max(blank.lastIndexOf("\n"), blank.lastIndexOf("\r"))
  return lastBreak < 0 ? 0 : countLineBreaks(blank.slice(0, lastBreak + 1))
}

/** Trimmed header names; an empty or repeated name makes the mapping ambiguous, so it is refused. */
export function checkHeader(cells: string[]): string[] {
  const columns = cells.map((c) => c.trim())
  const seen = new Set<string>()
  columns.forEach((name, i) => {
    if (name === "") {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `file: column ${i + 1} of the header has no name; every column must be named.`
      )
    }
    // The names go into the stored mapping (jsonb), which cannot hold such a character.
    const unstorable = unstorableCharacter(name)
    if (unstorable) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `file: column ${i + 1} of the header holds a character a text cannot hold (${unstorable}): the file is damaged or not a text file; save it as CSV UTF-8 or CSV (Latin-1) and upload it again.`
      )
    }
    if (seen.has(name)) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `file: the header names the column "${name}" twice; column names must be unique.`
      )
    }
    seen.add(name)
  })
  return columns
}

/**
 * csv-parse's own errors (a stray quote, an unclosed one) as the 400 the upload answers. Matched
 * by constructor name: csv-parse's sync and stream bundles each carry their own CsvError class.
 */
export function csvReadError(error: unknown): unknown {
  if (error instanceof Error && error.constructor.name === "CsvError") {
    // Some messages quote the broken cell ("value is ..."): a card number in it is cut to its last 4.
    return new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `file: the file is not valid CSV: ${maskCardNumbers(error.message)}`
    )
  }
  return error
}
