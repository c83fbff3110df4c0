import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122033557 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "benefit_rule" ("id" text not null, "code" integer not null, "name" text not null, "description" text null, "kind" text check ("kind" in ('percentage', 'fixed')) not null, "value" numeric not null, "cap" numeric null, "min_total" numeric null, "active" boolean not null default true, "starts_at" timestamptz null, "ends_at" timestamptz null, "raw_value" jsonb not null, "raw_cap" jsonb null, "raw_min_total" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "benefit_rule_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_benefit_rule_deleted_at" ON "benefit_rule" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_benefit_rule_active" ON "benefit_rule" ("active") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "benefit_redemption" ("id" text not null, "cart_id" text not null, "order_id" text null, "rule_id" text not null, "benefit_code" integer not null, "card_last4" text not null, "card_fingerprint" text not null, "discount" numeric not null, "total" numeric not null, "currency_code" text not null, "authorization" text null, "confirmation" text null, "status" text check ("status" in ('authorized', 'stale', 'removed', 'redeemed', 'failed')) not null, "promotion_id" text null, "promotion_code" text null, "failure_reason" text null, "authorized_at" timestamptz null, "stale_at" timestamptz null, "removed_at" timestamptz null, "redeemed_at" timestamptz null, "raw_discount" jsonb not null, "raw_total" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "benefit_redemption_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_benefit_redemption_rule_id" ON "benefit_redemption" ("rule_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_benefit_redemption_deleted_at" ON "benefit_redemption" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_benefit_redemption_cart_id" ON "benefit_redemption" ("cart_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_benefit_redemption_order_id" ON "benefit_redemption" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_benefit_redemption_status" ON "benefit_redemption" ("status") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_benefit_redemption_card_fingerprint" ON "benefit_redemption" ("card_fingerprint") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "benefits_settings" ("id" text not null, "base_url" text null, "user" text null, "password_sealed" text null, "branch" integer null, "enabled" boolean not null default false, "token_sealed" text null, "token_obtained_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "benefits_settings_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_benefits_settings_deleted_at" ON "benefits_settings" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `alter table if exists "benefit_redemption" add constraint "benefit_redemption_rule_id_foreign" foreign key ("rule_id") references "benefit_rule" ("id") on update cascade;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "benefit_redemption" drop constraint if exists "benefit_redemption_rule_id_foreign";`
    )

    this.addSql(`drop table if exists "benefit_rule" cascade;`)

    this.addSql(`drop table if exists "benefit_redemption" cascade;`)

    this.addSql(`drop table if exists "benefits_settings" cascade;`)
  }
}
