import type { MedusaContainer } from "@medusajs/framework/types"
import { readErrorSummary } from "../lib/reconciliation"
import { PAYLINK_MODULE } from "../modules/paylink"
import type PaylinkModuleService from "../modules/paylink/services/paylink-module"
import { readReconciliationWorkflow } from "../workflows/paylink/workflows/read-reconciliation"
import { jobSchedule, PACING } from "../lib/testing/pacing"

/** A read writes progress after every batch: one silent this long stopped, and is read again from the start. */
const STALE_AFTER_MS = PACING.staleReadAfterMs

/** Reads left `reading` by a stopped process or a failed write, each claimed by one instance and re-run. */
export default async function resumePaylinkReconciliations(
  container: MedusaContainer
) {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const ids = await paylink.claimStaleReconciliationReads(
    new Date(Date.now() - STALE_AFTER_MS)
  )
  const logger = container.resolve("logger")
  for (const id of ids) {
    logger.warn(
      `paylink: reconciliation ${id} was left reading; reading it again`
    )
    // One read failing again leaves the others to run; logged by ids, lines and codes, never rows.
    try {
      await readReconciliationWorkflow(container).run({ input: { id } })
    } catch (error) {
      logger.warn(
        `paylink: reconciliation ${id} stopped again; read again later: ${readErrorSummary(error)}`
      )
    }
  }
}

/** Every minute (tests run it more often: lib/testing/pacing). */
export const config = {
  name: "resume-paylink-reconciliations",
  schedule: jobSchedule("PAYLINK_RESUME_READS_INTERVAL_MS", "* * * * *"),
}
