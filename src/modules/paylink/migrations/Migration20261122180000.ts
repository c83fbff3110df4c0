import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Currency codes stored lower-case, as Medusa stores them (the service's wire format stays upper-case). */
export class Migration20261122180000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `update "paylink_checkout" set "currency_code" = lower("currency_code") where "currency_code" <> lower("currency_code");`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `update "paylink_checkout" set "currency_code" = upper("currency_code");`
    )
  }
}
