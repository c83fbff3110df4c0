import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Why a paid link needs attention, as a code and its params (the order it
 * names, the amounts), so the admin says it in the merchant's language and links the order. The
 * English sentence stays in "attention_reason"; records from before keep only that.
 */
export class Migration20261124100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_checkout" add column if not exists "attention_detail" jsonb null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_checkout" drop column if exists "attention_detail";`
    )
  }
}
