/**
 * The service's decimal amounts as integer cents (bigint), without float arithmetic: the one place
 * where decimal text becomes cents.
 */

/** Optional minus, digits, optional fraction: what `String(n)` or BigNumber `toFixed()` prints. */
const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/

/**
 * `exact` refuses more than two decimals; `half-up` rounds a tie away from zero ("10.005" -> 1001).
 * Null for anything that is not plain decimal text.
 */
export function decimalTextToCents(
  text: string,
  rounding: "exact" | "half-up"
): bigint | null {
  const match = DECIMAL_TEXT.exec(text)
  if (!match) return null
  const [, sign, units, fraction = ""] = match
  if (rounding === "exact" && fraction.length > 2) return null
  let cents = BigInt(units) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, "0"))
  if (fraction.length > 2 && fraction[2] >= "5") cents += 1n
  return sign === "-" ? -cents : cents
}

/** Read off the number's shortest decimal text, exact up to two decimals; null for negatives and more decimals. */
export function decimalToCents(n: number): bigint | null {
  if (!Number.isFinite(n) || n < 0) return null
  return decimalTextToCents(n.toString(), "exact")
}

/** 123456n -> "1234.56" */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n
  const abs = negative ? -cents : cents
  const units = abs / 100n
  const rest = (abs % 100n).toString().padStart(2, "0")
  return `${negative ? "-" : ""}${units}.${rest}`
}

/** Integer cents to the JSON number the service expects (at most two decimals, exact). */
export function centsToDecimal(cents: bigint): number {
  return Number(formatCents(cents))
}
