import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * A gateway is one line of src/lib/paylink/gateways.ts. Its column on both tables
 * stays text but loses its check of the four values, so a new gateway needs no migration; the
 * module refuses a gateway that is not in the table before it writes. Down puts the checks back
 * (and fails, as it should, while a row names a gateway outside the four).
 */
export class Migration20261125113000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_checkout" drop constraint if exists "paylink_checkout_gateway_check";`
    )
    this.addSql(
      `alter table if exists "paylink_gateway_settings" drop constraint if exists "paylink_gateway_settings_gateway_check";`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_checkout" add constraint "paylink_checkout_gateway_check" check ("gateway" in ('gateway_a', 'gateway_a_subscription', 'gateway_b', 'gateway_c'));`
    )
    this.addSql(
      `alter table if exists "paylink_gateway_settings" add constraint "paylink_gateway_settings_gateway_check" check ("gateway" in ('gateway_a', 'gateway_a_subscription', 'gateway_b', 'gateway_c'));`
    )
  }
}
