/**
 * Gateway B's `order` lines. Their sum (qty x price) must equal `amount` exactly, so lines are
 * handled in integer cents: the lines the server built from the cart are kept when they are well
 * formed, a positive remainder (shipping, taxes, fees not itemised) becomes one more line, and
 * when the remainder is negative or the lines are unusable everything collapses into one line for
 * the whole amount. What the storefront sends can change the wording, never the sum.
 */
import { centsToDecimal, toCents } from "../../lib/money"
import type { GatewayBOrderItem } from "../../lib/paylink/schemas"

type LineInput = { reference?: unknown; name?: unknown; qty?: unknown; price?: unknown }

type CentsLine = { reference: string; name: string; qty: number; cents: bigint }

function parseLine(raw: LineInput): CentsLine | null {
  const reference = typeof raw.reference === "string" ? raw.reference.trim().slice(0, 100) : ""
  const name = typeof raw.name === "string" ? raw.name.trim().slice(0, 200) : ""
  const qty = typeof raw.qty === "number" && Number.isInteger(raw.qty) && raw.qty > 0 ? raw.qty : 0
  if (!reference || !name || !qty || (typeof raw.price !== "string" && typeof raw.price !== "number")) {
    return null
  }
  try {
    const cents = toCents(raw.price)
    return cents >= 0n ? { reference, name, qty, cents } : null
  } catch {
    return null
  }
}

export function buildOrderLines(items: unknown, totalCents: bigint, fallbackName: string): GatewayBOrderItem[] {
  const parsed = Array.isArray(items) ? items.map((i) => parseLine((i ?? {}) as LineInput)) : []
  const lines = parsed.every((l): l is CentsLine => l !== null) ? parsed : []
  const sum = lines.reduce((acc, l) => acc + l.cents * BigInt(l.qty), 0n)
  const remainder = totalCents - sum
  let result: CentsLine[]
  if (!lines.length || remainder < 0n) {
    result = [{ reference: "order", name: fallbackName, qty: 1, cents: totalCents }]
  } else if (remainder > 0n) {
    result = [...lines, { reference: "shipping-taxes-fees", name: "Shipping, taxes and fees", qty: 1, cents: remainder }]
  } else {
    result = lines
  }
  return result.map((l) => ({ reference: l.reference, name: l.name, qty: l.qty, price: centsToDecimal(l.cents) }))
}
