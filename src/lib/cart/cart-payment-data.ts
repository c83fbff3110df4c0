/**
 * The payment-link session data, built once on the server from the cart: billing, gateway B's order
 * lines in cents, a description, the cart and provider. Guests carry no customer in Medusa's provider
 * input, and nothing here can be set by the storefront.
 */
import { toCents } from "../common/money"
import { cartDescription, gatewayTextLanguage } from "../common/gateway-text"
import type { Lang } from "../common/language"
import {
  cartOrderLines,
  type CartItemForLines,
  type CentsLine,
} from "../order-links/order-lines"

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
  currency_code?: string | null
  /** Medusa's stored locale of the cart ("es-GT"), when the storefront set one. */
  locale?: string | null
  billing_address?: AddressForBilling | null
  items?: (CartItemForLines | null)[] | null
  shipping_total?: unknown
}

/**
 * `text`: the language of what goes to the gateway (the option `gatewayTextLanguage`, already
 * resolved, else `gatewayTextLanguage`'s default for this cart); `shopper`: the customer's language
 * at checkout, signed into the return address so the return pages speak it.
 */
export type SessionLanguages = { text?: Lang; shopper?: Lang }

export type PaylinkSessionInput = {
  cart_id: string
  provider_id: string
  billing: Record<string, string>
  order_lines: CentsLine[]
  description?: string
  /** The language of `description` and the lines' names (the provider writes its own words in it). */
  text_lang: Lang
  /** The shopper's language, when known: signed into the return address. */
  lang?: Lang
}

const present = (v: unknown): v is string =>
  typeof v === "string" && v.trim() !== ""

const BILLING_KEYS = [
  "name",
  "surname",
  "email",
  "phone",
  "address",
  "taxId",
] as const

const pickBilling = (source: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    BILLING_KEYS.filter((k) => present(source[k])).map((k) => [
      k,
      (source[k] as string).trim(),
    ])
  )

/** The gateway form's billing from an address and an e-mail (a cart's or an order's). */
export function billingFrom(
  address: AddressForBilling | null,
  email: string | null
): Record<string, string> {
  return pickBilling({
    name: address?.first_name,
    surname: address?.last_name,
    email,
    phone: address?.phone,
    address: [address?.address_1, address?.address_2, address?.city]
      .filter(present)
      .join(", "),
    // Guatemala's NIT, when the storefront keeps it on the billing address; none for a final consumer.
    taxId: address?.metadata?.tax_id,
  })
}

/** `fallbackBilling`: the storefront's, only when the cart has no billing names; the cart's e-mail always wins. */
export function buildSessionData(
  cart: CartForPayment,
  providerId: string,
  fallbackBilling?: Record<string, unknown> | null,
  languages: SessionLanguages = {}
): PaylinkSessionInput {
  const text =
    languages.text ?? gatewayTextLanguage(null, cart.locale, cart.currency_code)
  const fromCart = billingFrom(cart.billing_address ?? null, cart.email ?? null)
  const complete =
    present(fromCart.name) &&
    present(fromCart.surname) &&
    present(fromCart.email)
  const billing =
    complete || !fallbackBilling
      ? fromCart
      : pickBilling({ ...fallbackBilling, ...fromCart })
  const items = (cart.items ?? []).filter((i): i is CartItemForLines => !!i)
  const count = items.reduce((n, i) => n + Number(i.quantity || 0), 0)
  const first = items[0]?.product_title ?? items[0]?.title
  const description = first ? cartDescription(text, first, count) : undefined
  return {
    cart_id: cart.id,
    provider_id: providerId,
    billing,
    order_lines: cartOrderLines(
      items,
      cart.shipping_total ? toCents(cart.shipping_total as string) : 0n,
      text
    ),
    ...(description ? { description } : {}),
    text_lang: text,
    ...(languages.shopper ? { lang: languages.shopper } : {}),
  }
}
