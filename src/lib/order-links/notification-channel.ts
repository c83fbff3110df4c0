/**
 * Whether the store can send e-mail through Medusa's notification module: a provider enabled for
 * the `email` channel, as the module itself registers them (its notification_provider table).
 */
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"

export async function canSendEmail(
  container: Pick<MedusaContainer, "resolve" | "hasRegistration">
): Promise<boolean> {
  if (!container.hasRegistration(Modules.NOTIFICATION)) {
    return false
  }
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const row = await knex("notification_provider")
    .where({ is_enabled: true })
    .whereRaw("? = any(channels)", ["email"])
    .first("id")
  return !!row
}
