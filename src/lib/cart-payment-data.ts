/**
 * Session data built on the server from the cart: the customer's billing, gateway B's item lines
 * and a description. Guests carry no customer in Medusa's provider input, so this is where a
 * guest checkout gets its billing; and because it comes from the cart, nothing in it can be set
 * by the storefront.
 */
import { toCents, centsToDecimal } from "./money"

export type CartForPayment = {
  id: string
  email?: string | null
  billing_address?: {
    first_name?: string | null
    last_name?: string | null
    phone?: string | null
    company?: string | null
    address_1?: string | null
    address_2?: string | null
    city?: string | null
    metadata?: Record<string, unknown> | null
  } | null
  items?: Array<{
    id: string
    title?: string | null
    product_title?: string | null
    variant_title?: string | null
    variant_sku?: string | null
    variant_id?: string | null
    quantity: number | string
    total?: unknown
  } | null> | null
  shipping_total?: unknown
}

/** The cart fields `buildPaymentDataFromCart` reads, for query.graph. */
export const CART_PAYMENT_FIELDS = [
  "id",
  "email",
  "currency_code",
  "completed_at",
  "total",
  "shipping_total",
  "customer_id",
  "region_id",
  "billing_address.*",
  "items.id",
  "items.title",
  "items.product_title",
  "items.variant_title",
  "items.variant_sku",
  "items.variant_id",
  "items.quantity",
  "items.total",
  "payment_collection.id",
]

/**
 * What link creation reads in one query: the payment data, what cart completion checks (shipping,
 * addresses, the region's providers, inventory), and the payment sessions already on the cart.
 */
export const CART_PAYMENT_LINK_FIELDS = [
  ...CART_PAYMENT_FIELDS,
  "sales_channel_id",
  "shipping_address.address_1",
  "shipping_address.country_code",
  "region.payment_providers.id",
  "shipping_methods.shipping_option_id",
  "items.requires_shipping",
  "items.variant.id",
  "items.variant.product.shipping_profile.id",
  "items.variant.manage_inventory",
  "items.variant.allow_backorder",
  "items.variant.inventory_items.inventory_item_id",
  "items.variant.inventory_items.required_quantity",
  "items.variant.inventory_items.inventory.location_levels.stocked_quantity",
  "items.variant.inventory_items.inventory.location_levels.reserved_quantity",
  "items.variant.inventory_items.inventory.location_levels.raw_stocked_quantity",
  "items.variant.inventory_items.inventory.location_levels.raw_reserved_quantity",
  "items.variant.inventory_items.inventory.location_levels.location_id",
  "items.variant.inventory_items.inventory.location_levels.stock_locations.id",
  "items.variant.inventory_items.inventory.location_levels.stock_locations.sales_channels.id",
  "payment_collection.amount",
  "payment_collection.payment_sessions.id",
  "payment_collection.payment_sessions.provider_id",
  "payment_collection.payment_sessions.amount",
  "payment_collection.payment_sessions.currency_code",
  "payment_collection.payment_sessions.status",
  "payment_collection.payment_sessions.data",
]

type Line = { reference: string; name: string; qty: number; price: string }

/**
 * One item becomes one line when its total divides evenly by its quantity, else two lines whose
 * unit prices differ by one cent, so that every sum stays exact.
 */
function itemLines(item: NonNullable<NonNullable<CartForPayment["items"]>[number]>): Line[] {
  const qty = Number(item.quantity)
  if (!Number.isInteger(qty) || qty <= 0 || item.total === undefined || item.total === null) {
    return []
  }
  const total = toCents(item.total as string)
  const reference = item.variant_sku || item.variant_id || item.id
  const name = [item.product_title ?? item.title, item.variant_title].filter(Boolean).join(" - ") || "Item"
  const unit = total / BigInt(qty)
  const remainder = Number(total - unit * BigInt(qty))
  const lines: Line[] = []
  if (qty - remainder > 0) {
    lines.push({ reference, name, qty: qty - remainder, price: centsToDecimal(unit).toFixed(2) })
  }
  if (remainder > 0) {
    lines.push({ reference, name, qty: remainder, price: centsToDecimal(unit + 1n).toFixed(2) })
  }
  return lines
}

/**
 * `fallbackBilling`: billing the storefront sent, used only for what the cart lacks (it only fills
 * the gateway's form).
 */
export function buildPaymentDataFromCart(cart: CartForPayment, fallbackBilling?: Record<string, unknown> | null) {
  const address = cart.billing_address
  const billing = {
    name: address?.first_name ?? undefined,
    surname: address?.last_name ?? undefined,
    email: cart.email ?? undefined,
    phone: address?.phone ?? undefined,
    address: [address?.address_1, address?.address_2, address?.city].filter(Boolean).join(", ") || undefined,
    // Guatemala's NIT; "CF" (consumidor final) when the customer gives none.
    taxId: typeof address?.metadata?.tax_id === "string" ? (address.metadata.tax_id as string) : undefined,
  }
  const items = (cart.items ?? []).filter((i): i is NonNullable<typeof i> => !!i)
  const order_items: Line[] = items.flatMap(itemLines)
  const shipping = cart.shipping_total ? toCents(cart.shipping_total as string) : 0n
  if (shipping > 0n) {
    order_items.push({ reference: "shipping", name: "Shipping", qty: 1, price: centsToDecimal(shipping).toFixed(2) })
  }
  const count = items.reduce((n, i) => n + Number(i.quantity || 0), 0)
  const first = items[0]?.product_title ?? items[0]?.title
  const description = first
    ? `${first}${count > 1 ? ` and ${count - 1} more item${count > 2 ? "s" : ""}` : ""}`
    : undefined
  const fromCart = Object.fromEntries(Object.entries(billing).filter(([, v]) => v !== undefined && v !== ""))
  const complete = ["name", "surname", "email"].every((k) => k in fromCart)
  return {
    cart_id: cart.id,
    billing: complete || !fallbackBilling ? fromCart : { ...fallbackBilling, ...fromCart },
    order_items,
    description,
  }
}
