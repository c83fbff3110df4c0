import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { BENEFITS_MODULE } from "../../../../../modules/benefits"
import type BenefitsModuleService from "../../../../../modules/benefits/service"
import { storeRedemptionView } from "../../../../../lib/benefits/views"
import { echo } from "../../../../../lib/echo"
import { codedError } from "../../../../../lib/store-errors"
import { retrieveTransformQueryConfig as storeCartQueryConfig } from "@medusajs/medusa/api/store/carts/query-config"

/**
 * The cart fields these routes answer by default (`?fields=` asks for others, as on Medusa's cart
 * routes). `region_id` is here because a storefront's next call after applying a card lists the
 * region's payment providers (README section 13), and the answer's `cart` usually replaces its own.
 */
export const CART_BENEFIT_FIELDS = [
  "id",
  "region_id",
  "currency_code",
  "total",
  "subtotal",
  "item_total",
  "shipping_total",
  "tax_total",
  "discount_total",
  "promotions.code",
]

/**
 * The cart fields a storefront may ask for with `?fields=` on these routes: exactly those of
 * Medusa's own GET /store/carts/:id (its `allowed` list), plus the defaults above. Anything else
 * (the cart's benefit_redemptions with their card fingerprint and program codes, promotion rules
 * and campaigns, the sales channel and its publishable keys or stock locations, the region's
 * payment providers) is dropped from the query, as Medusa's store routes drop it: a storefront is
 * not signed in, and a cart id is all it takes to call these routes.
 */
export const CART_BENEFIT_ALLOWED_FIELDS = [...new Set([...storeCartQueryConfig.allowed, ...CART_BENEFIT_FIELDS])]

/** The answer of every /store/carts/:id/benefits route: the cart as it is now and its benefit. */
export async function refetchCartBenefit(scope: MedusaContainer, cartId: string, fields: string[] = CART_BENEFIT_FIELDS) {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields, filters: { id: cartId } })
  if (!data[0]) {
    throw codedError(MedusaError.Types.NOT_FOUND, "paylink.cart_not_found", `Cart ${echo(cartId)} was not found.`)
  }
  const current = await scope.resolve<BenefitsModuleService>(BENEFITS_MODULE).currentRedemption(cartId)
  return { cart: data[0], benefit: current ? storeRedemptionView(current) : null }
}
