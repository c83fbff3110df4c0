import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * A gateway's last test (run on every save that changed something, and by
 * Test), shown on its card in the admin.
 */
export class Migration20261125100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_gateway_settings" add column if not exists "last_check_ok" boolean null, add column if not exists "last_check_at" timestamptz null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_gateway_settings" drop column if exists "last_check_ok", drop column if exists "last_check_at";`
    )
  }
}
