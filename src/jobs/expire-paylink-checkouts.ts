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
  if (expired) {
    container.resolve("logger").info(`paylink: ${expired} payment link(s) expired`)
  }
}

export const config = {
  name: "expire-paylink-checkouts",
  schedule: "*/15 * * * *",
}
