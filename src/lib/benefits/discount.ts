/**
 * How much a benefit rule takes off a cart, in integer cents, computed on the server. A percentage is
 * computed on the goods only or on the cart's total (goods and shipping), as the rule says; the
 * program is told the cart's total either way. The order-level promotion discounts items only, so a
 * discount above the items' discountable total is refused before any call
 * (docs/architecture.md#the-discount).
 */
import { toCents } from "../common/money"
import type { BenefitAppliesTo } from "../../types/benefits"

export type RuleTerms = {
  kind: "percentage" | "fixed"
  /** Percent (e.g. 10 = 10 %) or an amount in cents, by `kind`. */
  value: number | bigint
  /** What a percentage is computed on; ignored by a fixed amount. */
  appliesTo: BenefitAppliesTo
  capCents?: bigint | null
  minTotalCents?: bigint | null
}

export type CartAmounts = {
  /** What the program is told the purchase is: the cart's total, shipping and taxes included. */
  totalCents: bigint
  /** What an order-level promotion can take off: discountable items after other discounts. */
  discountableCents: bigint
}

export type DiscountDecision =
  | { ok: true; discountCents: bigint }
  | { ok: false; reason: "below_minimum"; discountCents: 0n }
  | { ok: false; reason: "no_discount"; discountCents: bigint }
  | { ok: false; reason: "exceeds_discountable"; discountCents: bigint }

/**
 * The amount a percentage is taken of: the discountable goods (after other discounts, taxes
 * included), or the cart's total with shipping and taxes. Never more than the total.
 */
export function discountBasisCents(
  appliesTo: BenefitAppliesTo,
  cart: CartAmounts
): bigint {
  if (appliesTo === "items") {
    return cart.discountableCents < cart.totalCents
      ? cart.discountableCents
      : cart.totalCents
  }
  return cart.totalCents
}

/**
 * Before any check against the cart. `basisCents` is what a percentage is taken of
 * (`discountBasisCents`); a fixed amount ignores it.
 */
export function computeDiscountCents(
  terms: Omit<RuleTerms, "appliesTo">,
  basisCents: bigint
): bigint {
  let discount: bigint
  if (terms.kind === "percentage") {
    // Basis points keep two decimals of percentage exact: 12.5 % -> 1250 bp. Rounded half up,
    // once, on the whole basis: the promotion then splits this exact amount across the items.
    const bp = BigInt(Math.round(Number(terms.value) * 100))
    discount = basisCents > 0n ? (basisCents * bp + 5_000n) / 10_000n : 0n
  } else {
    discount = BigInt(terms.value)
  }
  if (terms.capCents != null && discount > terms.capCents) {
    discount = terms.capCents
  }
  return discount
}

/**
 * Never clipped: a discount the promotion could only take in part would leave the program's
 * authorization and the cart's total disagreeing, so it is refused instead.
 */
export function decideDiscount(
  terms: RuleTerms,
  cart: CartAmounts
): DiscountDecision {
  // The minimum is the cart's total (shipping included) whatever the percentage is computed on.
  if (terms.minTotalCents != null && cart.totalCents < terms.minTotalCents) {
    return { ok: false, reason: "below_minimum", discountCents: 0n }
  }
  const discountCents = computeDiscountCents(
    terms,
    discountBasisCents(terms.appliesTo, cart)
  )
  if (discountCents <= 0n) {
    return { ok: false, reason: "no_discount", discountCents }
  }
  // The discountable amount is never more than the total; checked against both all the same.
  const most =
    cart.discountableCents < cart.totalCents
      ? cart.discountableCents
      : cart.totalCents
  if (discountCents > most) {
    return { ok: false, reason: "exceeds_discountable", discountCents }
  }
  return { ok: true, discountCents }
}

type DiscountableItem = {
  is_discountable?: boolean | null
  /** The item's total after its adjustments, taxes included (what a tax-inclusive promotion sees). */
  total?: unknown
}

/** What an order-level promotion can take off: discountable items only, as Medusa's promotion module does. */
export function discountableCents(
  items: (DiscountableItem | null | undefined)[]
): bigint {
  let sum = 0n
  for (const item of items) {
    if (!item || item.is_discountable === false) {
      continue
    }
    const cents = toCents((item.total ?? 0) as string)
    if (cents > 0n) {
      sum += cents
    }
  }
  return sum
}
