/**
 * A cart with Medusa's totals in as few statements as the cart module allows: its `listCarts` with
 * the "joined" strategy computes them in one where `query.graph` takes 8. Promotion codes come from
 * the link table, and from the promotion module only when there are some.
 */
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"

type Container = Pick<MedusaContainer, "resolve">

/** A total field in `select` ("total") makes the module compute the totals; null when there is no cart. */
export async function cartWithTotals(
  container: Container,
  cartId: string,
  select: string[],
  relations: string[] = []
) {
  const [cart] = await container
    .resolve(Modules.CART)
    .listCarts(
      { id: cartId },
      { select, relations, options: { strategy: "joined" } }
    )
  return (cart as unknown as Record<string, any> | undefined) ?? null
}

/** The cart's promotions with their codes, as `promotions.code` of query.graph gives them (it adds the id). */
export async function cartPromotionCodes(
  container: Container,
  cartId: string
): Promise<{ id: string; code: string | null }[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart_promotion",
    fields: ["promotion_id"],
    filters: { cart_id: cartId },
  })
  const ids = [
    ...new Set(
      (data as { promotion_id?: string | null }[])
        .map((l) => l.promotion_id)
        .filter((id): id is string => !!id)
    ),
  ]
  if (!ids.length) return []
  const found = await container
    .resolve(Modules.PROMOTION)
    .listPromotions({ id: ids }, { select: ["id", "code"] })
  return found.map((p) => ({ id: p.id, code: p.code ?? null }))
}

export async function cartWithTotalsAndCodes(
  container: Container,
  cartId: string,
  select: string[],
  relations: string[] = []
) {
  const [cart, promotions] = await Promise.all([
    cartWithTotals(container, cartId, select, relations),
    cartPromotionCodes(container, cartId),
  ])
  return cart ? Object.assign(cart, { promotions }) : null
}
