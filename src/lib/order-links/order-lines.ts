/**
 * Gateway B's `order` lines, in integer cents from the cart to the request: each item's total split
 * so qty x unit price is exact, turned into decimals only when the request is made. The lines sent
 * always sum to the amount charged.
 */
import { centsToDecimal, toCents } from "../common/money"
import {
  itemLineName,
  remainderLineName,
  shippingLineName,
} from "../common/gateway-text"
import type { Lang } from "../common/language"

export type CentsLine = {
  reference: string
  name: string
  qty: number
  unit_cents: number
}

export type CartItemForLines = {
  id: string
  title?: string | null
  product_title?: string | null
  variant_title?: string | null
  variant_sku?: string | null
  variant_id?: string | null
  quantity: number | string
  total?: unknown
}

export const ITEM_LINE_FIELDS = [
  "items.id",
  "items.title",
  "items.product_title",
  "items.variant_title",
  "items.variant_sku",
  "items.variant_id",
  "items.quantity",
  "items.total",
]

/**
 * One item becomes one line when its total divides evenly by its quantity, else two lines whose
 * unit prices differ by one cent, so that every sum stays exact.
 */
function itemLines(item: CartItemForLines, lang: Lang): CentsLine[] {
  const qty = Number(item.quantity)
  if (
    !Number.isInteger(qty) ||
    qty <= 0 ||
    item.total === undefined ||
    item.total === null
  ) {
    return []
  }
  const total = toCents(item.total as string)
  const reference = item.variant_sku || item.variant_id || item.id
  const name =
    [item.product_title ?? item.title, item.variant_title]
      .filter(Boolean)
      .join(" - ") || itemLineName(lang)
  const unit = total / BigInt(qty)
  const remainder = Number(total - unit * BigInt(qty))
  const lines: CentsLine[] = []
  if (qty - remainder > 0) {
    lines.push({
      reference,
      name,
      qty: qty - remainder,
      unit_cents: Number(unit),
    })
  }
  if (remainder > 0) {
    lines.push({
      reference,
      name,
      qty: remainder,
      unit_cents: Number(unit + 1n),
    })
  }
  return lines
}

/** `lang`: the language of the names the plugin writes itself (the shipping line). */
export function cartOrderLines(
  items: readonly CartItemForLines[],
  shippingCents: bigint,
  lang: Lang = "en"
): CentsLine[] {
  const lines = items.flatMap((item) => itemLines(item, lang))
  if (shippingCents > 0n) {
    lines.push({
      reference: "shipping",
      name: shippingLineName(lang),
      qty: 1,
      unit_cents: Number(shippingCents),
    })
  }
  return lines
}

const isLine = (l: unknown): l is CentsLine => {
  const line = l as Partial<CentsLine> | null
  return (
    !!line &&
    typeof line.reference === "string" &&
    line.reference.trim() !== "" &&
    typeof line.name === "string" &&
    line.name.trim() !== "" &&
    Number.isInteger(line.qty) &&
    (line.qty as number) > 0 &&
    Number.isSafeInteger(line.unit_cents) &&
    (line.unit_cents as number) >= 0
  )
}

/**
 * The lines to send for `totalCents`: the cart's lines when they are well formed, plus one line
 * for what they do not cover (taxes or fees not itemised); one line for the whole amount when they
 * are unusable or exceed it (a credit applied to the cart).
 */
export function linesForAmount(
  lines: unknown,
  totalCents: bigint,
  fallbackName: string,
  lang: Lang = "en"
) {
  const usable =
    Array.isArray(lines) && lines.length > 0 && lines.every(isLine)
      ? (lines as CentsLine[])
      : []
  const sum = usable.reduce(
    (acc, l) => acc + BigInt(l.unit_cents) * BigInt(l.qty),
    0n
  )
  const remainder = totalCents - sum
  let result: { reference: string; name: string; qty: number; cents: bigint }[]
  if (!usable.length || remainder < 0n) {
    result = [
      { reference: "order", name: fallbackName, qty: 1, cents: totalCents },
    ]
  } else {
    result = usable.map((l) => ({
      reference: l.reference.trim().slice(0, 100),
      name: l.name.trim().slice(0, 200),
      qty: l.qty,
      cents: BigInt(l.unit_cents),
    }))
    if (remainder > 0n) {
      result.push({
        reference: "shipping-taxes-fees",
        name: remainderLineName(lang),
        qty: 1,
        cents: remainder,
      })
    }
  }
  return result.map((l) => ({
    reference: l.reference,
    name: l.name,
    qty: l.qty,
    price: centsToDecimal(l.cents),
  }))
}
