/**
 * What a subscription keeps of its first order: the goods with their prices, the addresses and the
 * shipping method every renewal order repeats. Pure: the order as Medusa's query answers it in.
 */
import type {
  SubscriptionAddress,
  SubscriptionItem,
  SubscriptionShipping,
} from "../../types/subscriptions"

/** Order fields the snapshot reads (query.graph on `order`). */
export const FIRST_ORDER_FIELDS = [
  "id",
  "display_id",
  "email",
  "customer_id",
  "region_id",
  "sales_channel_id",
  "currency_code",
  "created_at",
  "shipping_address.*",
  "billing_address.*",
  // `items.*`: an order item's quantity lives on its detail, which only the whole item brings.
  "items.*",
  "shipping_methods.name",
  "shipping_methods.amount",
  "shipping_methods.shipping_option_id",
  "shipping_methods.is_tax_inclusive",
]

type Maybe<T> = T | null | undefined
type Address = Partial<Record<keyof SubscriptionAddress, Maybe<string>>>
export type FirstOrder = {
  id: string
  display_id?: Maybe<number>
  email?: Maybe<string>
  customer_id?: Maybe<string>
  region_id?: Maybe<string>
  sales_channel_id?: Maybe<string>
  currency_code: string
  created_at?: Maybe<string | Date>
  shipping_address?: Maybe<Address>
  billing_address?: Maybe<Address>
  items?: Maybe<
    Array<{
      variant_id?: Maybe<string>
      product_id?: Maybe<string>
      title?: Maybe<string>
      product_title?: Maybe<string>
      variant_title?: Maybe<string>
      variant_sku?: Maybe<string>
      thumbnail?: Maybe<string>
      quantity?: unknown
      unit_price?: unknown
      is_tax_inclusive?: Maybe<boolean>
    } | null>
  >
  shipping_methods?: Maybe<
    Array<{
      name?: Maybe<string>
      amount?: unknown
      shipping_option_id?: Maybe<string>
      is_tax_inclusive?: Maybe<boolean>
    } | null>
  >
}

const ADDRESS_FIELDS: (keyof SubscriptionAddress)[] = [
  "first_name",
  "last_name",
  "company",
  "address_1",
  "address_2",
  "city",
  "province",
  "postal_code",
  "country_code",
  "phone",
]

function addressOf(a: Maybe<Address>): SubscriptionAddress | null {
  if (!a) return null
  return Object.fromEntries(
    ADDRESS_FIELDS.map((f) => [f, a[f] ?? null])
  ) as SubscriptionAddress
}

/** A BigNumber, number or decimal text as decimal text (BigNumber prints its exact value). */
const decimalText = (v: unknown): string =>
  v === null || v === undefined ? "0" : String(v)

export function snapshotOf(order: FirstOrder): {
  items: SubscriptionItem[]
  shipping_method: SubscriptionShipping | null
  shipping_address: SubscriptionAddress | null
  billing_address: SubscriptionAddress | null
  customer_name: string | null
} {
  const items = (order.items ?? []).flatMap((i) =>
    i
      ? [
          {
            variant_id: i.variant_id ?? null,
            product_id: i.product_id ?? null,
            title: i.title ?? i.product_title ?? "",
            product_title: i.product_title ?? null,
            variant_title: i.variant_title ?? null,
            sku: i.variant_sku ?? null,
            thumbnail: i.thumbnail ?? null,
            quantity: Number(i.quantity ?? 0),
            unit_price: decimalText(i.unit_price),
            is_tax_inclusive: i.is_tax_inclusive === true,
          },
        ]
      : []
  )
  const method = (order.shipping_methods ?? []).find((m) => !!m)
  const shipping_address = addressOf(order.shipping_address)
  const billing_address = addressOf(order.billing_address)
  const named = [shipping_address, billing_address].find(
    (a) => a && (a.first_name || a.last_name)
  )
  const customer_name = named
    ? [named.first_name, named.last_name].filter(Boolean).join(" ")
    : null
  return {
    items,
    shipping_method: method
      ? {
          shipping_option_id: method.shipping_option_id ?? null,
          name: method.name ?? "",
          amount: decimalText(method.amount),
          is_tax_inclusive: method.is_tax_inclusive === true,
        }
      : null,
    shipping_address,
    billing_address,
    customer_name,
  }
}
