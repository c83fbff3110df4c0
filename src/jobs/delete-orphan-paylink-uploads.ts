import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { deleteStoredFile } from "../lib/reconciliation/stored-file-gone"
import { PAYLINK_MODULE } from "../modules/paylink"
import type PaylinkModuleService from "../modules/paylink/services/paylink-module"
import { jobSchedule, PACING } from "../lib/testing/pacing"

/**
 * An uploaded export no reconciliation was created from this long after its upload (the merchant
 * closed the mapping step, or uploaded another file instead) is deleted: it holds card digits and
 * authorization codes the store has no use for.
 */
const DELETE_AFTER_MS = PACING.orphanUploadAfterMs

/** A claim this old is a run that stopped between claiming and deleting: another run takes it again. */
const STALE_CLAIM_MS = 15 * 60_000

/**
 * A create marks its upload used before reading the whole file and writing the reconciliation: a
 * mark this old with no reconciliation is one whose create died in between (the in-memory workflow
 * engine does not compensate after a restart), and the upload is unused after all.
 */
const STALE_MARK_MS = 3_600_000

/** Uploads claimed per statement: a run goes on until none is left. */
const BATCH = 100

/**
 * Deletes the unused uploads (never marked used, or marked STALE_MARK_MS ago with no reconciliation):
 * each claimed by one instance (compare-and-set), its file deleted from the File module and found
 * gone, then its record. A file a reconciliation references is never claimed. A file still there
 * leaves the claim, taken again after STALE_CLAIM_MS. Logs counts only, never a key.
 */
export default async function deleteOrphanPaylinkUploads(container: MedusaContainer) {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const files = container.resolve(Modules.FILE)
  const logger = container.resolve("logger")
  let deleted = 0
  let failed = 0
  for (;;) {
    const now = Date.now()
    const claimed = await paylink.claimOrphanReconciliationUploads(new Date(now - DELETE_AFTER_MS), new Date(now - STALE_CLAIM_MS), STALE_MARK_MS, BATCH)
    for (const upload of claimed) {
      if (!(await deleteStoredFile(files, upload.file_key))) {
        failed++
        continue
      }
      if (await paylink.forgetClaimedReconciliationUpload(upload)) deleted++
    }
    if (claimed.length < BATCH) break
  }
  if (deleted) logger.info(`paylink: deleted ${deleted} reconciliation upload(s) never used for a reconciliation`)
  if (failed) logger.warn(`paylink: ${failed} unused reconciliation upload(s) could not be deleted from the File module; tried again later`)
}

/** Every hour (tests run it more often: lib/testing/pacing). */
export const config = {
  name: "delete-orphan-paylink-uploads",
  schedule: jobSchedule("PAYLINK_ORPHAN_UPLOADS_INTERVAL_MS", "0 * * * *"),
}
