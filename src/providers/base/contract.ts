/**
 * What a gateway provider subclass implements (one call to the service) and what the shared base
 * needs from Medusa's container.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import type { z } from "@medusajs/framework/zod"
import type { PathSegments } from "../../lib/paylink/endpoints"
import type { PaylinkClient } from "../../lib/paylink/client"
import type { Billing } from "../../lib/paylink/schemas"
import type PaylinkModuleService from "../../modules/paylink/service"

/** What a subclass needs to build its request. */
export type CheckoutContext = {
  /** The fields every checkout request shares (spec 2.1), ready to spread into the body. */
  base: { number: number; description: string; amount: number; billing: Billing }
  description: string
  cents: bigint
  currency: string
  successUrl: string
  cancelUrl: string
  /** Session data built on the server (e.g. gateway B's `order_lines`). */
  data: Record<string, unknown>
  /** The client for the gateway's current address and path, and its current X-Token (admin over options). */
  client: PaylinkClient
  token: string
}

/** What a subclass returns from the service's answer. */
export type CheckoutResult = { checkoutId: string; url: string; expiresAt?: string; product?: string; clientToken?: string }

export type ProviderClass = { identifier: string; optionsSchema: z.ZodType; label: string; pathSegment: keyof PathSegments }
export type Cradle = { logger?: Logger; paylink?: PaylinkModuleService }

/** The plugin's module, from the payment module's container (listed in its `dependencies`). */
export function paylinkModuleOf(cradle: Cradle, label: string): PaylinkModuleService {
  let service: PaylinkModuleService | undefined
  try {
    service = cradle.paylink
  } catch {
    service = undefined
  }
  if (!service) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `The ${label} payment provider cannot reach the paylink module: add dependencies: ["paylink"] to the ` +
        `@medusajs/medusa/payment module in medusa-config, and register the medusa-plugin-paylink plugin.`
    )
  }
  return service
}


/** The provider option `secret` is deprecated: the plugin's secret signs every return link. */
export function warnIgnoredSecret(cradle: Cradle, label: string, options: { secret?: string }) {
  if (options.secret !== undefined) {
    cradle.logger?.warn(
      `medusa-plugin-paylink: the ${label} provider option "secret" is ignored (deprecated): return links are signed with the plugin's secret. Remove it.`
    )
  }
}
