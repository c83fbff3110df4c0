import type { MedusaContainer } from "@medusajs/framework/types"
import { PAYLINK_MODULE } from "../modules/paylink"
import type PaylinkModuleService from "../modules/paylink/services/paylink-module"
import { settlePaylinkCheckoutWorkflow } from "../workflows/paylink/workflows/settle-paylink-checkout"
import { jobSchedule, PACING } from "../lib/testing/pacing"

/** A return is settled within seconds; one still `returned` after this was interrupted. */
const STRANDED_AFTER_MS = PACING.strandedAfterMs

/**
 * A verified return must end in a paid order or with the merchant even when its process stopped
 * midway: each record is settled from the state as it is now (docs/architecture.md#interruptions).
 */
export async function settleStrandedReturns(
  container: MedusaContainer,
  now = new Date()
): Promise<number> {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const logger = container.resolve("logger")
  const stranded = await paylink.listStrandedReturns(
    new Date(now.getTime() - STRANDED_AFTER_MS)
  )
  for (const record of stranded) {
    try {
      const { result: outcome } = await settlePaylinkCheckoutWorkflow(
        container
      ).run({ input: { record_id: record.id } })
      logger.info(
        `paylink: interrupted return of link ${record.number} settled: ${outcome.order_id ? `order ${outcome.order_id}` : "needs attention"}`
      )
    } catch (error) {
      // The next run tries again; one record must not stop the others.
      logger.warn(
        `paylink: settling the interrupted return of link ${record.number} failed: ${(error as Error)?.message}`
      )
    }
  }
  return stranded.length
}

export default async function settleStrandedPaylinkReturns(
  container: MedusaContainer
) {
  await settleStrandedReturns(container)
}

/** Every 5 minutes (tests run it more often: lib/testing/pacing). */
export const config = {
  name: "settle-stranded-paylink-returns",
  schedule: jobSchedule("PAYLINK_STRANDED_INTERVAL_MS", "*/5 * * * *"),
}
