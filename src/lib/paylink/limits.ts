/**
 * Currency and amount rules per gateway product (docs/service.md §6), from the gateways' table.
 * Amounts are compared in integer cents: never as floats.
 */
import { byGateway, type Gateway } from "./gateways"
import { formatCents } from "./amounts"

export type GatewayProduct = Gateway

export type AmountBounds = { minCents: bigint; maxCents: bigint }

export type CurrencyRule = {
  currencies: readonly string[]
  /** Bounds per upper-case currency code; absent where the service states none. */
  bounds: Partial<Record<string, AmountBounds>>
}

export const CURRENCY_RULES: Record<GatewayProduct, CurrencyRule> = byGateway(
  (d) => ({
    currencies: d.currencies,
    bounds: Object.fromEntries(
      Object.entries(d.bounds).map(([currency, b]) => [
        currency,
        { minCents: BigInt(b.minCents), maxCents: BigInt(b.maxCents) },
      ])
    ),
  })
)

/** `bounds`: the range an amount outside it broke (absent for a currency, or an amount not above 0). */
export type LimitViolation = {
  field: "currency_code" | "amount"
  message: string
  bounds?: AmountBounds
}

/** The first rule broken, or null. `currency` is upper-case. */
export function checkLimits(
  product: GatewayProduct,
  label: string,
  currency: string,
  cents: bigint
): LimitViolation | null {
  const rule = CURRENCY_RULES[product]
  if (!rule.currencies.includes(currency)) {
    return {
      field: "currency_code",
      message: `${label} accepts ${rule.currencies.join(" or ")} only; this charge is in ${currency}.`,
    }
  }
  if (cents <= 0n) {
    return {
      field: "amount",
      message: `${label} needs an amount greater than 0.`,
    }
  }
  const bounds = rule.bounds[currency]
  if (bounds && (cents < bounds.minCents || cents > bounds.maxCents)) {
    return {
      field: "amount",
      bounds,
      message: `${label} accepts ${currency} amounts from ${formatCents(bounds.minCents)} to ${formatCents(
        bounds.maxCents
      )}; this charge is ${formatCents(cents)}.`,
    }
  }
  return null
}
