/**
 * Money at the service boundary. Medusa hands providers amounts in major units as BigNumber
 * inputs; the service takes decimals with two places. Everything that is compared or summed here
 * is an integer number of cents (bigint), never a float. The decimal-text arithmetic itself lives
 * in `paylink/amounts.ts` (Medusa-free, shared with the wire schemas and the sandbox); this file
 * only adds the reading of Medusa's BigNumber inputs.
 */
import { MathBN } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import { centsToDecimal, decimalTextToCents, formatCents } from "../paylink/amounts"

export { centsToDecimal, formatCents }

/** Major units (any BigNumber input) to integer cents, rounding half up at the third decimal. */
export function toCents(amount: BigNumberInput): bigint {
  const bn = MathBN.convert(amount)
  // toFixed() without an argument prints every digit, never an exponent.
  const cents = bn.isFinite() ? decimalTextToCents(bn.toFixed(), "half-up") : null
  if (cents === null) {
    throw new TypeError("amount is not a finite number")
  }
  return cents
}
