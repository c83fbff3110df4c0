import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { BENEFITS_MODULE } from "../../../../../modules/benefits"
import type BenefitsModuleService from "../../../../../modules/benefits/service"
import { storeRedemptionView } from "../../../../../lib/benefits/views"
import { echo } from "../../../../../lib/common/echo"
import { codedError } from "../../../../../lib/common/store-errors"
import { cartWithTotalsAndCodes } from "../../../../../lib/cart/cart-totals"
import { retrieveTransformQueryConfig as storeCartQueryConfig } from "@medusajs/medusa/api/store/carts/query-config"

/**
 * The cart fields these routes answer by default (`?fields=` asks for others). `region_id` because a
 * storefront's next call lists the region's payment providers, and this `cart` usually replaces its own.
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
 * The fields a storefront may ask for: Medusa's own GET /store/carts/:id `allowed` list plus the
 * defaults. Anything else (card fingerprints, program codes, publishable keys…) is dropped, as on
 * Medusa's store routes: a cart id is all it takes to call these routes.
 */
export const CART_BENEFIT_ALLOWED_FIELDS = [
  ...new Set([...storeCartQueryConfig.allowed, ...CART_BENEFIT_FIELDS]),
]

/** The answer of every /store/carts/:id/benefits route: the cart as it is now and its benefit. */
export async function refetchCartBenefit(
  scope: MedusaContainer,
  cartId: string,
  fields: string[] = CART_BENEFIT_FIELDS
) {
  const [cart, current] = await Promise.all([
    isDefault(fields)
      ? defaultCart(scope, cartId)
      : cartWithFields(scope, cartId, fields),
    scope
      .resolve<BenefitsModuleService>(BENEFITS_MODULE)
      .currentRedemption(cartId),
  ])
  if (!cart) {
    throw codedError(
      MedusaError.Types.NOT_FOUND,
      "paylink.cart_not_found",
      `Cart ${echo(cartId)} was not found.`
    )
  }
  return { cart, benefit: current ? storeRedemptionView(current) : null }
}

const isDefault = (fields: string[]) =>
  fields.length === CART_BENEFIT_FIELDS.length &&
  CART_BENEFIT_FIELDS.every((f) => fields.includes(f))

async function cartWithFields(
  scope: MedusaContainer,
  cartId: string,
  fields: string[]
) {
  const { data } = await scope
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "cart", fields, filters: { id: cartId } })
  return data[0] ?? null
}

/** The default fields in 2 or 3 statements where the general query takes 10. */
async function defaultCart(scope: MedusaContainer, cartId: string) {
  const columns = CART_BENEFIT_FIELDS.filter((f) => !f.includes("."))
  const cart = await cartWithTotalsAndCodes(scope, cartId, columns)
  if (!cart) return null
  return {
    ...Object.fromEntries(columns.map((c) => [c, cart[c] ?? null])),
    promotions: cart.promotions,
  }
}
