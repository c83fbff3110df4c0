/**
 * A subscription row and its events as the admin API answers them (types/subscriptions.ts): dates
 * as ISO text, amounts as decimal text; the order display ids are the route's to fill.
 */
import type {
  Subscription,
  SubscriptionEvent,
} from "../../../types/subscriptions"
import { planOf } from "../../../lib/subscriptions/schedule"

const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(v as string).toISOString()

export function subscriptionView(r: Record<string, unknown>): Subscription {
  return {
    id: r.id as string,
    checkout_record_id: r.checkout_record_id as string,
    number: Number(r.number),
    checkout_id: (r.checkout_id as string | null) ?? null,
    provider_id: (r.provider_id as string | null) ?? null,
    first_order_id: r.first_order_id as string,
    first_order_display_id: null,
    customer_id: (r.customer_id as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    customer_name: (r.customer_name as string | null) ?? null,
    shipping_address:
      (r.shipping_address as Subscription["shipping_address"]) ?? null,
    billing_address:
      (r.billing_address as Subscription["billing_address"]) ?? null,
    region_id: (r.region_id as string | null) ?? null,
    sales_channel_id: (r.sales_channel_id as string | null) ?? null,
    items: (r.items as Subscription["items"]) ?? [],
    shipping_method:
      (r.shipping_method as Subscription["shipping_method"]) ?? null,
    plan: planOf(r.plan),
    amount: String(r.amount),
    currency_code: r.currency_code as string,
    started_at: iso(r.started_at)!,
    last_charge_at: iso(r.last_charge_at)!,
    next_charge_at: iso(r.next_charge_at),
    status: r.status as Subscription["status"],
    overdue_since: iso(r.overdue_since),
    ended_at: iso(r.ended_at),
    ended_by: (r.ended_by as string | null) ?? null,
    end_note: (r.end_note as string | null) ?? null,
    renewals: Number(r.renewals ?? 0),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  }
}

export function subscriptionEventView(
  r: Record<string, unknown>
): SubscriptionEvent {
  return {
    id: r.id as string,
    subscription_id: r.subscription_id as string,
    kind: r.kind as SubscriptionEvent["kind"],
    at: iso(r.at)!,
    amount:
      r.amount === null || r.amount === undefined ? null : String(r.amount),
    currency_code: (r.currency_code as string | null) ?? null,
    order_id: (r.order_id as string | null) ?? null,
    order_display_id: null,
    order_state: (r.order_state as SubscriptionEvent["order_state"]) ?? null,
    order_error: (r.order_error as string | null) ?? null,
    reconciliation_id: (r.reconciliation_id as string | null) ?? null,
    file_name: (r.file_name as string | null) ?? null,
    line: r.line === null || r.line === undefined ? null : Number(r.line),
    card_last4: (r.card_last4 as string | null) ?? null,
    authorization: (r.authorization as string | null) ?? null,
    actor_id: (r.actor_id as string | null) ?? null,
    note: (r.note as string | null) ?? null,
    created_at: iso(r.created_at)!,
  }
}
