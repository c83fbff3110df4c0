import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The record's state machine (unknown, withdrawn, needs_attention, refunded) and its settlement. */
export class Migration20261122160000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_checkout" drop constraint if exists "paylink_checkout_status_check";`
    )
    this.addSql(
      `update "paylink_checkout" set "status" = 'withdrawn' where "status" = 'canceled' and "canceled_by" = 'store';`
    )
    this.addSql(
      `alter table if exists "paylink_checkout" add constraint "paylink_checkout_status_check" check ("status" in ('created', 'unknown', 'returned', 'canceled', 'withdrawn', 'expired', 'failed', 'completed', 'needs_attention', 'refunded'));`
    )
    this.addSql(
      `alter table if exists "paylink_checkout" add column if not exists "attention_reason" text null, add column if not exists "settled_by" text null, add column if not exists "settled_at" timestamptz null, add column if not exists "settlement_note" text null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_checkout" drop column if exists "attention_reason", drop column if exists "settled_by", drop column if exists "settled_at", drop column if exists "settlement_note";`
    )
    this.addSql(
      `alter table if exists "paylink_checkout" drop constraint if exists "paylink_checkout_status_check";`
    )
    this.addSql(
      `update "paylink_checkout" set "status" = 'canceled' where "status" = 'withdrawn';`
    )
    this.addSql(
      `update "paylink_checkout" set "status" = 'failed' where "status" in ('unknown', 'needs_attention', 'refunded');`
    )
    this.addSql(
      `alter table if exists "paylink_checkout" add constraint "paylink_checkout_status_check" check ("status" in ('created', 'returned', 'canceled', 'completed', 'expired', 'failed'));`
    )
  }
}
