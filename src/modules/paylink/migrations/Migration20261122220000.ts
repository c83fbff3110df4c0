import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Pay by link from the admin: where a link came from (the storefront's checkout, an
 * order's outstanding amount, or a draft order) and which admin user made it.
 */
export class Migration20261122220000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_checkout" add column if not exists "origin" text check ("origin" in ('storefront', 'order', 'draft_order')) not null default 'storefront';`
    )
    this.addSql(
      `alter table if exists "paylink_checkout" add column if not exists "created_by" text null;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_paylink_checkout_origin" ON "paylink_checkout" ("origin") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_paylink_checkout_created_at" ON "paylink_checkout" ("created_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_paylink_checkout_created_at";`)
    this.addSql(`drop index if exists "IDX_paylink_checkout_origin";`)
    this.addSql(
      `alter table if exists "paylink_checkout" drop column if exists "created_by";`
    )
    this.addSql(
      `alter table if exists "paylink_checkout" drop column if exists "origin";`
    )
  }
}
