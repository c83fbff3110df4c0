import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122031512 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_checkout" drop constraint if exists "paylink_checkout_number_unique";`
    )
    this.addSql(
      `alter table if exists "paylink_checkout" drop constraint if exists "paylink_checkout_payment_session_id_unique";`
    )
    this.addSql(
      `create table if not exists "paylink_checkout" ("id" text not null, "number" serial, "gateway" text check ("gateway" in ('gateway_a', 'gateway_a_subscription', 'gateway_b', 'gateway_c')) not null, "provider_id" text null, "payment_session_id" text not null, "cart_id" text null, "checkout_id" text null, "url" text null, "product" text null, "amount" numeric not null, "currency_code" text not null, "expires_at" timestamptz null, "return_expires_at" timestamptz not null, "status" text check ("status" in ('created', 'returned', 'canceled', 'completed', 'expired', 'failed')) not null default 'created', "confirmation" text check ("confirmation" in ('return', 'manual')) not null default 'return', "canceled_by" text check ("canceled_by" in ('customer', 'store')) null, "failure_reason" text null, "success_redirect" text null, "cancel_redirect" text null, "returned_at" timestamptz null, "canceled_at" timestamptz null, "completed_at" timestamptz null, "confirmed_at" timestamptz null, "confirmed_by" text null, "order_id" text null, "refunded_amount" numeric not null default 0, "metadata" jsonb null, "raw_amount" jsonb not null, "raw_refunded_amount" jsonb not null default '{"value":"0","precision":20}', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "paylink_checkout_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_paylink_checkout_deleted_at" ON "paylink_checkout" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_paylink_checkout_payment_session_id_unique" ON "paylink_checkout" ("payment_session_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_paylink_checkout_number_unique" ON "paylink_checkout" ("number") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_paylink_checkout_status" ON "paylink_checkout" ("status") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_paylink_checkout_gateway" ON "paylink_checkout" ("gateway") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_paylink_checkout_order_id" ON "paylink_checkout" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_paylink_checkout_cart_id" ON "paylink_checkout" ("cart_id") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "paylink_checkout" cascade;`)
  }
}
