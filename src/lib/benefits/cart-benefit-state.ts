import { cartWithTotalsAndCodes } from "../cart/cart-totals"
import type { MedusaContainer } from "@medusajs/framework/types"
import { BENEFITS_MODULE } from "../../modules/benefits"
import type BenefitsModuleService from "../../modules/benefits/service"
import { benefitStateOf, MISMATCH_MESSAGE, type BenefitState } from "./state"

type Container = Pick<MedusaContainer, "resolve">

export type CartTotals = {
  id: string
  total: unknown
  completed_at?: unknown
  promotions?: ({ code?: string | null } | null)[] | null
}

/** In 2 or 3 statements. */
async function cartTotals(
  container: Container,
  cartId: string
): Promise<CartTotals | null> {
  return (
    ((await cartWithTotalsAndCodes(container, cartId, [
      "id",
      "total",
      "completed_at",
    ])) as CartTotals | null) ?? null
  )
}

/** The cart's current redemption (authorized, else stale) and whether it still holds for the cart now. */
export async function cartBenefitState(container: Container, cartId: string) {
  const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
  const redemption = await benefits.currentRedemption(cartId)
  if (!redemption) {
    return null
  }
  const cart = await cartTotals(container, cartId)
  const state: BenefitState =
    redemption.status === "stale"
      ? "stale"
      : cart
        ? benefitStateOf(cart, redemption)
        : "removed"
  return { redemption, cart, state }
}

/**
 * Why the cart's loyalty benefit would make completing it wrong now: a loyalty promotion still on
 * the cart whose authorization no longer matches its total. A promotion already off does not block.
 */
export async function benefitCompletionProblem(
  container: Container,
  cartId: string,
  /** The cart as the caller just read it: saves reading it again. */
  known?: CartTotals | null
): Promise<string | null> {
  const cart =
    known && known.id === cartId && Array.isArray(known.promotions)
      ? known
      : await cartTotals(container, cartId)
  if (!cart) {
    return null
  }
  const codes = (cart.promotions ?? [])
    .map((p) => p?.code)
    .filter((c): c is string => !!c)
  if (!codes.length) {
    return null
  }
  const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
  const onCart = await benefits.listBenefitRedemptions({
    cart_id: cartId,
    promotion_code: codes,
  })
  for (const redemption of onCart) {
    if (
      redemption.status !== "authorized" ||
      benefitStateOf(cart, redemption) !== "current"
    ) {
      return MISMATCH_MESSAGE
    }
  }
  return null
}
