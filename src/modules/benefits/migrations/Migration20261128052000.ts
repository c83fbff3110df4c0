import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * `applies_to`: what a percentage benefit is computed on. Rules that exist keep their behaviour
 * (the percentage of the cart's total, shipping included): the column is added with
 * 'items_and_shipping', which fills every existing row, and only then does the default become
 * 'items' (goods only) for the rules created from now on.
 */
export class Migration20261128052000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "benefit_rule" add column if not exists "applies_to" text check ("applies_to" in ('items', 'items_and_shipping')) not null default 'items_and_shipping';`
    )
    this.addSql(
      `alter table if exists "benefit_rule" alter column "applies_to" set default 'items';`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "benefit_rule" drop column if exists "applies_to";`
    )
  }
}
