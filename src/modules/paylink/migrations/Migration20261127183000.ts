import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * A reconciliation's row showing less money than a completed record owes, or another currency,
 * flags the record `short` (a verification and an entry action of its own, so the merchant tells
 * it from a payment not found), and a read whose payment rows match none of the chosen gateway's
 * links while it has orders in the period keeps that (`gateway_mismatch`), so applying needs the
 * merchant's confirmation. Written by hand after the models, as the generator would.
 */
export class Migration20261127183000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_checkout" drop constraint if exists "paylink_checkout_payment_verification_check";`
    )
    this.addSql(
      `alter table if exists "paylink_checkout" add constraint "paylink_checkout_payment_verification_check" check ("payment_verification" in ('verified', 'unverified', 'short'));`
    )
    this.addSql(
      `alter table if exists "paylink_reconciliation_entry" drop constraint if exists "paylink_reconciliation_entry_action_check";`
    )
    this.addSql(
      `alter table if exists "paylink_reconciliation_entry" add constraint "paylink_reconciliation_entry_action_check" check ("action" in ('needs_attention', 'unverified', 'verified', 'short'));`
    )
    this.addSql(
      `alter table if exists "paylink_reconciliation" add column if not exists "gateway_mismatch" jsonb null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_reconciliation" drop column if exists "gateway_mismatch";`
    )
    // A short flag has no older equivalent: the record reads as never reconciled again.
    this.addSql(
      `update "paylink_checkout" set "payment_verification" = null, "verification_reconciliation_id" = null where "payment_verification" = 'short';`
    )
    this.addSql(
      `update "paylink_reconciliation_entry" set "action" = null where "action" = 'short';`
    )
    this.addSql(
      `alter table if exists "paylink_reconciliation_entry" drop constraint if exists "paylink_reconciliation_entry_action_check";`
    )
    this.addSql(
      `alter table if exists "paylink_reconciliation_entry" add constraint "paylink_reconciliation_entry_action_check" check ("action" in ('needs_attention', 'unverified', 'verified'));`
    )
    this.addSql(
      `alter table if exists "paylink_checkout" drop constraint if exists "paylink_checkout_payment_verification_check";`
    )
    this.addSql(
      `alter table if exists "paylink_checkout" add constraint "paylink_checkout_payment_verification_check" check ("payment_verification" in ('verified', 'unverified'));`
    )
  }
}
