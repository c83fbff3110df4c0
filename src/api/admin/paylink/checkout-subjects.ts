import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { CheckoutSubject } from "../../../types"

type Named = {
  email?: string | null
  customer?: { first_name?: string | null; last_name?: string | null } | null
  billing_address?: {
    first_name?: string | null
    last_name?: string | null
  } | null
}

/** "Ana López" from the billing address, else the customer's account; null when neither has a name. */
function nameOf(c: Named): string | null {
  for (const who of [c.billing_address, c.customer]) {
    const name = [who?.first_name, who?.last_name]
      .map((s) => (s ?? "").trim())
      .filter(Boolean)
      .join(" ")
    if (name) return name
  }
  return null
}

const NAME_FIELDS = [
  "email",
  "customer.first_name",
  "customer.last_name",
  "billing_address.first_name",
  "billing_address.last_name",
]

/**
 * Who and what each record is about, in the words the merchant knows: the customer's e-mail and
 * name, and the order's display number (or the draft order's). Two reads for the whole page, by id.
 */
export async function subjectsOf(
  scope: MedusaContainer,
  records: { id: string; cart_id?: string | null; order_id?: string | null }[]
): Promise<Map<string, CheckoutSubject>> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const unique = (ids: (string | null | undefined)[]) => [
    ...new Set(ids.filter((id): id is string => !!id)),
  ]
  const cartIds = unique(records.map((r) => r.cart_id))
  const orderIds = unique(records.map((r) => r.order_id))
  const [carts, orders] = await Promise.all([
    cartIds.length
      ? query.graph({
          entity: "cart",
          fields: ["id", ...NAME_FIELDS],
          filters: { id: cartIds },
        })
      : { data: [] },
    orderIds.length
      ? query.graph({
          entity: "order",
          fields: [
            "id",
            "display_id",
            "status",
            "is_draft_order",
            ...NAME_FIELDS,
          ],
          filters: { id: orderIds },
        })
      : { data: [] },
  ])
  const cartById = new Map<string, any>(carts.data.map((c: any) => [c.id, c]))
  const orderById = new Map<string, any>(orders.data.map((o: any) => [o.id, o]))
  const subjects = new Map<string, CheckoutSubject>()
  for (const r of records) {
    const order = r.order_id ? orderById.get(r.order_id) : undefined
    const cart = r.cart_id ? cartById.get(r.cart_id) : undefined
    const who: Named = order ?? cart ?? {}
    subjects.set(r.id, {
      email: who.email ?? cart?.email ?? null,
      name: nameOf(who) ?? (cart ? nameOf(cart) : null),
      order: order
        ? {
            id: order.id,
            display_id: order.display_id ?? null,
            draft: order.status === "draft" || order.is_draft_order === true,
          }
        : null,
    })
  }
  return subjects
}
