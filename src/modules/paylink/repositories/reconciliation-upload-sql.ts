/**
 * The statements of the upload records (models/paylink-reconciliation-upload.ts). Using an upload
 * and claiming it for deletion are compare-and-sets on one row, each refused once the other happened.
 */
import type { Statement } from "./statement"

/** The stored file's size and hash, once the whole file is stored (recorded before, as 0 and null). */
export function complete(
  fileKey: string,
  size: number,
  sha256: string
): Statement {
  return [
    `update "paylink_reconciliation_upload" set "file_size" = ?, "file_sha256" = ?, "updated_at" = now() where "file_key" = ? and "deleted_at" is null`,
    [size, sha256, fileKey],
  ]
}

/** The record of an upload refused while arriving, its file deleted; never one a create marked. */
export function drop(fileKey: string): Statement {
  return [
    `delete from "paylink_reconciliation_upload" where "file_key" = ? and "used_at" is null`,
    [fileKey],
  ]
}

/**
 * Marks the upload used, unless it is taken for deletion: its id and the mark's time (as text, to
 * the microsecond: what unmarkUsed compares), when marked. An upload already used is marked again:
 * each create then holds its own mark, and one create's compensation never clears another's.
 */
export function markUsed(fileKey: string): Statement {
  return [
    `update "paylink_reconciliation_upload" set "used_at" = now(), "updated_at" = now()
      where "file_key" = ? and "claimed_at" is null and "deleted_at" is null returning "id", "used_at"::text as "used_at"`,
    [fileKey],
  ]
}

/** The upload's state, when markUsed changed nothing: taken for deletion, or not recorded. */
export function uploadState(fileKey: string): Statement {
  return [
    `select "id", "claimed_at" from "paylink_reconciliation_upload" where "file_key" = ? and "deleted_at" is null`,
    [fileKey],
  ]
}

/** Undoes markUsed (the reconciliation was not created), only while the mark is still this one. */
export function unmarkUsed(id: string, usedAt: string): Statement {
  return [
    `update "paylink_reconciliation_upload" set "used_at" = null, "updated_at" = now() where "id" = ? and "used_at" = ?::timestamptz`,
    [id, usedAt],
  ]
}

/**
 * Takes up to `limit` uploads created before `before`, referenced by no reconciliation (whatever
 * its state) and never used or marked used more than `staleMarkMs` ago (by the database's clock,
 * which wrote the mark: a create that died between marking and writing its reconciliation), for
 * deletion: locked rows are skipped (another run has them), and a claim older than `staleClaim`
 * (its run stopped mid-way) is taken again. `claimAt` comes from the caller (milliseconds, as a
 * Date holds them) so that deleteClaimed can compare it.
 */
export function claimOrphans(
  before: Date,
  staleClaim: Date,
  staleMarkMs: number,
  claimAt: Date,
  limit: number
): Statement {
  return [
    `update "paylink_reconciliation_upload" set "claimed_at" = ?, "updated_at" = now()
      where "id" in (
        select u."id" from "paylink_reconciliation_upload" u
         where u."created_at" < ? and u."deleted_at" is null
           and (u."used_at" is null or u."used_at" < now() - ? * interval '1 millisecond')
           and (u."claimed_at" is null or u."claimed_at" < ?)
           and not exists (select 1 from "paylink_reconciliation" r where r."file_key" = u."file_key")
         order by u."created_at" limit ? for update skip locked)
      returning "id", "file_key"`,
    [claimAt, before, staleMarkMs, staleClaim, limit],
  ]
}

/** The record of an upload whose file is deleted, only while the claim is still this run's (markUsed refuses a claimed upload). */
export function deleteClaimed(id: string, claimedAt: Date): Statement {
  return [
    `delete from "paylink_reconciliation_upload" where "id" = ? and "claimed_at" = ? returning "id"`,
    [id, claimedAt],
  ]
}
