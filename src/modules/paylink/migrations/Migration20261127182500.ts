import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * A read's failed writes, counted per batch: the resume job reads a reconciliation again after a
 * failed batch, and a batch the database refuses every time ends the read `failed` after a few
 * attempts instead of being read again forever (read-reconciliation-file.ts).
 */
export class Migration20261127182500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_reconciliation" add column if not exists "read_failures" integer not null default 0, add column if not exists "read_failed_line" integer null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "paylink_reconciliation" drop column if exists "read_failures", drop column if exists "read_failed_line";`
    )
  }
}
