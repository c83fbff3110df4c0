import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * An order whose cart completion was interrupted never got Medusa's `order.placed`;
 * recovery owes it and emits it once (`owed` → `emitted`, compare-and-set).
 */
export class Migration20261123100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_checkout" add column if not exists "order_placed_event" text check ("order_placed_event" in ('owed', 'emitted')) null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_checkout" drop column if exists "order_placed_event";`
    )
  }
}
