import type { MedusaContainer } from "@medusajs/framework/types"
import { PAYLINK_MODULE } from "../modules/paylink"
import type PaylinkModuleService from "../modules/paylink/service"

/**
 * Links nobody came back through: once their return links can no longer be honoured they are
 * marked expired, so the admin list tells open links from dead ones.
 */
export default async function expirePaylinkCheckouts(container: MedusaContainer) {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const expired = await paylink.expireOverdue(new Date())
  // One line per run at debug level (LOG_LEVEL=debug): shows which process ran it.
  container.resolve("logger").debug(`paylink: expiry job ran: ${expired} expired`)
  if (expired) {
    container.resolve("logger").info(`paylink: ${expired} payment link(s) expired`)
  }
}

/**
 * Every 15 minutes. PAYLINK_EXPIRY_INTERVAL_MS (milliseconds) runs it more often instead: the
 * several-instances test (integration-tests/cluster) runs it every few seconds to watch where it runs.
 */
const intervalMs = Number(process.env.PAYLINK_EXPIRY_INTERVAL_MS)

export const config = {
  name: "expire-paylink-checkouts",
  schedule: intervalMs > 0 ? { interval: intervalMs } : "*/15 * * * *",
}
