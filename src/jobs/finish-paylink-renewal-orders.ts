import type { MedusaContainer } from "@medusajs/framework/types"
import { PAYLINK_MODULE } from "../modules/paylink"
import type PaylinkModuleService from "../modules/paylink/services/paylink-module"
import { makeRenewalOrder } from "../workflows/subscriptions/steps/make-renewal-order"
import { jobSchedule, PACING } from "../lib/testing/pacing"

/**
 * A renewal recorded by an apply whose process stopped before its order was made (or paid) is left
 * `making`: finished here with the id it chose, so the order exists once and is paid once, whether
 * or not the merchant applies the reconciliation again (docs/subscriptions.md#renewal-orders). An
 * apply that is alive touches its renewals within this time; the per-renewal lock keeps the two apart.
 */
export async function finishRenewalOrders(
  container: MedusaContainer,
  now = new Date()
): Promise<number> {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const logger = container.resolve("logger")
  const left = await paylink.renewalsLeftMaking(
    new Date(now.getTime() - PACING.staleApplyAfterMs)
  )
  for (const id of left) {
    try {
      const outcome = await makeRenewalOrder(container, id)
      if (outcome.state !== "skipped")
        logger.info(
          `paylink: renewal ${id}, left being made by a stopped apply: order ${outcome.order_id} ${outcome.state}`
        )
    } catch (error) {
      // The next run tries again; one renewal must not stop the others.
      logger.warn(
        `paylink: finishing the order of renewal ${id} failed: ${(error as Error)?.message}`
      )
    }
  }
  return left.length
}

export default async function finishPaylinkRenewalOrders(
  container: MedusaContainer
) {
  await finishRenewalOrders(container)
}

/** Every 5 minutes (tests run it more often: lib/testing/pacing). */
export const config = {
  name: "finish-paylink-renewal-orders",
  schedule: jobSchedule("PAYLINK_RENEWAL_ORDERS_INTERVAL_MS", "*/5 * * * *"),
}
