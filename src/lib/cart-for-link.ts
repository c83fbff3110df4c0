/**
 * The cart a payment link is checked and built from, read with only the fields each check needs
 * (issue 17: every statement costs the server ~1.8 ms of CPU). The same object the general
 * `query.graph` on CART_PAYMENT_LINK_FIELDS gave, in 2 statements instead of 19:
 *
 * - the cart module's own rows with the totals in one statement (src/lib/cart-totals.ts);
 * - everything else the checks read in one more (src/lib/cart-link-reads.ts): the region's
 *   providers, the products' shipping profiles, the cart's promotion codes, the variants'
 *   inventory flags, the selected shipping options' profiles (`shipping_option_profiles`, for the
 *   shipping-profile check) and the payment collection's id, unless the caller already knows it
 *   (Medusa's payment-sessions route);
 * - the inventory graph only for variants that manage their inventory (a third statement then).
 * The collection's sessions are read only when a live link could be handed back (find-live-payment-link).
 */
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { cartWithTotals } from "./cart-totals"
import { readCartLinks } from "./cart-link-reads"

type Container = Pick<MedusaContainer, "resolve">

/** The cart's own columns; "total" makes the module add and load what the totals need. */
const CART_SELECT = [
  "id",
  "email",
  "currency_code",
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
const INVENTORY_FIELDS = [
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

type Variant = { id: string; manage_inventory?: boolean | null; allow_backorder?: boolean | null; [k: string]: unknown }

const unique = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))]

export async function readCartForLink(container: Container, cartId: string, paymentCollectionId?: string | null) {
  const cart = await cartWithTotals(container, cartId, CART_SELECT, ["billing_address", "shipping_address"])
  if (!cart) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart id not found: ${cartId}`)
  }
  const items: any[] = cart.items ?? []
  const links = await readCartLinks(container, {
    cart_id: cartId,
    region_id: cart.region_id,
    product_ids: unique(items.map((i) => i.product_id)),
    variant_ids: unique(items.map((i) => i.variant_id)),
    shipping_option_ids: unique((cart.shipping_methods ?? []).map((m: any) => m?.shipping_option_id)),
    payment_collection_id: paymentCollectionId,
  })
  const variants = await withInventory(container, links.variants)
  const variantOf = new Map(variants.map((v) => [v.id, v]))
  const profileOf = new Map(links.profiles.map((p) => [p.product_id, p.shipping_profile_id]))
  for (const item of items) {
    const variant = item.variant_id ? variantOf.get(item.variant_id) : undefined
    const profile = item.product_id ? profileOf.get(item.product_id) : undefined
    item.variant = variant ? { ...variant, product: { shipping_profile: profile ? { id: profile } : null } } : null
  }
  cart.region = { payment_providers: links.provider_ids.map((id) => ({ id })) }
  cart.promotions = links.promotion_codes.map((code) => ({ code }))
  cart.payment_collection = links.payment_collection_id ? { id: links.payment_collection_id } : null
  cart.shipping_option_profiles = Object.fromEntries(links.options.map((o) => [o.id, o.shipping_profile_id ?? null]))
  return cart
}

/** The inventory graph of the variants that manage their inventory (none: no statement). */
async function withInventory(container: Container, variants: Variant[]): Promise<Variant[]> {
  const managed = variants.filter((v) => v.manage_inventory).map((v) => v.id)
  if (!managed.length) return variants
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "product_variant", fields: INVENTORY_FIELDS, filters: { id: managed } })
  const full = new Map((data as Variant[]).map((v) => [v.id, v]))
  return variants.map((v) => full.get(v.id) ?? v)
}
