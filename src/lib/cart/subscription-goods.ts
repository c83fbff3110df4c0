/**
 * Which goods the subscription provider may charge: its link enrolls the customer in a recurring
 * charge of the whole amount, so only a product or variant the merchant marked
 * `metadata.paylink_subscription = true`. Nothing is marked by default.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { gatewayOfProvider } from "../../types/paylink"

export const SUBSCRIPTION_MARK = "paylink_subscription"

/** Only the boolean `true` marks: "monthly", 1 or "yes" are not a decision to charge every month. */
export function isMarkedForSubscription(
  metadata: Record<string, unknown> | null | undefined
): boolean {
  return metadata?.[SUBSCRIPTION_MARK] === true
}

export function isSubscriptionProvider(providerId: string): boolean {
  return gatewayOfProvider(providerId) === "gateway_a_subscription"
}

export const ITEM_SUBSCRIPTION_FIELDS = [
  "items.id",
  "items.title",
  "items.product_title",
  "items.variant_title",
  "items.variant_id",
  "items.quantity",
]

export type ItemForSubscription = {
  id?: string
  title?: string | null
  product_title?: string | null
  variant_title?: string | null
  variant_id?: string | null
  quantity?: unknown
}

/** `"Product (Variant)"`. */
export function itemName(item: ItemForSubscription): string {
  const title = item.product_title || item.title || "Item"
  return `"${item.variant_title ? `${title} (${item.variant_title})` : title}"`
}

/** Read from the variants' and products' marks now, not the line item: a mark removed in the admin counts at once. */
export async function itemsNotSoldBySubscription(
  container: MedusaContainer,
  items: readonly (ItemForSubscription | null | undefined)[]
): Promise<string[]> {
  const present = items.filter(
    (i): i is ItemForSubscription =>
      !!i && (i.quantity === undefined || Number(i.quantity) > 0)
  )
  const variantIds = [
    ...new Set(
      present.map((i) => i.variant_id).filter((id): id is string => !!id)
    ),
  ]
  const marked = new Set<string>()
  if (variantIds.length) {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "product_variant",
      fields: ["id", "metadata", "product.metadata"],
      filters: { id: variantIds },
    })
    for (const v of data as {
      id: string
      metadata?: Record<string, unknown> | null
      product?: { metadata?: Record<string, unknown> | null } | null
    }[]) {
      if (
        isMarkedForSubscription(v.metadata) ||
        isMarkedForSubscription(v.product?.metadata)
      ) {
        marked.add(v.id)
      }
    }
  }
  const names = present
    .filter((i) => !i.variant_id || !marked.has(i.variant_id))
    .map(itemName)
  return [...new Set(names)]
}

export function notSoldBySubscriptionMessage(
  providerId: string,
  names: readonly string[]
): string {
  return (
    `provider_id: ${providerId} charges again every period and is only for goods sold by subscription; ` +
    `not sold by subscription: ${names.join(", ")}. Pay these with another provider, or have the store mark them as sold by subscription.`
  )
}

export function notSoldBySubscriptionReason(names: readonly string[]): string {
  return `only for goods sold by subscription; not sold by subscription: ${names.join(", ")}`
}
