/**
 * Which goods the subscription provider may charge. Its link enrolls the customer in a recurring
 * charge of the whole amount (shipping included), so it is only for what the merchant sells by
 * subscription: a product marked `metadata.paylink_subscription = true` (all its variants) or a
 * variant marked so itself. Nothing is marked by default. The admin's product page sets the mark
 * (POST /admin/paylink/products/:id/subscription); Medusa's own metadata editor stores the same
 * boolean when given `true`.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { gatewayOfProvider } from "../../types/paylink"

export const SUBSCRIPTION_MARK = "paylink_subscription"

/** Only the boolean `true` marks: "monthly", 1 or "yes" are not a decision to charge every month. */
export function isMarkedForSubscription(metadata: Record<string, unknown> | null | undefined): boolean {
  return metadata?.[SUBSCRIPTION_MARK] === true
}

export function isSubscriptionProvider(providerId: string): boolean {
  return gatewayOfProvider(providerId) === "gateway_a_subscription"
}

/** A cart's or an order's line item, as ITEM_LINE_FIELDS reads it. */
export const ITEM_SUBSCRIPTION_FIELDS = ["items.id", "items.title", "items.product_title", "items.variant_title", "items.variant_id", "items.quantity"]

export type ItemForSubscription = {
  id?: string
  title?: string | null
  product_title?: string | null
  variant_title?: string | null
  variant_id?: string | null
  quantity?: unknown
}

/** How an item is named to the storefront and the merchant: `"Product (Variant)"`. */
export function itemName(item: ItemForSubscription): string {
  const title = item.product_title || item.title || "Item"
  return `"${item.variant_title ? `${title} (${item.variant_title})` : title}"`
}

/**
 * The names of the items not sold by subscription (each once), read from their variants' and
 * products' marks now, not from the line item: a mark removed in the admin counts at once. An item
 * with no variant (a custom line) is not sold by subscription.
 */
export async function itemsNotSoldBySubscription(
  container: MedusaContainer,
  items: readonly (ItemForSubscription | null | undefined)[]
): Promise<string[]> {
  const present = items.filter((i): i is ItemForSubscription => !!i && (i.quantity === undefined || Number(i.quantity) > 0))
  const variantIds = [...new Set(present.map((i) => i.variant_id).filter((id): id is string => !!id))]
  const marked = new Set<string>()
  if (variantIds.length) {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "product_variant",
      fields: ["id", "metadata", "product.metadata"],
      filters: { id: variantIds },
    })
    for (const v of data as { id: string; metadata?: Record<string, unknown> | null; product?: { metadata?: Record<string, unknown> | null } | null }[]) {
      if (isMarkedForSubscription(v.metadata) || isMarkedForSubscription(v.product?.metadata)) {
        marked.add(v.id)
      }
    }
  }
  const names = present.filter((i) => !i.variant_id || !marked.has(i.variant_id)).map(itemName)
  return [...new Set(names)]
}

/** Why the subscription provider is refused, starting with the field (the store routes' 400). */
export function notSoldBySubscriptionMessage(providerId: string, names: readonly string[]): string {
  return (
    `provider_id: ${providerId} charges again every period and is only for goods sold by subscription; ` +
    `not sold by subscription: ${names.join(", ")}. Pay these with another provider, or have the store mark them as sold by subscription.`
  )
}

/** The reason a providers list gives (no field: the provider is not chosen yet). */
export function notSoldBySubscriptionReason(names: readonly string[]): string {
  return `only for goods sold by subscription; not sold by subscription: ${names.join(", ")}`
}
