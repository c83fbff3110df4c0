import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { PAYLINK_MODULE } from "../modules/paylink"
import type PaylinkModuleService from "../modules/paylink/service"

/**
 * An uploaded export no reconciliation was created from this long after its upload (the merchant
 * closed the mapping step, or uploaded another file instead) is deleted: it holds card digits and
 * authorization codes the store has no use for. PAYLINK_ORPHAN_UPLOAD_AFTER_MS shortens it (tests).
 */
const DELETE_AFTER_MS = Number(process.env.PAYLINK_ORPHAN_UPLOAD_AFTER_MS) > 0 ? Number(process.env.PAYLINK_ORPHAN_UPLOAD_AFTER_MS) : 24 * 3_600_000

/** A claim this old is a run that stopped between claiming and deleting: another run takes it again. */
const STALE_CLAIM_MS = 15 * 60_000

/** Uploads claimed per statement: a run goes on until none is left. */
const BATCH = 100

/** Whether a failed delete says the file is not there: a file already gone counts as deleted. */
function isGone(error: unknown): boolean {
  if (error instanceof MedusaError) return error.type === MedusaError.Types.NOT_FOUND
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown }
  return code === "ENOENT" || code === "NoSuchKey" || name === "NoSuchKey" || name === "NotFound"
}

/**
 * Deletes the unused uploads: each claimed by one instance (compare-and-set), its file deleted from
 * the File module, then its record. A file a reconciliation references is never claimed. A delete
 * that fails leaves the claim, taken again after STALE_CLAIM_MS. Logs counts only, never a key.
 */
export default async function deleteOrphanPaylinkUploads(container: MedusaContainer) {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const files = container.resolve(Modules.FILE)
  const logger = container.resolve("logger")
  let deleted = 0
  let failed = 0
  for (;;) {
    const now = Date.now()
    const claimed = await paylink.claimOrphanReconciliationUploads(new Date(now - DELETE_AFTER_MS), new Date(now - STALE_CLAIM_MS), BATCH)
    for (const upload of claimed) {
      try {
        await files.deleteFiles(upload.file_key)
      } catch (error) {
        if (!isGone(error)) {
          failed++
          continue
        }
      }
      if (await paylink.forgetClaimedReconciliationUpload(upload)) deleted++
    }
    if (claimed.length < BATCH) break
  }
  if (deleted) logger.info(`paylink: deleted ${deleted} reconciliation upload(s) never used for a reconciliation`)
  if (failed) logger.warn(`paylink: ${failed} unused reconciliation upload(s) could not be deleted from the File module; tried again later`)
}

/** Every hour; PAYLINK_ORPHAN_UPLOADS_INTERVAL_MS (milliseconds) runs it more often (tests). */
const intervalMs = Number(process.env.PAYLINK_ORPHAN_UPLOADS_INTERVAL_MS)

export const config = {
  name: "delete-orphan-paylink-uploads",
  schedule: intervalMs > 0 ? { interval: intervalMs } : "0 * * * *",
}
