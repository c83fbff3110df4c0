import { cartWithTotalsAndCodes } from "../cart/cart-totals"
import type { MedusaContainer } from "@medusajs/framework/types"
import { BENEFITS_MODULE } from "../../modules/benefits"
import type BenefitsModuleService from "../../modules/benefits/service"
import { benefitStateOf, MISMATCH_MESSAGE, type BenefitState } from "./state"

type Container = Pick<MedusaContainer, "resolve">

export type CartTotals = { id: string; total: unknown; completed_at?: unknown; promotions?: ({ code?: string | null } | null)[] | null }

/** The cart's total and promotion codes in 2 or 3 statements (src/lib/cart/cart-totals.ts). */
async function cartTotals(container: Container, cartId: string): Promise<CartTotals | null> {
  return ((await cartWithTotalsAndCodes(container, cartId, ["id", "total", "completed_at"])) as CartTotals | null) ?? null
}

/**
 * The cart's current redemption (authorized, else stale) and whether it still holds for the cart
 * as it is now. Read by the recheck step after a cart change.
 */
export async function cartBenefitState(container: Container, cartId: string) {
  const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
  const redemption = await benefits.currentRedemption(cartId)
  if (!redemption) {
    return null
  }
  const cart = await cartTotals(container, cartId)
  const state: BenefitState =
    redemption.status === "stale" ? "stale" : cart ? benefitStateOf(cart, redemption) : "removed"
  return { redemption, cart, state }
}

/**
 * Why the cart's loyalty benefit would make completing the cart wrong now, or null when it would
 * not. Only a loyalty promotion still on the cart matters: it must belong to an authorized
 * redemption whose authorized total the cart still shows. A stale or removed redemption whose
 * promotion is off the cart no longer discounts it, so it does not block a payment of the cart's
 * total. Used by the completion `validate` hook and by the payment-link checks.
 */
export async function benefitCompletionProblem(
  container: Container,
  cartId: string,
  /** The cart as the caller just read it (id, total, completed_at, promotions.code): saves reading it again. */
  known?: CartTotals | null
): Promise<string | null> {
  const cart = known && known.id === cartId && Array.isArray(known.promotions) ? known : await cartTotals(container, cartId)
  if (!cart) {
    return null
  }
  const codes = (cart.promotions ?? []).map((p) => p?.code).filter((c): c is string => !!c)
  if (!codes.length) {
    return null
  }
  const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
  const onCart = await benefits.listBenefitRedemptions({ cart_id: cartId, promotion_code: codes })
  for (const redemption of onCart) {
    if (redemption.status !== "authorized" || benefitStateOf(cart, redemption) !== "current") {
      return MISMATCH_MESSAGE
    }
  }
  return null
}
