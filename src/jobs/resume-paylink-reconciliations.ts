import type { MedusaContainer } from "@medusajs/framework/types"
import { PAYLINK_MODULE } from "../modules/paylink"
import type PaylinkModuleService from "../modules/paylink/service"
import { readReconciliationWorkflow } from "../workflows/paylink/workflows/read-reconciliation"

/**
 * A read writes its progress after every batch (a few seconds apart at most); one with no progress
 * for this long had its process stop (a restart, a crash) and is read again from the start.
 * PAYLINK_STALE_READ_AFTER_MS shortens it for the crash test (integration-tests/crash).
 */
const STALE_AFTER_MS = Number(process.env.PAYLINK_STALE_READ_AFTER_MS) > 0 ? Number(process.env.PAYLINK_STALE_READ_AFTER_MS) : 2 * 60_000

/** Reads left `reading` by a process that stopped: each is claimed by one instance and re-run (idempotent). */
export default async function resumePaylinkReconciliations(container: MedusaContainer) {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const ids = await paylink.claimStaleReconciliationReads(new Date(Date.now() - STALE_AFTER_MS))
  for (const id of ids) {
    container.resolve("logger").warn(`paylink: reconciliation ${id} was left reading; reading it again`)
    await readReconciliationWorkflow(container).run({ input: { id } })
  }
}

/** Every minute; PAYLINK_RESUME_READS_INTERVAL_MS (milliseconds) runs it more often (the crash test). */
const intervalMs = Number(process.env.PAYLINK_RESUME_READS_INTERVAL_MS)

export const config = {
  name: "resume-paylink-reconciliations",
  schedule: intervalMs > 0 ? { interval: intervalMs } : "* * * * *",
}
