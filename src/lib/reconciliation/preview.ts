/**
 * The mapping form's preview: the header and the first rows of an uploaded file's head, read by
 * the same csv-parse options as the reconciliation itself.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { parse } from "csv-parse/sync"
import { checkHeader, csvParseOptions, csvReadError } from "./csv-options"
import {
  decodeHead,
  HEAD_BYTES,
  recordEnds,
  sniffDialect,
  type CsvDialect,
} from "./dialect"

type Raw = { record: string[]; raw: string }

/** A head of HEAD_BYTES may end mid-line, so its last line is dropped; a shorter head is the whole file. */
export function previewCsv(
  head: Uint8Array,
  maxRows = 10
): CsvDialect & { columns: string[]; rows: string[][] } {
  const dialect = sniffDialect(head)
  let { text } = decodeHead(head)
  if (head.length >= HEAD_BYTES) {
    const ends = recordEnds(text)
    text = text.slice(0, ends.length ? ends[ends.length - 1] : 0)
  }
  let records: Raw[]
  try {
    records = parse(text, {
      ...csvParseOptions(dialect),
      to: maxRows + 1,
    }) as unknown as Raw[]
  } catch (error) {
    throw csvReadError(error)
  }
  if (records.length === 0) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "file: the header line is longer than the part of the file read for the preview."
    )
  }
  const [header, ...rows] = records
  return {
    ...dialect,
    columns: checkHeader(header.record),
    rows: rows.map((r) => r.record),
  }
}
