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
import type PaylinkModuleService from "../../modules/paylink/services/paylink-module"

/** What a subclass needs to build its request. */
export type CheckoutContext = {
  /** The fields every checkout request shares (docs/service.md §5.1), ready to spread into the body. */
  base: {
    number: number
    description: string
    amount: number
    billing: Billing
  }
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
export type CheckoutResult = {
  checkoutId: string
  url: string
  expiresAt?: string
  product?: string
  clientToken?: string
}

export type ProviderClass = {
  identifier: string
  optionsSchema: z.ZodType
  label: string
  pathSegment: keyof PathSegments
}
export type Cradle = { logger?: Logger; paylink?: PaylinkModuleService }

/** How to fix a payment module registered without the plugin's module in its container. */
export const PAYMENT_DEPENDENCY_FIX =
  'in medusa-config, add dependencies: ["paylink"] to the { resolve: "@medusajs/medusa/payment" } entry of modules (next to its providers).'
export const PLUGIN_REGISTRATION_FIX =
  'in medusa-config, add { resolve: "medusa-plugin-paylink", options: { secret, ... } } to plugins.'

/** The plugin's module, from the payment module's container (listed in its `dependencies`). */
export function paylinkModuleOf(
  cradle: Cradle,
  label: string
): PaylinkModuleService {
  let service: PaylinkModuleService | undefined
  try {
    service = cradle.paylink
  } catch {
    service = undefined
  }
  if (!service) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `The ${label} payment provider cannot reach the paylink module. Fix: ${PAYMENT_DEPENDENCY_FIX} Then ${PLUGIN_REGISTRATION_FIX}`
    )
  }
  return service
}
