import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Redemptions record every call to the benefits program: `pending` is written before the call,
 * `unknown` when no usable answer came in time; `reference` and `attempt` identify the call.
 */
export class Migration20261122170000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "benefit_redemption" drop constraint if exists "benefit_redemption_status_check";`
    )
    this.addSql(
      `alter table if exists "benefit_redemption" add constraint "benefit_redemption_status_check" check ("status" in ('pending', 'authorized', 'unknown', 'stale', 'removed', 'redeemed', 'failed'));`
    )
    this.addSql(
      `alter table if exists "benefit_redemption" add column if not exists "reference" text null, add column if not exists "attempt" integer null;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_benefit_redemption_reference_unique" ON "benefit_redemption" ("reference") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop index if exists "IDX_benefit_redemption_reference_unique";`
    )
    this.addSql(
      `alter table if exists "benefit_redemption" drop column if exists "reference", drop column if exists "attempt";`
    )
    this.addSql(
      `alter table if exists "benefit_redemption" drop constraint if exists "benefit_redemption_status_check";`
    )
    this.addSql(
      `update "benefit_redemption" set "status" = 'failed' where "status" in ('pending', 'unknown');`
    )
    this.addSql(
      `alter table if exists "benefit_redemption" add constraint "benefit_redemption_status_check" check ("status" in ('authorized', 'stale', 'removed', 'redeemed', 'failed'));`
    )
  }
}
