/**
 * Big transactions exports for tests and the bench, in the sandbox's export layout, streamed a batch
 * at a time. Seeded: the same options give the same bytes, and `syntheticRows` gives the rows'
 * values so a bench can seed matching records without reading the file back.
 */
import { stringify } from "csv-stringify/sync"
import {
  encodeWindows1252,
  EXPORT_COLUMNS,
  EXPORT_STATUS,
  formatExportMoney,
  formatGuatemalaDateTime,
  maskedCard,
  PRODUCT_SINGLE,
  STRINGIFY_OPTIONS,
  UTF8_BOM,
} from "./export-format"
import { authorizationFor } from "./payments"
import { seededRandom } from "./random"

export type SyntheticExportOptions = {
  rows: number
  /** The first row's link number; each row takes the next. */
  startNumber: number
  /**
   * Rows written unreadable, spread evenly (bad amount, impossible date, empty references, missing cells
   * in turn). Each is a Pagado row, so a reader reports every one as bad rather than skipping it.
   */
  badRows?: number
  encoding?: "utf-8" | "latin1"
  /** The first row's time (default 01/11/2026 08:00 in Guatemala); rows follow `minutesApart` apart (default 1). */
  start?: Date
  minutesApart?: number
  currency?: "GTQ" | "USD"
  /** Default 1. */
  seed?: number
  /** Rows per Buffer yielded (default 1,000). */
  batchRows?: number
}

export type BadRowKind = "amount" | "date" | "reference" | "cells"
const BAD_KINDS: readonly BadRowKind[] = [
  "amount",
  "date",
  "reference",
  "cells",
]

export type SyntheticRow = {
  /** The file's line (header = 1). */
  line: number
  number: number
  checkoutId: string
  status: (typeof EXPORT_STATUS)[keyof typeof EXPORT_STATUS]
  cents: bigint
  currency: string
  at: Date
  /** Null for a readable row; else what was broken on purpose. */
  bad: BadRowKind | null
  cells: string[]
}

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"
const DEFAULT_START = new Date("2026-11-01T08:00:00-06:00")

/** Mostly paid, as a live shop's dashboard is: 90% Pagado, 4% Cancelado, 3% Pendiente, 3% Expirado. */
function statusOf(draw: number): SyntheticRow["status"] {
  if (draw < 0.9) return EXPORT_STATUS.paid
  if (draw < 0.94) return EXPORT_STATUS.canceled
  if (draw < 0.97) return EXPORT_STATUS.open
  return EXPORT_STATUS.expired
}

/** Amounts as a shop sees them: mostly Q 5 to Q 500, some up to Q 25,000 (thousands separators). */
function centsOf(draw: number, size: number): bigint {
  const max = size < 0.9 ? 50_000 : 2_500_000
  return BigInt(500 + Math.floor(draw * (max - 500)))
}

export function* syntheticRows(
  options: SyntheticExportOptions
): Generator<SyntheticRow> {
  const {
    rows,
    startNumber,
    badRows = 0,
    currency = "GTQ",
    minutesApart = 1,
  } = options
  if (!Number.isInteger(rows) || rows < 0)
    throw new TypeError("syntheticExport: rows must be a whole number")
  if (!Number.isInteger(startNumber) || startNumber < 1)
    throw new TypeError(
      "syntheticExport: startNumber must be a positive whole number"
    )
  if (!Number.isInteger(badRows) || badRows < 0 || badRows > rows)
    throw new TypeError("syntheticExport: badRows must be from 0 to rows")
  const random = seededRandom(options.seed ?? 1)
  const start = (options.start ?? DEFAULT_START).getTime()
  // Every `spacing`-th row is a bad one, from the middle of the first stretch.
  const spacing = badRows ? rows / badRows : Infinity
  let nextBad = spacing / 2
  let badSoFar = 0
  for (let i = 0; i < rows; i++) {
    const number = startNumber + i
    let checkoutId = "chk_"
    for (let k = 0; k < 20; k++)
      checkoutId += ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)]
    const statusDraw = random()
    const cents = centsOf(random(), random())
    const last4 = String(Math.floor(random() * 10_000)).padStart(4, "0")
    const at = new Date(start + i * minutesApart * 60_000)
    let bad: BadRowKind | null = null
    if (i + 1 >= nextBad && badSoFar < badRows) {
      bad = BAD_KINDS[badSoFar % BAD_KINDS.length]
      badSoFar++
      nextBad += spacing
    }
    // A broken row is a payment: a reader skips other statuses before reading their cells.
    const status = bad ? EXPORT_STATUS.paid : statusOf(statusDraw)
    const paid = status === EXPORT_STATUS.paid
    const cells = [
      String(number),
      checkoutId,
      formatGuatemalaDateTime(at),
      formatExportMoney(cents, currency),
      currency,
      status,
      paid ? maskedCard(last4) : "",
      paid ? authorizationFor(checkoutId) : "",
      PRODUCT_SINGLE,
      `Pedido ${number}`,
    ]
    if (bad === "amount") cells[3] = `${cells[3]}x`
    else if (bad === "date") cells[2] = "31/02/2026 10:00"
    else if (bad === "reference") {
      // Both references empty: a reader matching on either finds the row unreadable.
      cells[0] = ""
      cells[1] = ""
    } else if (bad === "cells") cells.length = 5
    yield {
      line: i + 2,
      number,
      checkoutId,
      status,
      cents,
      currency,
      at,
      bad,
      cells,
    }
  }
}

/** The file, a batch of rows per Buffer: header first, CRLF lines, UTF-8 with a BOM or windows-1252. */
export async function* syntheticExport(
  options: SyntheticExportOptions
): AsyncGenerator<Buffer> {
  const latin1 = options.encoding === "latin1"
  const encode = (text: string) =>
    latin1 ? encodeWindows1252(text) : Buffer.from(text, "utf8")
  const batchRows = options.batchRows ?? 1_000
  let batch: string[][] = []
  yield Buffer.concat([
    latin1 ? Buffer.alloc(0) : UTF8_BOM,
    encode(stringify([[...EXPORT_COLUMNS]], STRINGIFY_OPTIONS)),
  ])
  for (const row of syntheticRows(options)) {
    batch.push(row.cells)
    if (batch.length >= batchRows) {
      yield encode(stringify(batch, STRINGIFY_OPTIONS))
      batch = []
    }
  }
  if (batch.length) yield encode(stringify(batch, STRINGIFY_OPTIONS))
}
