/**
 * Money at the service boundary. Medusa hands providers amounts in major units as BigNumber
 * inputs; the service takes decimals with two places. Everything that is compared or summed here
 * is an integer number of cents (bigint), never a float.
 */
import { MathBN } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import { formatCents } from "./paylink/limits"

export { formatCents }

/** Major units (any BigNumber input) to integer cents, rounding half up at the third decimal. */
export function toCents(amount: BigNumberInput): bigint {
  const bn = MathBN.convert(amount)
  if (bn.isNaN() || !bn.isFinite()) {
    throw new TypeError("amount is not a finite number")
  }
  // 4 is bignumber.js ROUND_HALF_UP (1 would be ROUND_DOWN, which truncates 10.005 to 1000)
  return BigInt(bn.times(100).integerValue(4).toFixed(0))
}

/** Integer cents to the JSON number the service expects (at most two decimals, exact). */
export function centsToDecimal(cents: bigint): number {
  return Number(formatCents(cents))
}

/** Sums cents exactly. */
export function sumCents(values: bigint[]): bigint {
  return values.reduce((a, b) => a + b, 0n)
}
