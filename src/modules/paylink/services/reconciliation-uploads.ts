/**
 * The uploads the reconciliation upload route stored (models/paylink-reconciliation-upload.ts):
 * recorded when stored, marked used by the create workflow, and claimed then forgotten by the
 * cleanup job, which deletes the files themselves (a module cannot reach the File module).
 */
import type { Context, ModulesSdkTypes } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaError } from "@medusajs/framework/utils"
import { executeOne } from "../../../lib/shared-transaction"
import * as SQL from "../reconciliation-upload-sql"
import type PaylinkReconciliationUpload from "../models/paylink-reconciliation-upload"

export type UploadRecord = { file_key: string; gateway: string; file_size: number; file_sha256: string | null; created_by: string | null }
export type ClaimedUpload = { id: string; file_key: string; claimed_at: Date }

type Cradle = {
  /** Read by @InjectManager, which opens a manager when the caller passed none. */
  baseRepository: unknown
  paylinkReconciliationUploadService: ModulesSdkTypes.IMedusaInternalService<typeof PaylinkReconciliationUpload>
}

export class ReconciliationUploadService {
  protected readonly baseRepository_: Cradle["baseRepository"]
  protected readonly uploads_: Cradle["paylinkReconciliationUploadService"]

  constructor({ baseRepository, paylinkReconciliationUploadService }: Cradle) {
    this.baseRepository_ = baseRepository
    this.uploads_ = paylinkReconciliationUploadService
  }

  @InjectManager()
  async record(upload: UploadRecord, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.uploads_.create(upload, sharedContext)
  }

  /**
   * Marks the upload used: the cleanup will not take it. Its id when this call marked it (what
   * the compensation clears), null when there is nothing to undo: already used, or an upload
   * stored before uploads were recorded (the cleanup never sees those). Refused when a cleanup
   * already took it: its file is being deleted.
   */
  @InjectManager()
  async markUsed(fileKey: string, @MedusaContext() sharedContext: Context = {}): Promise<string | null> {
    const [marked] = await executeOne(sharedContext, SQL.markUsed(fileKey))
    if (marked) return marked.id as string
    const [row] = await executeOne(sharedContext, SQL.uploadState(fileKey))
    if (row && row.used_at === null && row.claimed_at !== null) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "file_key: this upload was never used and has been deleted; upload the file again.")
    }
    return null
  }

  /** Undoes markUsed. */
  @InjectManager()
  async unmarkUsed(id: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await executeOne(sharedContext, SQL.unmarkUsed(id))
  }

  /** Uploads older than `before`, never used, now this caller's to delete (SQL.claimOrphans). */
  @InjectManager()
  async claimOrphans(before: Date, staleClaim: Date, limit: number, @MedusaContext() sharedContext: Context = {}): Promise<ClaimedUpload[]> {
    const claimedAt = new Date()
    const rows = await executeOne(sharedContext, SQL.claimOrphans(before, staleClaim, claimedAt, limit))
    return rows.map((r) => ({ id: r.id as string, file_key: r.file_key as string, claimed_at: claimedAt }))
  }

  /** Deletes the record of a claimed upload whose file is gone; false if the claim was no longer this caller's. */
  @InjectManager()
  async forgetClaimed(upload: ClaimedUpload, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    return (await executeOne(sharedContext, SQL.deleteClaimed(upload.id, upload.claimed_at))).length > 0
  }
}
