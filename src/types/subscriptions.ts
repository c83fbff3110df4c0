/**
 * Subscriptions run from gateway A's recurring link (docs/subscriptions.md): the shapes the admin
 * API answers and the admin pages read. The service never tells the store about a later charge (no
 * webhook, no status call), so everything after the first payment is learned from the gateway's
 * transactions export through a reconciliation. Pure types and constants, no Medusa import.
 */
import type { SUBSCRIPTION_INTERVALS } from "../lib/paylink/schemas"

/**
 * What the merchant reads:
 * - `active`: every charge a report could show has been seen (or no report covered the next one yet);
 * - `renewal_overdue`: a report that covers the next expected charge's date (and a few days after)
 *   has no charge of the link for it;
 * - `ended`: the merchant marked it ended, after canceling it in the gateway's dashboard (the service
 *   has no cancel call). An ended subscription gets no renewal order and no overdue flag.
 */
export const SUBSCRIPTION_STATUSES = [
  "active",
  "renewal_overdue",
  "ended",
] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

/** The billing plan of the provider registration the link was made with (docs/service.md §2.3). */
export type SubscriptionInterval = (typeof SUBSCRIPTION_INTERVALS)[number]
export type SubscriptionPlan = { interval: SubscriptionInterval; count: number }

/** One line of the first order, as every renewal order repeats it (prices of the first order). */
export type SubscriptionItem = {
  variant_id: string | null
  product_id: string | null
  title: string
  product_title: string | null
  variant_title: string | null
  sku: string | null
  thumbnail: string | null
  quantity: number
  /** Major units, as text (the first order's unit price). */
  unit_price: string
  is_tax_inclusive: boolean
}

export type SubscriptionAddress = {
  first_name: string | null
  last_name: string | null
  company: string | null
  address_1: string | null
  address_2: string | null
  city: string | null
  province: string | null
  postal_code: string | null
  country_code: string | null
  phone: string | null
}

/** The first order's shipping method, as every renewal order repeats it. */
export type SubscriptionShipping = {
  shipping_option_id: string | null
  name: string
  /** Major units, as text. */
  amount: string
  is_tax_inclusive: boolean
}

export type Subscription = {
  id: string
  /** The paid subscription link (paylink_checkout) and its number and checkout id at the gateway. */
  checkout_record_id: string
  number: number
  checkout_id: string | null
  provider_id: string | null
  first_order_id: string
  first_order_display_id: number | null
  customer_id: string | null
  email: string | null
  /** First and last name of the first order's shipping (else billing) address. */
  customer_name: string | null
  shipping_address: SubscriptionAddress | null
  billing_address: SubscriptionAddress | null
  region_id: string | null
  sales_channel_id: string | null
  items: SubscriptionItem[]
  shipping_method: SubscriptionShipping | null
  plan: SubscriptionPlan
  /** What the gateway charges every period: the link's amount, major units as text. */
  amount: string
  currency_code: string
  /** The first payment (the link's paid moment). */
  started_at: string
  /** The latest charge seen: the first payment, or the latest renewal a report showed. */
  last_charge_at: string
  /** `plan` after `last_charge_at`; null once ended. */
  next_charge_at: string | null
  status: SubscriptionStatus
  /** The expected charge a report showed missing (status `renewal_overdue`). */
  overdue_since: string | null
  ended_at: string | null
  ended_by: string | null
  end_note: string | null
  /** Renewal charges seen so far (the first payment not counted). */
  renewals: number
  created_at: string
  updated_at: string
}

/**
 * A subscription's timeline, oldest first:
 * - `first_payment`: the link paid and its first order;
 * - `renewal`: a later charge a report showed, with its file and line, and the renewal order made
 *   for it (or why none was);
 * - `overdue`: an expected charge a report covering its date did not show;
 * - `ended`: the merchant marked it ended.
 */
export const SUBSCRIPTION_EVENT_KINDS = [
  "first_payment",
  "renewal",
  "overdue",
  "ended",
] as const
export type SubscriptionEventKind = (typeof SUBSCRIPTION_EVENT_KINDS)[number]

/**
 * A renewal's order: `made`; `making` (being made now, or a stopped apply left it: applying any
 * reconciliation again finishes it); `off` (the merchant's setting made no orders for renewals when
 * it was applied); `failed` (Medusa refused the order, e.g. a variant deleted or out of stock:
 * `order_error` says why, and the merchant makes it again from the timeline).
 */
export const RENEWAL_ORDER_STATES = ["made", "making", "off", "failed"] as const
export type RenewalOrderState = (typeof RENEWAL_ORDER_STATES)[number]

export type SubscriptionEvent = {
  id: string
  subscription_id: string
  kind: SubscriptionEventKind
  /** When it happened: the charge's instant, the expected date, the end. */
  at: string
  /** The charge's amount (first payment, renewal), major units as text. */
  amount: string | null
  currency_code: string | null
  order_id: string | null
  order_display_id: number | null
  order_state: RenewalOrderState | null
  order_error: string | null
  /** The report row that showed it (renewal, overdue). */
  reconciliation_id: string | null
  file_name: string | null
  line: number | null
  card_last4: string | null
  authorization: string | null
  /** The admin user (ended) and the merchant's note. */
  actor_id: string | null
  note: string | null
  created_at: string
}

/** A reconciliation's renewals, as its page shows them before and after Apply. */
export type ReconciliationRenewals = {
  /** The merchant's setting when read: renewals become orders. */
  renewal_orders: boolean
  /** Renewal rows Apply will record (not applied yet), and of them, how many become orders. */
  renewals_to_apply: number
  orders_to_make: number
  /** Subscriptions Apply will flag `renewal_overdue` (not applied yet). */
  overdue_to_flag: number
  /** What applying did (across runs): renewal orders made, subscriptions flagged overdue. */
  orders_made: number
  overdue_flagged: number
}
