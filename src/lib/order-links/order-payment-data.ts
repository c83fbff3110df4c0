/**
 * The session data of an admin payment link, built on the server from the order (or draft order).
 * It charges the outstanding amount; when that is the whole order, the items are itemised.
 */
import { toCents } from "../common/money"
import {
  cartOrderLines,
  ITEM_LINE_FIELDS,
  type CartItemForLines,
  type CentsLine,
} from "./order-lines"
import { billingFrom, type AddressForBilling } from "../cart/cart-payment-data"
import { withUsableTaxId } from "../cart/tax-id"
import { gatewayTextLanguage, orderDescription } from "../common/gateway-text"
import { langOfTag, type Lang } from "../common/language"

export type OrderForPayment = {
  id: string
  display_id?: number | null
  status: string
  is_draft_order?: boolean | null
  email?: string | null
  currency_code: string
  /** Medusa's stored locale of the order (its cart's), when the storefront set one. */
  locale?: string | null
  region_id?: string | null
  total?: unknown
  shipping_total?: unknown
  summary?: { pending_difference?: unknown } | null
  billing_address?: AddressForBilling | null
  shipping_address?: AddressForBilling | null
  items?: (CartItemForLines | null)[] | null
  payment_collections?:
    | ({
        payments?:
          | ({
              provider_id: string
              captured_at?: unknown
              canceled_at?: unknown
            } | null)[]
          | null
      } | null)[]
    | null
}

export const ORDER_PAYMENT_LINK_FIELDS = [
  "id",
  "display_id",
  "status",
  "is_draft_order",
  "email",
  "currency_code",
  "locale",
  "region_id",
  "total",
  "shipping_total",
  "summary.*",
  "billing_address.*",
  "shipping_address.*",
  ...ITEM_LINE_FIELDS,
  "payment_collections.payments.provider_id",
  "payment_collections.payments.captured_at",
  "payment_collections.payments.canceled_at",
]

export type OrderLinkOrigin = "order" | "draft_order"

export type OrderPaylinkSessionInput = {
  origin: OrderLinkOrigin
  order_id: string
  provider_id: string
  created_by: string | null
  billing: Record<string, string>
  order_lines: CentsLine[]
  description: string
  /** The language of `description` and the lines' names. */
  text_lang: Lang
  /** The order's stored language, when it has one: signed into the return address. */
  lang?: Lang
}

export const originOf = (
  order: Pick<OrderForPayment, "status" | "is_draft_order">
): OrderLinkOrigin =>
  order.is_draft_order || order.status === "draft" ? "draft_order" : "order"

/** What the order still owes, in cents (≤ 0 when nothing). */
export function outstandingCents(
  order: Pick<OrderForPayment, "summary">
): bigint {
  const pending = order.summary?.pending_difference
  return pending === undefined || pending === null
    ? 0n
    : toCents(pending as string)
}

/** `textLanguage`: the plugin option `gatewayTextLanguage`, when set. */
export function buildOrderSessionData(
  order: OrderForPayment,
  providerId: string,
  createdBy: string | null,
  textLanguage?: Lang | null
): OrderPaylinkSessionInput {
  const text = gatewayTextLanguage(
    textLanguage,
    order.locale,
    order.currency_code
  )
  const shopper = langOfTag(order.locale)
  const origin = originOf(order)
  const amount = outstandingCents(order)
  const whole =
    order.total !== undefined &&
    order.total !== null &&
    toCents(order.total as string) === amount
  const items = (order.items ?? []).filter((i): i is CartItemForLines => !!i)
  const number = order.display_id ?? order.id
  return {
    origin,
    order_id: order.id,
    provider_id: providerId,
    created_by: createdBy,
    billing: withUsableTaxId(
      billingFrom(
        order.billing_address ?? order.shipping_address ?? null,
        order.email ?? null
      )
    ),
    // A balance after an edit or a claim is one line (the gateway's fallback); a whole order is itemised.
    order_lines: whole
      ? cartOrderLines(
          items,
          order.shipping_total ? toCents(order.shipping_total as string) : 0n,
          text
        )
      : [],
    description: orderDescription(
      text,
      origin === "draft_order" ? "draft_order" : whole ? "order" : "balance",
      number
    ),
    text_lang: text,
    ...(shopper ? { lang: shopper } : {}),
  }
}
