import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { deleteStoredFile } from "../lib/reconciliation/stored-file-gone"
import { PAYLINK_MODULE } from "../modules/paylink"
import type PaylinkModuleService from "../modules/paylink/services/paylink-module"
import { jobSchedule, PACING } from "../lib/testing/pacing"

/** An upload no reconciliation used is deleted after this: it holds card digits the store has no use for. */
const DELETE_AFTER_MS = PACING.orphanUploadAfterMs

/** A claim this old is a run that stopped between claiming and deleting: another run takes it again. */
const STALE_CLAIM_MS = 15 * 60_000

/** A mark this old with no reconciliation is a create that died (no compensation after a restart). */
const STALE_MARK_MS = 3_600_000

/** Uploads claimed per statement: a run goes on until none is left. */
const BATCH = 100

/**
 * Each unused upload is claimed by one instance (compare-and-set), its file deleted and found gone,
 * then its record forgotten (docs/architecture.md#uploads-and-the-read). Logs counts, never a key.
 */
export default async function deleteOrphanPaylinkUploads(
  container: MedusaContainer
) {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const files = container.resolve(Modules.FILE)
  const logger = container.resolve("logger")
  let deleted = 0
  let failed = 0
  for (;;) {
    const now = Date.now()
    const claimed = await paylink.claimOrphanReconciliationUploads(
      new Date(now - DELETE_AFTER_MS),
      new Date(now - STALE_CLAIM_MS),
      STALE_MARK_MS,
      BATCH
    )
    for (const upload of claimed) {
      if (!(await deleteStoredFile(files, upload.file_key))) {
        failed++
        continue
      }
      if (await paylink.forgetClaimedReconciliationUpload(upload)) deleted++
    }
    if (claimed.length < BATCH) break
  }
  if (deleted)
    logger.info(
      `paylink: deleted ${deleted} reconciliation upload(s) never used for a reconciliation`
    )
  if (failed)
    logger.warn(
      `paylink: ${failed} unused reconciliation upload(s) could not be deleted from the File module; tried again later`
    )
}

/** Every hour (tests run it more often: lib/testing/pacing). */
export const config = {
  name: "delete-orphan-paylink-uploads",
  schedule: jobSchedule("PAYLINK_ORPHAN_UPLOADS_INTERVAL_MS", "0 * * * *"),
}
