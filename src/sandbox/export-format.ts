/**
 * The transactions export's layout as a gateway's dashboard writes it (Spanish column names,
 * semicolons, Guatemala time, "Q 1,234.50"), shared by the sandbox's export and the big-file
 * generator so the two cannot drift apart.
 */
import type { Options as StringifyOptions } from "csv-stringify"

export const EXPORT_COLUMNS = [
  "No. de enlace",
  "ID de transacción",
  "Fecha de pago",
  "Monto",
  "Moneda",
  "Estado",
  "Tarjeta",
  "Autorización",
  "Producto",
  "Descripción",
] as const

/** The dashboard's status words, by the sandbox's state (expired is derived from the clock). */
export const EXPORT_STATUS = {
  paid: "Pagado",
  canceled: "Cancelado",
  open: "Pendiente",
  expired: "Expirado",
} as const

export const PRODUCT_SINGLE = "Pago único"
export const PRODUCT_SUBSCRIPTION = "Suscripción"

/** Semicolons (what Excel opens where the comma is decimal), CRLF as Windows tools write. */
export const STRINGIFY_OPTIONS: StringifyOptions = {
  delimiter: ";",
  record_delimiter: "windows",
}

/** Guatemala keeps UTC−6 all year (no daylight saving). */
const GUATEMALA_OFFSET_MS = -6 * 60 * 60_000

const two = (n: number) => String(n).padStart(2, "0")

/** "24/11/2026 15:04" in Guatemala time. */
export function formatGuatemalaDateTime(at: Date): string {
  const local = new Date(at.getTime() + GUATEMALA_OFFSET_MS)
  return (
    `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ` +
    `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`
  )
}

/**
 * The instant a Guatemala calendar day "dd/mm/yyyy" starts, or null when the text is not such a
 * day (31/02/2026 included). `dayAfter` gives the next day's start: an inclusive "to" day ends there.
 */
export function guatemalaDayStart(text: string, dayAfter = false): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text)
  if (!match) return null
  const [day, month, year] = [
    Number(match[1]),
    Number(match[2]),
    Number(match[3]),
  ]
  const utc = new Date(Date.UTC(year, month - 1, day))
  if (
    utc.getUTCFullYear() !== year ||
    utc.getUTCMonth() !== month - 1 ||
    utc.getUTCDate() !== day
  )
    return null
  return new Date(
    Date.UTC(year, month - 1, day + (dayAfter ? 1 : 0)) - GUATEMALA_OFFSET_MS
  )
}

/** How each currency is written: the quetzal's "Q", the dollar as Central American dashboards write it. */
const CURRENCY_SYMBOL: Record<string, string> = { GTQ: "Q", USD: "US$" }

/** 123450n, "GTQ" → "Q 1,234.50"; an unknown currency is written with its code ("EUR 10.00"). */
export function formatExportMoney(cents: bigint, currency: string): string {
  const units = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  return `${CURRENCY_SYMBOL[currency] ?? currency} ${units}.${two(Number(cents % 100n))}`
}

/** "**** 4242": the dashboard masks every card; only the last four digits are ever known. */
export const maskedCard = (last4: string) => `**** ${last4}`

/** windows-1252's bytes 0x80–0x9F by code point; other characters above 0xFF become "?", as Windows tools write. */
const CP1252_HIGH: Record<number, number> = {
  0x20ac: 0x80,
  0x201a: 0x82,
  0x0192: 0x83,
  0x201e: 0x84,
  0x2026: 0x85,
  0x2020: 0x86,
  0x2021: 0x87,
  0x02c6: 0x88,
  0x2030: 0x89,
  0x0160: 0x8a,
  0x2039: 0x8b,
  0x0152: 0x8c,
  0x017d: 0x8e,
  0x2018: 0x91,
  0x2019: 0x92,
  0x201c: 0x93,
  0x201d: 0x94,
  0x2022: 0x95,
  0x2013: 0x96,
  0x2014: 0x97,
  0x02dc: 0x98,
  0x2122: 0x99,
  0x0161: 0x9a,
  0x203a: 0x9b,
  0x0153: 0x9c,
  0x017e: 0x9e,
  0x0178: 0x9f,
}

/** Text to windows-1252 bytes ("Latin-1" as dashboards call it). */
export function encodeWindows1252(text: string): Buffer {
  // Most text (the bench's 50,000 rows) is Latin-1 outside 0x80–0x9F: Node encodes it natively.
  if (!/[^\x00-\x7f\xa0-\xff]/.test(text)) return Buffer.from(text, "latin1")
  const bytes: number[] = []
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes.push(code)
    else bytes.push(CP1252_HIGH[code] ?? 0x3f)
  }
  return Buffer.from(bytes)
}

export const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf])
