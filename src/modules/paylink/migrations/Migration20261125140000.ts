import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The uploads the reconciliation upload route stored in the File module, so that one never turned
 * into a reconciliation can be found and deleted (jobs/delete-orphan-paylink-uploads.ts). Generated
 * by `medusa plugin:db:generate` from the model, renamed to run after Migration20261125130000 (the
 * generator dates it by the clock).
 */
export class Migration20261125140000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_reconciliation_upload" drop constraint if exists "paylink_reconciliation_upload_file_key_unique";`
    )
    this.addSql(
      `create table if not exists "paylink_reconciliation_upload" ("id" text not null, "file_key" text not null, "gateway" text not null, "file_size" integer not null, "file_sha256" text null, "created_by" text null, "used_at" timestamptz null, "claimed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "paylink_reconciliation_upload_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_paylink_reconciliation_upload_deleted_at" ON "paylink_reconciliation_upload" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_paylink_reconciliation_upload_file_key_unique" ON "paylink_reconciliation_upload" ("file_key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_paylink_reconciliation_upload_created_at" ON "paylink_reconciliation_upload" ("created_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "paylink_reconciliation_upload" cascade;`)
  }
}
