import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * A link that could not be made keeps why as data too (`failure_detail`: a code and its params,
 * src/lib/paylink/failure-detail.ts), so the admin says it in the merchant's language instead of
 * the gateway client's English. Links that failed before keep only their sentence. Written by hand
 * after the model, as the generator would.
 */
export class Migration20261128051000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_checkout" add column if not exists "failure_detail" jsonb null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_checkout" drop column if exists "failure_detail";`
    )
  }
}
