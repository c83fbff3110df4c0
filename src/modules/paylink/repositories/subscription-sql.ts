/**
 * The statements of subscriptions (docs/subscriptions.md). Each write is an insert that does nothing
 * when its row exists, or a compare-and-set on the state it changes, so a renewal read from two
 * files, two applies at once, or an apply run again after a crash write each thing once.
 */
import { moneyColumns, type Statement } from "./statement"

/** A money column's decimal and its raw json as a statement parameter. */
function money(cents: bigint | null) {
  const { amount, raw } = moneyColumns(cents)
  return { amount, raw: raw === null ? null : JSON.stringify(raw) }
}

export type SubscriptionInsert = {
  id: string
  checkout_record_id: string
  number: number
  checkout_id: string | null
  provider_id: string | null
  first_order_id: string
  customer_id: string | null
  email: string | null
  customer_name: string | null
  shipping_address: unknown
  billing_address: unknown
  region_id: string | null
  sales_channel_id: string | null
  items: unknown
  shipping_method: unknown
  plan: unknown
  cents: bigint
  currency_code: string
  started_at: Date
  next_charge_at: Date
}

/** The subscription, unless the link has one already (the unique index on checkout_record_id). */
export function insertSubscription(s: SubscriptionInsert): Statement {
  const { amount, raw } = money(s.cents)
  return [
    `insert into "paylink_subscription" ("id", "checkout_record_id", "number", "checkout_id", "provider_id", "first_order_id",
        "customer_id", "email", "customer_name", "shipping_address", "billing_address", "region_id", "sales_channel_id",
        "items", "shipping_method", "plan", "amount", "raw_amount", "currency_code", "started_at", "last_charge_at", "next_charge_at")
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?, ?::jsonb, ?, ?, ?, ?)
      on conflict ("checkout_record_id") where "deleted_at" is null do nothing
      returning "id"`,
    [
      s.id,
      s.checkout_record_id,
      s.number,
      s.checkout_id,
      s.provider_id,
      s.first_order_id,
      s.customer_id,
      s.email,
      s.customer_name,
      JSON.stringify(s.shipping_address ?? null),
      JSON.stringify(s.billing_address ?? null),
      s.region_id,
      s.sales_channel_id,
      JSON.stringify(s.items),
      JSON.stringify(s.shipping_method ?? null),
      JSON.stringify(s.plan),
      amount,
      raw,
      s.currency_code,
      s.started_at,
      s.started_at,
      s.next_charge_at,
    ],
  ]
}

export type EventInsert = {
  id: string
  subscription_id: string
  kind: "first_payment" | "renewal" | "overdue" | "ended"
  at: Date
  cents?: bigint | null
  currency_code?: string | null
  order_id?: string | null
  order_state?: "made" | "making" | "off" | "failed" | null
  reconciliation_id?: string | null
  entry_id?: string | null
  file_name?: string | null
  line?: number | null
  card_last4?: string | null
  authorization?: string | null
  actor_id?: string | null
  note?: string | null
}

/** The event, unless the subscription has one of its kind at that instant; the row as it is either way. */
export function insertEvent(e: EventInsert): Statement {
  const { amount, raw } = money(e.cents ?? null)
  return [
    `with ins as (
       insert into "paylink_subscription_event" ("id", "subscription_id", "kind", "at", "amount", "raw_amount", "currency_code",
           "order_id", "order_state", "reconciliation_id", "entry_id", "file_name", "line", "card_last4", "authorization",
           "actor_id", "note")
         values (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict ("subscription_id", "kind", "at") where "deleted_at" is null do nothing
         returning *, true as "inserted")
     select * from ins
     union all
     select *, false as "inserted" from "paylink_subscription_event"
      where "subscription_id" = ? and "kind" = ? and "at" = ? and "deleted_at" is null
        and not exists (select 1 from ins)`,
    [
      e.id,
      e.subscription_id,
      e.kind,
      e.at,
      amount,
      raw,
      e.currency_code ?? null,
      e.order_id ?? null,
      e.order_state ?? null,
      e.reconciliation_id ?? null,
      e.entry_id ?? null,
      e.file_name ?? null,
      e.line ?? null,
      e.card_last4 ?? null,
      e.authorization ?? null,
      e.actor_id ?? null,
      e.note ?? null,
      e.subscription_id,
      e.kind,
      e.at,
    ],
  ]
}

/**
 * A charge already recorded (the first payment or a renewal) that this one is: the same
 * authorization code, or an instant less than `windowSeconds` away (lib/subscriptions/schedule.ts
 * renewalGapMs). The first payment's instant is the customer's return, after the payment.
 */
export function sameCharge(
  subscriptionId: string,
  at: Date,
  authorization: string | null,
  windowSeconds: number
): Statement {
  return [
    `select *, false as "inserted" from "paylink_subscription_event"
      where "subscription_id" = ? and "kind" in ('first_payment', 'renewal') and "deleted_at" is null
        and (("authorization" is not null and "authorization" = ?) or abs(extract(epoch from ("at" - ?::timestamptz))) < ?)
      order by abs(extract(epoch from ("at" - ?::timestamptz))) limit 1`,
    [subscriptionId, authorization, at, windowSeconds, at],
  ]
}

/** The subscription of a link, locked for the caller's transaction (its charges are written one at a time). */
export function lockSubscriptionOfRecord(recordId: string): Statement {
  return [
    `select "id", "status", "plan", "started_at", "last_charge_at", "overdue_since", "ended_at", round("amount" * 100)::bigint::text as "cents",
            upper("currency_code") as "currency"
       from "paylink_subscription" where "checkout_record_id" = ? and "deleted_at" is null for update`,
    [recordId],
  ]
}

export function lockSubscription(id: string): Statement {
  return [
    `select "id", "status", "plan", "last_charge_at", "overdue_since"
       from "paylink_subscription" where "id" = ? and "deleted_at" is null for update`,
    [id],
  ]
}

/** After a renewal: its latest charge, next expected one, count of renewals and status. */
export function updateAfterRenewal(
  id: string,
  lastChargeAt: Date,
  nextChargeAt: Date | null,
  clearOverdue: boolean
): Statement {
  return [
    `update "paylink_subscription" set "last_charge_at" = ?, "next_charge_at" = ?,
        "renewals" = (select count(*) from "paylink_subscription_event" e
                       where e."subscription_id" = ? and e."kind" = 'renewal' and e."deleted_at" is null),
        "status" = case when ?::boolean and "status" = 'renewal_overdue' then 'active' else "status" end,
        "overdue_since" = case when ?::boolean and "status" = 'renewal_overdue' then null else "overdue_since" end,
        "updated_at" = now()
      where "id" = ?`,
    [lastChargeAt, nextChargeAt, id, clearOverdue, clearOverdue, id],
  ]
}

/**
 * `active` → `renewal_overdue` for the expected charge `expectedAt`, only while no charge later than
 * `noChargeSince` was recorded (a renewal applied meanwhile pays that period) and the subscription
 * is not ended. Answers the id when it changed.
 */
export function flagOverdue(
  id: string,
  expectedAt: Date,
  noChargeSince: Date
): Statement {
  return [
    `update "paylink_subscription" set "status" = 'renewal_overdue', "overdue_since" = ?, "updated_at" = now()
      where "id" = ? and "status" = 'active' and "last_charge_at" < ? and "deleted_at" is null
      returning "id"`,
    [expectedAt, id, noChargeSince],
  ]
}

/** Any status but `ended` → `ended`; answers the id when it changed. */
export function endSubscription(
  id: string,
  actorId: string | null,
  note: string | null
): Statement {
  return [
    `update "paylink_subscription" set "status" = 'ended', "ended_at" = now(), "ended_by" = ?, "end_note" = ?,
        "next_charge_at" = null, "overdue_since" = null, "updated_at" = now()
      where "id" = ? and "status" <> 'ended' and "deleted_at" is null
      returning "id", "ended_at"`,
    [actorId, note, id],
  ]
}

/** A renewal's order: `making` → `made` / `failed` (with why); answers the id when it changed. */
export function settleRenewalOrder(
  eventId: string,
  to: "made" | "failed",
  error: string | null,
  from: readonly string[]
): Statement {
  return [
    `update "paylink_subscription_event" set "order_state" = ?, "order_error" = ?, "updated_at" = now()
      where "id" = ? and "kind" = 'renewal' and "order_state" in (${from.map(() => "?").join(", ")})
      returning "id"`,
    [to, error, eventId, ...from],
  ]
}

/** A failed renewal order made again: `failed` → `making` (the id it will be made with is kept). */
export function retryRenewalOrder(eventId: string): Statement {
  return [
    `update "paylink_subscription_event" set "order_state" = 'making', "order_error" = null, "updated_at" = now()
      where "id" = ? and "kind" = 'renewal' and "order_state" in ('failed', 'making')
      returning "id"`,
    [eventId],
  ]
}

/**
 * Subscriptions a report of these gateway products may find a renewal missing in: not ended, with
 * the latest charge and plan. Ids of their links, so the report's rows of them are found.
 */
export function subscriptionsToWatch(gateways: string[]): Statement {
  return [
    `select s."id", s."checkout_record_id", s."number", s."first_order_id", s."plan", s."started_at", s."last_charge_at",
            round(s."amount" * 100)::bigint::text as "cents", upper(s."currency_code") as "currency"
       from "paylink_subscription" s
       join "paylink_checkout" c on c."id" = s."checkout_record_id"
      where s."status" <> 'ended' and s."deleted_at" is null
        and c."gateway" in (select jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(gateways)],
  ]
}

/** The instants of a reconciliation's payment rows of these links (any group: a charge is a charge). */
export function chargesInReport(
  reconciliationId: string,
  recordIds: string[]
): Statement {
  return [
    `select "checkout_record_id", "paid_at" from "paylink_reconciliation_entry"
      where "reconciliation_id" = ? and "line" is not null and "paid_at" is not null and "deleted_at" is null
        and "checkout_record_id" in (select jsonb_array_elements_text(?::jsonb))`,
    [reconciliationId, JSON.stringify(recordIds)],
  ]
}

/** Renewal events a stopped apply left `making` (their reconciliation's entry may be applied already). */
export function renewalsLeftMaking(before: Date): Statement {
  return [
    `select "id" from "paylink_subscription_event"
      where "kind" = 'renewal' and "order_state" = 'making' and "updated_at" < ? and "deleted_at" is null
      order by "at" limit 500`,
    [before],
  ]
}

/** The renewal orders a reconciliation made (the events it recorded first), and the subscriptions it flagged. */
export function reconciliationSubscriptionChanges(
  reconciliationId: string
): Statement {
  return [
    `select e."kind", e."subscription_id", e."id" as "event_id", e."order_id", e."at", e."order_state",
            e."amount", e."currency_code"
       from "paylink_subscription_event" e
      where e."reconciliation_id" = ? and e."kind" in ('renewal', 'overdue') and e."deleted_at" is null
      order by e."at"`,
    [reconciliationId],
  ]
}

/** Columns the admin's list may sort by. */
export const SUBSCRIPTION_ORDER_COLUMNS = [
  "created_at",
  "started_at",
  "last_charge_at",
  "next_charge_at",
  "number",
  "status",
] as const
export type SubscriptionOrderColumn =
  (typeof SUBSCRIPTION_ORDER_COLUMNS)[number]

export type SubscriptionListFilters = {
  status?: string[]
  /** Part of the e-mail or the name (case and accents as written), or the link number. */
  q?: string
  /** A first or renewal order. */
  order_id?: string
  limit: number
  offset: number
  order: { column: SubscriptionOrderColumn; descending: boolean }
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** One page of subscriptions and how many match, newest first unless told otherwise. */
export function listSubscriptions(f: SubscriptionListFilters): Statement {
  const where: string[] = [`s."deleted_at" is null`]
  const params: unknown[] = []
  if (f.status?.length) {
    where.push(`s."status" in (select jsonb_array_elements_text(?::jsonb))`)
    params.push(JSON.stringify(f.status))
  }
  if (f.q) {
    const like = likePattern(f.q)
    where.push(
      `(s."email" ilike ? or s."customer_name" ilike ? or s."number"::text = ?)`
    )
    params.push(like, like, f.q.replace(/^#/, ""))
  }
  if (f.order_id) {
    where.push(`(s."first_order_id" = ? or exists (select 1 from "paylink_subscription_event" e
      where e."subscription_id" = s."id" and e."order_id" = ? and e."deleted_at" is null))`)
    params.push(f.order_id, f.order_id)
  }
  const direction = f.order.descending ? "desc" : "asc"
  return [
    `select s.*, s."amount"::text as "amount", count(*) over () as "total"
       from "paylink_subscription" s
      where ${where.join(" and ")}
      order by s."${f.order.column}" ${direction} nulls last, s."id" ${direction}
      limit ? offset ?`,
    [...params, f.limit, f.offset],
  ]
}

export function subscriptionById(id: string): Statement {
  return [
    `select s.*, s."amount"::text as "amount" from "paylink_subscription" s where s."id" = ? and s."deleted_at" is null`,
    [id],
  ]
}

/** A subscription's timeline, oldest first (an event at the same instant: in the order written). */
export function eventsOf(subscriptionId: string): Statement {
  return [
    `select e.*, e."amount"::text as "amount" from "paylink_subscription_event" e
      where e."subscription_id" = ? and e."deleted_at" is null
      order by e."at", e."created_at", e."id"`,
    [subscriptionId],
  ]
}

/**
 * A reconciliation's renewals: rows Apply will still record (and of them, charges no earlier file
 * recorded: those become orders), missed renewals still to flag, and what applying did.
 */
/** Half a subscription's period in seconds, in SQL (a month as 30 days: the preview's estimate). */
const HALF_PERIOD_SECONDS = `extract(epoch from ((s."plan"->>'count')::int * (case s."plan"->>'interval'
  when 'week' then interval '7 days' when 'year' then interval '365 days' else interval '30 days' end))) / 2`

export function reconciliationRenewals(
  reconciliationId: string,
  gapSeconds: number | null
): Statement {
  return [
    `select
       (select count(*) from "paylink_reconciliation_entry" e
         where e."reconciliation_id" = ? and e."action" = 'renewal_order' and not e."applied" and e."deleted_at" is null) as "renewals_to_apply",
       (select count(*) from "paylink_reconciliation_entry" e
         where e."reconciliation_id" = ? and e."action" = 'renewal_order' and not e."applied" and e."deleted_at" is null
           and not exists (select 1 from "paylink_subscription" s
                             join "paylink_subscription_event" v on v."subscription_id" = s."id" and v."kind" in ('first_payment', 'renewal')
                                  and v."deleted_at" is null
                                  and ((v."authorization" is not null and v."authorization" = e."authorization")
                                       or abs(extract(epoch from (v."at" - e."paid_at"))) < coalesce(?::numeric, ${HALF_PERIOD_SECONDS}))
                            where s."checkout_record_id" = e."checkout_record_id" and s."deleted_at" is null)) as "new_renewals",
       (select count(*) from "paylink_reconciliation_entry" e
         where e."reconciliation_id" = ? and e."action" = 'renewal_overdue' and not e."applied" and e."deleted_at" is null) as "overdue_to_flag",
       (select count(*) from "paylink_subscription_event" v
         where v."reconciliation_id" = ? and v."kind" = 'renewal' and v."order_state" = 'made' and v."deleted_at" is null) as "orders_made",
       (select count(*) from "paylink_subscription_event" v
         where v."reconciliation_id" = ? and v."kind" = 'overdue' and v."deleted_at" is null) as "overdue_flagged"`,
    [
      reconciliationId,
      reconciliationId,
      gapSeconds,
      reconciliationId,
      reconciliationId,
      reconciliationId,
    ],
  ]
}
