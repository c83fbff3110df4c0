/**
 * The uploads the reconciliation upload route stored (models/paylink-reconciliation-upload.ts):
 * recorded before its first byte is stored, marked used by the create workflow, and claimed then forgotten by the
 * cleanup job, which deletes the files themselves (a module cannot reach the File module).
 */
import type { Context, ModulesSdkTypes } from "@medusajs/framework/types"
import {
  InjectManager,
  MedusaContext,
  MedusaError,
} from "@medusajs/framework/utils"
import { executeOne } from "../../../lib/common/shared-transaction"
import * as SQL from "../repositories/reconciliation-upload-sql"
import type PaylinkReconciliationUpload from "../models/paylink-reconciliation-upload"

export type UploadRecord = {
  file_key: string
  gateway: string
  file_size: number
  file_sha256: string | null
  created_by: string | null
}
export type ClaimedUpload = { id: string; file_key: string; claimed_at: Date }
/** A create's mark on its upload: `used_at` to the microsecond, as the database wrote it (compared by unmarkUsed). */
export type UploadMark = { id: string; used_at: string }

type Cradle = {
  /** Read by @InjectManager, which opens a manager when the caller passed none. */
  baseRepository: unknown
  paylinkReconciliationUploadService: ModulesSdkTypes.IMedusaInternalService<
    typeof PaylinkReconciliationUpload
  >
}

export class ReconciliationUploadService {
  protected readonly baseRepository_: Cradle["baseRepository"]
  protected readonly uploads_: Cradle["paylinkReconciliationUploadService"]

  constructor({ baseRepository, paylinkReconciliationUploadService }: Cradle) {
    this.baseRepository_ = baseRepository
    this.uploads_ = paylinkReconciliationUploadService
  }

  @InjectManager()
  async record(
    upload: UploadRecord,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await this.uploads_.create(upload, sharedContext)
  }

  /** The stored file's size and hash, once the upload recorded before its first byte is whole. */
  @InjectManager()
  async complete(
    fileKey: string,
    size: number,
    sha256: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await executeOne(sharedContext, SQL.complete(fileKey, size, sha256))
  }

  /** Forgets an upload refused while arriving, whose file is deleted. */
  @InjectManager()
  async drop(
    fileKey: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await executeOne(sharedContext, SQL.drop(fileKey))
  }

  /**
   * Marks the upload used: the cleanup will not take it. The mark (what the compensation clears),
   * or null when there is nothing to undo: an upload stored before uploads were recorded (the
   * cleanup never sees those). An upload already used is marked again, this create's own mark.
   * Refused when a cleanup already took it: its file is being deleted.
   */
  @InjectManager()
  async markUsed(
    fileKey: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<UploadMark | null> {
    const [marked] = await executeOne(sharedContext, SQL.markUsed(fileKey))
    if (marked)
      return { id: marked.id as string, used_at: marked.used_at as string }
    const [row] = await executeOne(sharedContext, SQL.uploadState(fileKey))
    if (row && row.claimed_at !== null) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        "file_key: this upload was never used and has been deleted; upload the file again."
      )
    }
    return null
  }

  /** Undoes markUsed, unless another create marked the upload since (its mark stays). */
  @InjectManager()
  async unmarkUsed(
    mark: UploadMark,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await executeOne(sharedContext, SQL.unmarkUsed(mark.id, mark.used_at))
  }

  /**
   * Uploads older than `before`, never used or marked more than `staleMarkMs` ago with no
   * reconciliation, now this caller's to delete (SQL.claimOrphans).
   */
  @InjectManager()
  async claimOrphans(
    before: Date,
    staleClaim: Date,
    staleMarkMs: number,
    limit: number,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<ClaimedUpload[]> {
    const claimedAt = new Date()
    const rows = await executeOne(
      sharedContext,
      SQL.claimOrphans(before, staleClaim, staleMarkMs, claimedAt, limit)
    )
    return rows.map((r) => ({
      id: r.id as string,
      file_key: r.file_key as string,
      claimed_at: claimedAt,
    }))
  }
  /** Deletes the record of a claimed upload whose file is gone; false if the claim was no longer this caller's. */
  @InjectManager()
  async forgetClaimed(
    upload: ClaimedUpload,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<boolean> {
    return (
      (
        await executeOne(
          sharedContext,
          SQL.deleteClaimed(upload.id, upload.claimed_at)
        )
      ).length > 0
    )
  }
}
