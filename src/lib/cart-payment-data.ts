/**
 * The payment-link session data, built once on the server from the cart: the customer's billing,
 * gateway B's order lines in integer cents, a description, and which cart and provider the link is
 * for. Guests carry no customer in Medusa's provider input, so this is where a guest checkout gets
 * its billing; and because it comes from the cart, nothing in it can be set by the storefront.
 */
import { toCents } from "./money"
import { cartOrderLines, ITEM_LINE_FIELDS, type CartItemForLines, type CentsLine } from "./order-lines"

export type AddressForBilling = {
  first_name?: string | null
  last_name?: string | null
  phone?: string | null
  address_1?: string | null
  address_2?: string | null
  city?: string | null
  metadata?: Record<string, unknown> | null
}

export type CartForPayment = {
  id: string
  email?: string | null
  billing_address?: AddressForBilling | null
  items?: (CartItemForLines | null)[] | null
  shipping_total?: unknown
}

/** What the provider receives as `data` for a new link. */
export type PaylinkSessionInput = {
  cart_id: string
  provider_id: string
  billing: Record<string, string>
  order_lines: CentsLine[]
  description?: string
}

/** The cart fields `buildSessionData` reads, for query.graph. */
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
  ...ITEM_LINE_FIELDS,
  "payment_collection.id",
]

/**
 * What link creation reads in one query: the payment data, what cart completion checks (shipping,
 * addresses, the region's providers, inventory), and the payment sessions already on the cart.
 */
export const CART_PAYMENT_LINK_FIELDS = [
  ...CART_PAYMENT_FIELDS,
  "sales_channel_id",
  // The benefit check reads the promotion codes with the total (validate-cart-for-payment-link).
  "promotions.code",
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

const present = (v: unknown): v is string => typeof v === "string" && v.trim() !== ""

const BILLING_KEYS = ["name", "surname", "email", "phone", "address", "taxId"] as const

const pickBilling = (source: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(BILLING_KEYS.filter((k) => present(source[k])).map((k) => [k, (source[k] as string).trim()]))

/** The gateway form's billing from an address and an e-mail (a cart's or an order's). */
export function billingFrom(address: AddressForBilling | null, email: string | null): Record<string, string> {
  return pickBilling({
    name: address?.first_name,
    surname: address?.last_name,
    email,
    phone: address?.phone,
    address: [address?.address_1, address?.address_2, address?.city].filter(present).join(", "),
    // Guatemala's NIT, when the storefront keeps it on the billing address; none for a final consumer.
    taxId: address?.metadata?.tax_id,
  })
}

/**
 * `fallbackBilling`: billing the storefront sent, used only for what the cart lacks when the cart
 * has no billing names (it only fills the gateway's form; the cart's e-mail always wins).
 */
export function buildSessionData(
  cart: CartForPayment,
  providerId: string,
  fallbackBilling?: Record<string, unknown> | null
): PaylinkSessionInput {
  const fromCart = billingFrom(cart.billing_address ?? null, cart.email ?? null)
  const complete = present(fromCart.name) && present(fromCart.surname) && present(fromCart.email)
  const billing = complete || !fallbackBilling ? fromCart : pickBilling({ ...fallbackBilling, ...fromCart })
  const items = (cart.items ?? []).filter((i): i is CartItemForLines => !!i)
  const count = items.reduce((n, i) => n + Number(i.quantity || 0), 0)
  const first = items[0]?.product_title ?? items[0]?.title
  const description = first
    ? `${first}${count > 1 ? ` and ${count - 1} more item${count > 2 ? "s" : ""}` : ""}`
    : undefined
  return {
    cart_id: cart.id,
    provider_id: providerId,
    billing,
    order_lines: cartOrderLines(items, cart.shipping_total ? toCents(cart.shipping_total as string) : 0n),
    ...(description ? { description } : {}),
  }
}
