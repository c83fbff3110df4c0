import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Gateway credentials set in the admin: one row per gateway, the token sealed. */
export class Migration20261122200000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "paylink_gateway_settings" ("id" text not null, "gateway" text check ("gateway" in ('gateway_a', 'gateway_a_subscription', 'gateway_b', 'gateway_c')) not null, "token_sealed" text null, "token_last4" text null, "path_segment" text null, "base_url" text null, "enabled" boolean not null default true, "version" integer not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "paylink_gateway_settings_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_paylink_gateway_settings_gateway_unique" ON "paylink_gateway_settings" ("gateway") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_paylink_gateway_settings_deleted_at" ON "paylink_gateway_settings" ("deleted_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "paylink_gateway_settings" cascade;`)
  }
}
