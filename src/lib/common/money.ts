/**
 * Medusa's BigNumber amounts (major units) as integer cents (bigint), never a float. The
 * decimal-text arithmetic itself is Medusa-free, in `paylink/amounts.ts`.
 */
import { MathBN } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import {
  centsToDecimal,
  decimalTextToCents,
  formatCents,
} from "../paylink/amounts"

export { centsToDecimal, formatCents }

/** Rounding half up at the third decimal. */
export function toCents(amount: BigNumberInput): bigint {
  const bn = MathBN.convert(amount)
  // toFixed() without an argument prints every digit, never an exponent.
  const cents = bn.isFinite()
    ? decimalTextToCents(bn.toFixed(), "half-up")
    : null
  if (cents === null) {
    throw new TypeError("amount is not a finite number")
  }
  return cents
}
