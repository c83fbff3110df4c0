/**
 * One gateway's transactions export, built from the checkouts the sandbox created on it: one row
 * per checkout, and one more per later charge of a paid subscription (renewals.ts), ordered by date. Products of a gateway (A's single payments and subscriptions)
 * share its dashboard, hence its export. The store stays the single source: nothing here is kept.
 */
import { stringify } from "csv-stringify/sync"
import { decimalTextToCents } from "../lib/paylink/amounts"
import {
  GATEWAY_DEFINITIONS,
  type GatewayPathKey,
} from "../lib/paylink/gateways"
import {
  encodeWindows1252,
  EXPORT_COLUMNS,
  EXPORT_STATUS,
  formatExportMoney,
  formatGuatemalaDateTime,
  guatemalaDayStart,
  maskedCard,
  PRODUCT_SINGLE,
  PRODUCT_SUBSCRIPTION,
  STRINGIFY_OPTIONS,
  UTF8_BOM,
} from "./export-format"
import { isExpired } from "./payments"
import type { ExportCsvOptions, SandboxCheckout, SandboxRenewal } from "./types"

export const EXPORT_PATH_KEYS = [
  ...new Set(GATEWAY_DEFINITIONS.map((d) => d.pathKey)),
] as GatewayPathKey[]

export const isExportPathKey = (value: string): value is GatewayPathKey =>
  (EXPORT_PATH_KEYS as string[]).includes(value)

export class ExportOptionError extends Error {
  constructor(
    readonly path: string,
    readonly rule: string
  ) {
    super(`${path} ${rule}`)
  }
}

/**
 * The row's one date: when it was paid (Pagado) or canceled (Cancelado); a link still pending or
 * expired has no such moment, so it is dated by its creation, as dashboards list unpaid links.
 */
const rowDate = (c: SandboxCheckout) =>
  new Date(c.state === "open" ? c.createdAt : (c.settledAt ?? c.createdAt))

const cents = (text: string) => decimalTextToCents(text, "exact") ?? 0n

const productOf = (c: SandboxCheckout) =>
  c.endpoint === "gatewayASubscription" ? PRODUCT_SUBSCRIPTION : PRODUCT_SINGLE

function row(c: SandboxCheckout, now: Date): string[] {
  const paid = c.state === "paid"
  const status =
    c.state === "open" && isExpired(c, now)
      ? EXPORT_STATUS.expired
      : EXPORT_STATUS[c.state]
  const amount = paid && c.paidAmount !== null ? c.paidAmount : c.amount
  const currency = paid && c.paidCurrency !== null ? c.paidCurrency : c.currency
  return [
    String(c.request.number),
    c.id,
    formatGuatemalaDateTime(rowDate(c)),
    formatExportMoney(cents(amount), currency),
    currency,
    status,
    paid && c.cardLast4 ? maskedCard(c.cardLast4) : "",
    paid && c.authorization ? c.authorization : "",
    productOf(c),
    c.request.description,
  ]
}

/**
 * A renewal is a paid row like the first payment, under the same link number and checkout id (what
 * a reconciliation matches a row to its link by), with its own date, amount and authorization.
 */
function renewalRow(c: SandboxCheckout, renewal: SandboxRenewal): string[] {
  return [
    String(c.request.number),
    c.id,
    formatGuatemalaDateTime(new Date(renewal.at)),
    formatExportMoney(cents(renewal.amount), renewal.currency),
    renewal.currency,
    EXPORT_STATUS.paid,
    renewal.cardLast4 ? maskedCard(renewal.cardLast4) : "",
    renewal.authorization,
    productOf(c),
    c.request.description,
  ]
}

/** The checkout's row, then its renewals' (a renewal only exists on a paid subscription). */
function datedRows(
  c: SandboxCheckout,
  now: Date
): Array<{ at: number; cells: string[] }> {
  return [
    { at: rowDate(c).getTime(), cells: row(c, now) },
    ...c.renewals.map((r) => ({
      at: Date.parse(r.at),
      cells: renewalRow(c, r),
    })),
  ]
}

/** The [start, end) instants of the options' inclusive Guatemala days; throws ExportOptionError. */
export function exportRange(options: ExportCsvOptions): {
  start: Date | null
  end: Date | null
} {
  const start =
    options.from === undefined ? null : guatemalaDayStart(options.from)
  if (options.from !== undefined && !start)
    throw new ExportOptionError("from", "must be a date as dd/mm/yyyy")
  const end =
    options.to === undefined ? null : guatemalaDayStart(options.to, true)
  if (options.to !== undefined && !end)
    throw new ExportOptionError("to", "must be a date as dd/mm/yyyy")
  if (start && end && start >= end)
    throw new ExportOptionError("to", "must not be before from")
  if (
    options.encoding !== undefined &&
    options.encoding !== "utf-8" &&
    options.encoding !== "latin1"
  ) {
    throw new ExportOptionError("encoding", 'must be "utf-8" or "latin1"')
  }
  return { start, end }
}

export function exportCsv(
  checkouts: Iterable<SandboxCheckout>,
  pathKey: GatewayPathKey,
  options: ExportCsvOptions,
  now: Date
): Buffer {
  if (!isExportPathKey(pathKey))
    throw new ExportOptionError(
      "pathKey",
      `must be one of ${EXPORT_PATH_KEYS.join(", ")}`
    )
  const { start, end } = exportRange(options)
  const endpoints = new Set<string>(
    GATEWAY_DEFINITIONS.filter((d) => d.pathKey === pathKey).map(
      (d) => d.endpoint
    )
  )
  const rows = [...checkouts]
    .filter((c) => endpoints.has(c.endpoint))
    .flatMap((c) => datedRows(c, now))
    .filter(
      ({ at }) =>
        (!start || at >= start.getTime()) && (!end || at < end.getTime())
    )
    // Stable: rows of the same minute keep the order the checkouts were created in.
    .sort((a, b) => a.at - b.at)
    .map(({ cells }) => cells)
  const text = stringify([[...EXPORT_COLUMNS], ...rows], STRINGIFY_OPTIONS)
  return options.encoding === "latin1"
    ? encodeWindows1252(text)
    : Buffer.concat([UTF8_BOM, Buffer.from(text, "utf8")])
}
