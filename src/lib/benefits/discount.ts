/**
 * How much a benefit rule takes off a cart, in integer cents, computed on the server from the
 * merchant's rule and the cart's total: the storefront never says how much.
 */
export type RuleTerms = {
  kind: "percentage" | "fixed"
  /** Percent (e.g. 10 = 10 %) or an amount in cents, by `kind`. */
  value: number | bigint
  capCents?: bigint | null
  minTotalCents?: bigint | null
}

export function computeDiscountCents(terms: RuleTerms, totalCents: bigint): bigint {
  let discount: bigint
  if (terms.kind === "percentage") {
    // Basis points keep two decimals of percentage exact: 12.5 % -> 1250 bp. Rounded half up.
    const bp = BigInt(Math.round(Number(terms.value) * 100))
    discount = (totalCents * bp + 5_000n) / 10_000n
  } else {
    discount = BigInt(terms.value)
  }
  if (terms.capCents != null && discount > terms.capCents) {
    discount = terms.capCents
  }
  // Never more than the cart: the program authorizes what is actually deducted.
  return discount > totalCents ? totalCents : discount
}
