/**
 * Deleting a reconciliation: marked deleted first (only `failed` or `ready`, in the same statement,
 * so an apply claiming it at the same moment takes one or the other), then purged with its entries
 * and bad rows once its stored file is dealt with. The upload's record goes only with its file.
 */
import type { Statement } from "./statement"

/**
 * Deletable statuses: an unapplied read result, or a read that failed. Never one in progress or
 * applied, nor a `ready` one an apply left part way (a failed apply, or a hook handler that threw):
 * its entries are the record of what it changed, and applying it again finishes it.
 */
export const DELETABLE_STATUSES = ["failed", "ready"] as const

export function markDeleted(id: string, at: Date): Statement {
  return [
    `update "paylink_reconciliation" set "deleted_at" = ?, "updated_at" = now()
      where "id" = ? and "status" in ('failed', 'ready') and "applied_changes" is null and "deleted_at" is null returning "file_key"`,
    [at, id],
  ]
}

export function statusOf(id: string): Statement {
  return [
    `select "status", "applied_changes" is not null as "partly_applied" from "paylink_reconciliation" where "id" = ? and "deleted_at" is null`,
    [id],
  ]
}

/** Undoes markDeleted, only its own mark. */
export function unmarkDeleted(id: string, at: Date): Statement {
  return [
    `update "paylink_reconciliation" set "deleted_at" = null, "updated_at" = now() where "id" = ? and "deleted_at" = ? returning "id"`,
    [id, at],
  ]
}

/** Whether a reconciliation not deleted still reads this file (one upload may make several). */
export function fileInUse(fileKey: string): Statement {
  return [
    `select 1 from "paylink_reconciliation" where "file_key" = ? and "deleted_at" is null limit 1`,
    [fileKey],
  ]
}

export function purgeEntries(id: string): Statement {
  return [
    `delete from "paylink_reconciliation_entry" where "reconciliation_id" = ?`,
    [id],
  ]
}

export function purgeBadRows(id: string): Statement {
  return [
    `delete from "paylink_reconciliation_bad_row" where "reconciliation_id" = ?`,
    [id],
  ]
}

export function purgeReconciliation(id: string, at: Date): Statement {
  return [
    `delete from "paylink_reconciliation" where "id" = ? and "deleted_at" = ? returning "id"`,
    [id, at],
  ]
}

export function forgetUpload(fileKey: string): Statement {
  return [
    `delete from "paylink_reconciliation_upload" where "file_key" = ?`,
    [fileKey],
  ]
}
