/**
 * The whole export as a stream of rows: decoded per its dialect, parsed by csv-parse, never held
 * in memory (a 50,000-row file is read with backpressure, one record at a time).
 */
import { Readable, pipeline } from "node:stream"
import { parse } from "csv-parse"
import { MedusaError } from "@medusajs/framework/utils"
import {
  checkHeader,
  countLineBreaks,
  csvParseOptions,
  csvReadError,
  leadingLineBreaks,
} from "./csv-options"
import { decoderFor, type CsvDialect } from "./dialect"

/** One data row: `line` is the physical line where it starts (the header is line 1). */
export type CsvRow = { line: number; cells: string[] }

type Source = AsyncIterable<Uint8Array | string> | NodeJS.ReadableStream
type Raw = { record: string[]; raw: string }

/** A streaming TextDecoder keeps a character cut between two chunks until its last byte arrives. */
async function* decode(
  source: Source,
  dialect: CsvDialect,
  onBytes?: (bytesRead: number) => void
): AsyncGenerator<string> {
  const decoder = decoderFor(dialect.encoding)
  let total = 0
  for await (const chunk of source as AsyncIterable<Uint8Array | string>) {
    total +=
      typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength
    const text =
      typeof chunk === "string"
        ? chunk
        : decoder.decode(chunk, { stream: true })
    onBytes?.(total)
    if (text) yield text
  }
  const rest = decoder.decode()
  if (rest) yield rest
}

/** Data rows with all cells empty (",,,", what spreadsheets leave at the end) are not rows. */
function isBlankRow(cells: string[]): boolean {
  return cells.every((c) => c === "")
}

/**
 * Resolves once the header is read, with the rows still to stream. An error of the source or of
 * csv-parse fails the whole file, rejecting whichever is waiting; stopping the iteration early
 * destroys the stream.
 */
export async function openCsv(
  source: Source,
  dialect: CsvDialect,
  onBytes?: (bytesRead: number) => void
): Promise<{ columns: string[]; rows: AsyncIterable<CsvRow> }> {
  const parser = parse(csvParseOptions(dialect))
  // pipeline destroys the parser with the source's error, which the iteration then throws.
  pipeline(
    Readable.from(decode(source, dialect, onBytes)),
    parser,
    () => undefined
  )
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<Raw>

  let line = 1
  let first: IteratorResult<Raw>
  try {
    first = await records.next()
  } catch (error) {
    throw csvReadError(error)
  }
  if (first.done) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "file: the file has no header line (it is empty or blank)."
    )
  }
  let columns: string[]
  try {
    columns = checkHeader(first.value.record)
  } catch (error) {
    await records.return?.()
    throw error
  }
  line += countLineBreaks(first.value.raw)

  async function* rows(): AsyncGenerator<CsvRow> {
    try {
      while (true) {
        let next: IteratorResult<Raw>
        try {
          next = await records.next()
        } catch (error) {
          throw csvReadError(error)
        }
        if (next.done) return
        const { record, raw } = next.value
        const start = line + leadingLineBreaks(raw)
        line += countLineBreaks(raw)
        if (!isBlankRow(record)) yield { line: start, cells: record }
      }
    } finally {
      await records.return?.()
    }
  }
  return { columns, rows: rows() }
}
