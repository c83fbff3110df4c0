import type { MedusaContainer } from "@medusajs/framework/types"
import { PAYLINK_MODULE } from "../modules/paylink"
import type PaylinkModuleService from "../modules/paylink/service"

/**
 * Longer than any link request can run (timeoutMs is at most 120 s; the cart's lock lives 180 s):
 * a record still without the service's answer after this will never get it.
 * PAYLINK_UNANSWERED_AFTER_MS shortens it for the crash test (integration-tests/crash).
 */
const UNANSWERED_AFTER_MS = Number(process.env.PAYLINK_UNANSWERED_AFTER_MS) > 0 ? Number(process.env.PAYLINK_UNANSWERED_AFTER_MS) : 5 * 60_000

/**
 * Links nobody came back through: once their return links can no longer be honoured they are
 * marked expired, so the admin list tells open links from dead ones. Links whose creation was
 * interrupted before the service's answer was recorded are withdrawn.
 */
export default async function expirePaylinkCheckouts(container: MedusaContainer) {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const now = new Date()
  const withdrawn = await paylink.withdrawUnanswered(new Date(now.getTime() - UNANSWERED_AFTER_MS))
  if (withdrawn) {
    container.resolve("logger").warn(`paylink: ${withdrawn} payment link(s) without the service's answer withdrawn`)
  }
  const expired = await paylink.expireOverdue(now)
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
