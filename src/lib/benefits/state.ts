/**
 * Whether a redemption still holds for its cart. The program authorized `discount` on `total`;
 * the promotion takes exactly `discount` off, so the cart's total must be `total - discount`.
 * Anything else means the cart changed after the authorization (or the promotion came off).
 */
import { toCents } from "../common/money"

export type RedemptionView = {
  discount: unknown
  total: unknown
  promotion_code?: string | null
}
export type CartView = {
  total: unknown
  promotions?: ({ code?: string | null } | null)[] | null
}

export type BenefitState = "current" | "stale" | "removed"

export function benefitStateOf(
  cart: CartView,
  redemption: RedemptionView
): BenefitState {
  const applied = (cart.promotions ?? []).some(
    (p) => p?.code && p.code === redemption.promotion_code
  )
  if (!applied) {
    return "removed"
  }
  const expected =
    toCents(redemption.total as string) - toCents(redemption.discount as string)
  return toCents(cart.total as string) === expected ? "current" : "stale"
}

export const STALE_MESSAGE =
  "The cart changed after the loyalty discount was authorized, so the discount was taken off: apply the benefit again."

export const MISMATCH_MESSAGE =
  "The cart changed after the loyalty discount was authorized and its total no longer matches the authorization: " +
  "remove the benefit (DELETE /store/carts/:id/benefits) or apply the benefit again before paying."
