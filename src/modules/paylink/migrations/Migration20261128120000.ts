import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Subscriptions run from gateway A's recurring link (docs/subscriptions.md): the subscription, its
 * timeline (a renewal unique per charge instant, so no export row makes two orders), the plan each
 * link was made with, and the merchant's choice whether renewals become orders (on by default).
 * Written by hand after the models, as the generator would.
 */
export class Migration20261128120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "paylink_subscription" ("id" text not null, "checkout_record_id" text not null, "number" integer not null, "checkout_id" text null, "provider_id" text null, "first_order_id" text not null, "customer_id" text null, "email" text null, "customer_name" text null, "shipping_address" jsonb null, "billing_address" jsonb null, "region_id" text null, "sales_channel_id" text null, "items" jsonb not null, "shipping_method" jsonb null, "plan" jsonb not null, "amount" numeric not null, "currency_code" text not null, "started_at" timestamptz not null, "last_charge_at" timestamptz not null, "next_charge_at" timestamptz null, "status" text check ("status" in ('active', 'renewal_overdue', 'ended')) not null default 'active', "overdue_since" timestamptz null, "ended_at" timestamptz null, "ended_by" text null, "end_note" text null, "renewals" integer not null default 0, "metadata" jsonb null, "raw_amount" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "paylink_subscription_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_paylink_subscription_deleted_at" ON "paylink_subscription" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_paylink_subscription_checkout_record_id_unique" ON "paylink_subscription" ("checkout_record_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_paylink_subscription_first_order_id" ON "paylink_subscription" ("first_order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_paylink_subscription_status" ON "paylink_subscription" ("status") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_paylink_subscription_created_at" ON "paylink_subscription" ("created_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "paylink_subscription_event" ("id" text not null, "subscription_id" text not null, "kind" text check ("kind" in ('first_payment', 'renewal', 'overdue', 'ended')) not null, "at" timestamptz not null, "amount" numeric null, "currency_code" text null, "order_id" text null, "order_state" text check ("order_state" in ('made', 'making', 'off', 'failed')) null, "order_error" text null, "reconciliation_id" text null, "entry_id" text null, "file_name" text null, "line" integer null, "card_last4" text null, "authorization" text null, "actor_id" text null, "note" text null, "raw_amount" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "paylink_subscription_event_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_paylink_subscription_event_deleted_at" ON "paylink_subscription_event" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_paylink_subscription_event_subscription_id_kind_at_unique" ON "paylink_subscription_event" ("subscription_id", "kind", "at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_paylink_subscription_event_order_id" ON "paylink_subscription_event" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_paylink_subscription_event_order_state" ON "paylink_subscription_event" ("order_state") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `alter table if exists "paylink_checkout" add column if not exists "plan" jsonb null;`
    )
    this.addSql(
      `alter table if exists "paylink_gateway_settings" add column if not exists "renewal_orders" boolean not null default true;`
    )
    // A reconciliation's entries gain two actions: make a renewal's order, flag a missed renewal.
    this.addSql(
      `alter table if exists "paylink_reconciliation_entry" drop constraint if exists "paylink_reconciliation_entry_action_check";`
    )
    this.addSql(
      `alter table if exists "paylink_reconciliation_entry" add constraint "paylink_reconciliation_entry_action_check" check ("action" in ('needs_attention', 'unverified', 'verified', 'short', 'renewal_order', 'renewal_overdue'));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `update "paylink_reconciliation_entry" set "action" = null where "action" in ('renewal_order', 'renewal_overdue');`
    )
    this.addSql(
      `alter table if exists "paylink_reconciliation_entry" drop constraint if exists "paylink_reconciliation_entry_action_check";`
    )
    this.addSql(
      `alter table if exists "paylink_reconciliation_entry" add constraint "paylink_reconciliation_entry_action_check" check ("action" in ('needs_attention', 'unverified', 'verified', 'short'));`
    )
    this.addSql(`drop table if exists "paylink_subscription_event" cascade;`)
    this.addSql(`drop table if exists "paylink_subscription" cascade;`)
    this.addSql(
      `alter table if exists "paylink_checkout" drop column if exists "plan";`
    )
    this.addSql(
      `alter table if exists "paylink_gateway_settings" drop column if exists "renewal_orders";`
    )
  }
}
