import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * A gateway's Test token makes one real unpaid link with the token: the row keeps what the last
 * test tested (`token` or `address`) and the last test link (id, url, number, amount, when), so the
 * merchant can find it in the gateway's dashboard. Written by hand after the model, as the
 * generator would.
 */
export class Migration20261128050000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_gateway_settings" add column if not exists "last_check_kind" text check ("last_check_kind" in ('token', 'address')) null, add column if not exists "test_link" jsonb null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_gateway_settings" drop column if exists "last_check_kind", drop column if exists "test_link";`
    )
  }
}
