/**
 * The module service's reconciliation methods, a base class of PaylinkModuleService so
 * that service.ts stays one screen: the generated CRUD of every model is declared here, and each
 * method hands its work to the internal ReconciliationService (./services/reconciliations).
 */
import type { Context } from "@medusajs/framework/types"
import { MedusaService } from "@medusajs/framework/utils"
import type { ReportPeriod } from "../../lib/reconciliation"
import PaylinkCheckout from "./models/paylink-checkout"
import PaylinkGatewaySettings from "./models/paylink-gateway-settings"
import PaylinkReconciliation from "./models/paylink-reconciliation"
import PaylinkReconciliationBadRow from "./models/paylink-reconciliation-bad-row"
import PaylinkReconciliationEntry from "./models/paylink-reconciliation-entry"
import PaylinkReconciliationMapping from "./models/paylink-reconciliation-mapping"
import PaylinkReconciliationUpload from "./models/paylink-reconciliation-upload"
import type { DeletionMark, MappingSave, ReconciliationService } from "./services/reconciliations"
import type { ReconciliationApplyService } from "./services/reconciliation-apply"
import type { ClaimedUpload, ReconciliationUploadService, UploadMark, UploadRecord } from "./services/reconciliation-uploads"
import type { BadRowInsert, EntryInsert, ReadProgress } from "./reconciliation-sql"
import type { ReconciliationGateway, ReconciliationMapping } from "../../types/reconciliation"

type Cradle = {
  reconciliationService: ReconciliationService
  reconciliationApplyService: ReconciliationApplyService
  reconciliationUploadService: ReconciliationUploadService
}

export class PaylinkReconciliationMethods extends MedusaService({
  PaylinkCheckout,
  PaylinkGatewaySettings,
  PaylinkReconciliation,
  PaylinkReconciliationEntry,
  PaylinkReconciliationBadRow,
  PaylinkReconciliationMapping,
  PaylinkReconciliationUpload,
}) {
  protected readonly reconciliations_: ReconciliationService
  protected readonly apply_: ReconciliationApplyService
  protected readonly uploads_: ReconciliationUploadService

  constructor(container: Cradle, options: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.reconciliations_ = container.reconciliationService
    this.apply_ = container.reconciliationApplyService
    this.uploads_ = container.reconciliationUploadService
  }

  /** The mapping kept from the gateway's last file, or null (the upload then guesses one). */
  async reconciliationMappingOf(gateway: ReconciliationGateway): Promise<ReconciliationMapping | null> {
    return await this.reconciliations_.mappingOf(gateway)
  }

  /** Keeps the mapping for the gateway's next file (upsert on gateway); what it replaced, for the compensation. */
  async saveReconciliationMapping(gateway: ReconciliationGateway, mapping: ReconciliationMapping, userId: string | null, sharedContext?: Context) {
    return await this.reconciliations_.saveMapping(gateway, mapping, userId, sharedContext)
  }

  /** Undoes saveReconciliationMapping. */
  async restoreReconciliationMapping(save: MappingSave, sharedContext?: Context) {
    await this.reconciliations_.restoreMapping(save, sharedContext)
  }

  /** Applying a reconciliation (applyReconciliationWorkflow's steps): its claim, its batches, its finish. */
  readonly reconciliationApply = (): ReconciliationApplyService => this.apply_

  // ---- The background read (ReconciliationService): batched, idempotent, restartable

  /** The records a batch of references names, across every gateway: one indexed query. */
  async findReconciliationRecords(numbers: number[], checkoutIds: string[]) {
    return await this.reconciliations_.findRecords(numbers, checkoutIds)
  }

  /** One batch's entries, bad rows and progress in one transaction. */
  async writeReconciliationBatch(id: string, entries: EntryInsert[], badRows: BadRowInsert[], progress: ReadProgress) {
    await this.reconciliations_.writeBatch(id, entries, badRows, progress)
  }

  /** Orders with no payment in the report's period, the counts, status ready; false if already finished. */
  async finishReconciliationRead(id: string, gateways: string[], period: ReportPeriod, progress: ReadProgress) {
    return await this.reconciliations_.finishRead(id, gateways, period, progress)
  }

  /** Status failed with the reason; false if the read was no longer `reading`. */
  async failReconciliationRead(id: string, error: string) {
    return await this.reconciliations_.failRead(id, error)
  }

  /** One more failed write of the batch starting at `firstLine` (0: the read's end); the failures in a row there. */
  async recordReconciliationBatchFailure(id: string, firstLine: number) {
    return await this.reconciliations_.recordBatchFailure(id, firstLine)
  }

  /** Reads whose process stopped (no progress since `before`), each claimed by one caller. */
  async claimStaleReconciliationReads(before: Date) {
    return await this.reconciliations_.claimStaleReads(before)
  }

  // ---- Deleting a failed or unapplied reconciliation (deleteReconciliationWorkflow's steps)

  /** Marks it deleted when `failed` or `ready` (the mark), else answers its status (null: none). */
  async markReconciliationDeleted(id: string) {
    return await this.reconciliations_.markDeleted(id)
  }

  /** Undoes markReconciliationDeleted. */
  async unmarkReconciliationDeleted(mark: DeletionMark) {
    await this.reconciliations_.unmarkDeleted(mark)
  }

  /** Whether a reconciliation not deleted still reads the file. */
  async reconciliationFileInUse(fileKey: string) {
    return await this.reconciliations_.fileInUse(fileKey)
  }

  /** Deletes the marked reconciliation with its entries and bad rows, and its upload's record once its file is gone. */
  async purgeDeletedReconciliation(mark: DeletionMark, fileGone: boolean) {
    await this.reconciliations_.purgeDeleted(mark, fileGone)
  }

  // ---- The stored uploads (ReconciliationUploadService): unused ones are deleted after a while

  /** Records an upload the route is about to store in the File module (before its first byte). */
  async recordReconciliationUpload(upload: UploadRecord) {
    await this.uploads_.record(upload)
  }

  /** The size and hash of an upload whose file is now stored whole. */
  async completeReconciliationUpload(fileKey: string, size: number, sha256: string) {
    await this.uploads_.complete(fileKey, size, sha256)
  }

  /** Forgets an upload refused while arriving, its file deleted. */
  async dropReconciliationUpload(fileKey: string) {
    await this.uploads_.drop(fileKey)
  }

  /** Marks the upload a reconciliation is created from; the mark, for the compensation (null: an unrecorded upload). */
  async markReconciliationUploadUsed(fileKey: string) {
    return await this.uploads_.markUsed(fileKey)
  }

  /** Undoes markReconciliationUploadUsed, unless another create marked the upload since. */
  async unmarkReconciliationUploadUsed(mark: UploadMark) {
    await this.uploads_.unmarkUsed(mark)
  }

  /** Uploads unused (never marked, or marked `staleMarkMs` ago with no reconciliation), created before `before`, each claimed by one caller for deletion. */
  async claimOrphanReconciliationUploads(before: Date, staleClaim: Date, staleMarkMs: number, limit: number) {
    return await this.uploads_.claimOrphans(before, staleClaim, staleMarkMs, limit)
  }

  /** The record of a claimed upload whose file is deleted; false if the claim was taken from this caller. */
  async forgetClaimedReconciliationUpload(upload: ClaimedUpload) {
    return await this.uploads_.forgetClaimed(upload)
  }
}
