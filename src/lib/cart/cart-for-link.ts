/**
 * The cart a payment link is checked and built from, read with only the fields each check needs:
 * the object `query.graph` on CART_PAYMENT_LINK_FIELDS gave, in 5 to 6 statements instead of 19
 * (docs/architecture.md#statement-counts).
 */
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { cartPromotionCodes, cartWithTotals } from "./cart-totals"

type Container = Pick<MedusaContainer, "resolve">

/** The cart's own columns; "total" makes the module add and load what the totals need. */
const CART_SELECT = [
  "id",
  "email",
  "currency_code",
  "locale",
  "completed_at",
  "customer_id",
  "region_id",
  "sales_channel_id",
  "total",
  "shipping_total",
  "billing_address.first_name",
  "billing_address.last_name",
  "billing_address.phone",
  "billing_address.address_1",
  "billing_address.address_2",
  "billing_address.city",
  "billing_address.metadata",
  "shipping_address.address_1",
  "shipping_address.country_code",
]

/** What the inventory check (Medusa's confirmVariantInventoryWorkflow) reads of a managed variant. */
export const INVENTORY_FIELDS = [
  "id",
  "manage_inventory",
  "allow_backorder",
  "inventory_items.inventory_item_id",
  "inventory_items.required_quantity",
  "inventory_items.inventory.location_levels.stocked_quantity",
  "inventory_items.inventory.location_levels.reserved_quantity",
  "inventory_items.inventory.location_levels.raw_stocked_quantity",
  "inventory_items.inventory.location_levels.raw_reserved_quantity",
  "inventory_items.inventory.location_levels.location_id",
  "inventory_items.inventory.location_levels.stock_locations.id",
  "inventory_items.inventory.location_levels.stock_locations.sales_channels.id",
]

type Variant = {
  id: string
  manage_inventory?: boolean | null
  allow_backorder?: boolean | null
  [k: string]: unknown
}

const unique = (values: (string | null | undefined)[]) => [
  ...new Set(values.filter((v): v is string => !!v)),
]

export async function readCartForLink(
  container: Container,
  cartId: string,
  paymentCollectionId?: string | null
) {
  const cart = await cartWithTotals(container, cartId, CART_SELECT, [
    "billing_address",
    "shipping_address",
  ])
  if (!cart) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Cart id not found: ${cartId}`
    )
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const items: any[] = cart.items ?? []
  const variantIds = unique(items.map((i) => i.variant_id))
  const productIds = unique(items.map((i) => i.product_id))
  const [providers, variants, profiles, promotions, collectionId] =
    await Promise.all([
      cart.region_id
        ? query
            .graph({
              entity: "region_payment_provider",
              fields: ["payment_provider_id"],
              filters: { region_id: cart.region_id },
            })
            .then((r) => r.data)
        : [],
      variantsOf(container, variantIds),
      productIds.length
        ? query
            .graph({
              entity: "product_shipping_profile",
              fields: ["product_id", "shipping_profile_id"],
              filters: { product_id: productIds },
            })
            .then((r) => r.data)
        : [],
      cartPromotionCodes(container, cartId),
      paymentCollectionId
        ? paymentCollectionId
        : query
            .graph({
              entity: "cart_payment_collection",
              fields: ["payment_collection_id"],
              filters: { cart_id: cartId },
            })
            .then((r) => r.data[0]?.payment_collection_id ?? null),
    ])
  const variantOf = new Map(variants.map((v) => [v.id, v]))
  const profileOf = new Map(
    (profiles as any[]).map((p) => [p.product_id, p.shipping_profile_id])
  )
  for (const item of items) {
    const variant = item.variant_id ? variantOf.get(item.variant_id) : undefined
    const profile = item.product_id ? profileOf.get(item.product_id) : undefined
    item.variant = variant
      ? {
          ...variant,
          product: { shipping_profile: profile ? { id: profile } : null },
        }
      : null
  }
  cart.region = {
    payment_providers: (providers as any[]).map((p) => ({
      id: p.payment_provider_id,
    })),
  }
  cart.promotions = promotions
  cart.payment_collection = collectionId ? { id: collectionId } : null
  return cart
}

/** The inventory graph only for the variants that manage it. */
async function variantsOf(
  container: Container,
  ids: string[]
): Promise<Variant[]> {
  if (!ids.length) return []
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "product_variant",
    fields: ["id", "manage_inventory", "allow_backorder"],
    filters: { id: ids },
  })
  const managed = (data as Variant[])
    .filter((v) => v.manage_inventory)
    .map((v) => v.id)
  if (!managed.length) return data as Variant[]
  const { data: withInventory } = await query.graph({
    entity: "product_variant",
    fields: INVENTORY_FIELDS,
    filters: { id: managed },
  })
  const full = new Map((withInventory as Variant[]).map((v) => [v.id, v]))
  return (data as Variant[]).map((v) => full.get(v.id) ?? v)
}
