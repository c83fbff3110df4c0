/**
 * The statements of the upload records (models/paylink-reconciliation-upload.ts). Using an upload
 * and claiming it for deletion are compare-and-sets on the same row, each refused once the other
 * happened: Postgres runs them one after the other and re-checks the second's condition, so a file
 * is never deleted under a reconciliation being created from it, and two cleanup runs never both
 * take one upload.
 */
type Statement = [string, unknown[]]

/** Marks the upload used, unless it is already used or taken for deletion; its id when marked. */
export function markUsed(fileKey: string): Statement {
  return [
    `update "paylink_reconciliation_upload" set "used_at" = now(), "updated_at" = now()
      where "file_key" = ? and "used_at" is null and "claimed_at" is null and "deleted_at" is null returning "id"`,
    [fileKey],
  ]
}

/** The upload's state, when markUsed changed nothing: already used, taken for deletion, or not recorded. */
export function uploadState(fileKey: string): Statement {
  return [
    `select "id", "used_at", "claimed_at" from "paylink_reconciliation_upload" where "file_key" = ? and "deleted_at" is null`,
    [fileKey],
  ]
}

/** Undoes markUsed (the reconciliation was not created): the upload is an orphan again. */
export function unmarkUsed(id: string): Statement {
  return [`update "paylink_reconciliation_upload" set "used_at" = null, "updated_at" = now() where "id" = ? and "used_at" is not null`, [id]]
}

/**
 * Takes up to `limit` uploads created before `before`, never used and referenced by no
 * reconciliation (whatever its state), for deletion: locked rows are skipped (another run has
 * them), and a claim older than `staleClaim` (its run stopped mid-way) is taken again. `claimAt`
 * comes from the caller (milliseconds, as a Date holds them) so that deleteClaimed can compare it.
 */
export function claimOrphans(before: Date, staleClaim: Date, claimAt: Date, limit: number): Statement {
  return [
    `update "paylink_reconciliation_upload" set "claimed_at" = ?, "updated_at" = now()
      where "id" in (
        select u."id" from "paylink_reconciliation_upload" u
         where u."created_at" < ? and u."used_at" is null and u."deleted_at" is null
           and (u."claimed_at" is null or u."claimed_at" < ?)
           and not exists (select 1 from "paylink_reconciliation" r where r."file_key" = u."file_key")
         order by u."created_at" limit ? for update skip locked)
      returning "id", "file_key"`,
    [claimAt, before, staleClaim, limit],
  ]
}

/** The record of an upload whose file is deleted, only while the claim is still this run's. */
export function deleteClaimed(id: string, claimedAt: Date): Statement {
  return [`delete from "paylink_reconciliation_upload" where "id" = ? and "claimed_at" = ? and "used_at" is null returning "id"`, [id, claimedAt]]
}
