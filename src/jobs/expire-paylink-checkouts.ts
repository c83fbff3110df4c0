import type { MedusaContainer } from "@medusajs/framework/types"
import { PAYLINK_MODULE } from "../modules/paylink"
import type PaylinkModuleService from "../modules/paylink/services/paylink-module"
import { jobSchedule, PACING } from "../lib/testing/pacing"

/** Longer than any link request can run (the cart's lock lives 180 s). */
const UNANSWERED_AFTER_MS = PACING.unansweredAfterMs

/** Links whose return links can no longer be honoured become expired; unanswered ones are withdrawn. */
export default async function expirePaylinkCheckouts(
  container: MedusaContainer
) {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const now = new Date()
  const withdrawn = await paylink.withdrawUnanswered(
    new Date(now.getTime() - UNANSWERED_AFTER_MS)
  )
  if (withdrawn) {
    container
      .resolve("logger")
      .warn(
        `paylink: ${withdrawn} payment link(s) without the service's answer withdrawn`
      )
  }
  const expired = await paylink.expireOverdue(now)
  container
    .resolve("logger")
    .debug(`paylink: expiry job ran: ${expired} expired`)
  if (expired) {
    container
      .resolve("logger")
      .info(`paylink: ${expired} payment link(s) expired`)
  }
}

/** Every 15 minutes (the several-instances test runs it every few seconds: lib/testing/pacing). */
export const config = {
  name: "expire-paylink-checkouts",
  schedule: jobSchedule("PAYLINK_EXPIRY_INTERVAL_MS", "*/15 * * * *"),
}
