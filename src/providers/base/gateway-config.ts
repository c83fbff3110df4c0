/**
 * The gateway a checkout goes to: the admin's settings over the provider's options, read for every
 * new checkout so a save in the admin counts on every server instance at once.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { PaylinkClient } from "../../lib/paylink/client"
import type { PathSegments } from "../../lib/paylink/endpoints"
import type { Gateway } from "../../types/paylink"
import type PaylinkModuleService from "../../modules/paylink/services/paylink-module"
import type { BaseProviderOptions } from "./options"
import { codedError } from "../../lib/common/store-errors"

/** One client per address, path and deadline, shared by every provider: keep-alive sockets are reused. */
const clients = new Map<string, PaylinkClient>()

export function clientFor(
  baseUrl: string,
  pathKey: keyof PathSegments,
  segment: string,
  timeoutMs: number
): PaylinkClient {
  const key = JSON.stringify([baseUrl, pathKey, segment, timeoutMs])
  let client = clients.get(key)
  if (!client) {
    client = new PaylinkClient({
      baseUrl,
      timeoutMs,
      paths: { [pathKey]: segment },
    })
    clients.set(key, client)
  }
  return client
}

/** The provider's options as the fallback of the admin's settings. */
export function fallbackOf(options: BaseProviderOptions) {
  return {
    token: options.token,
    baseUrl: options.baseUrl,
    pathSegment: options.gatewayPath,
  }
}

/**
 * The client and token for the next checkout, or a 400 when the merchant disabled the gateway in
 * the admin (before anything is written or sent).
 */
export async function gatewayFor(
  paylink: PaylinkModuleService,
  gateway: Gateway,
  label: string,
  pathKey: keyof PathSegments,
  options: BaseProviderOptions
): Promise<{ client: PaylinkClient; token: string }> {
  const config = await paylink.effectiveGatewayConfig(
    gateway,
    fallbackOf(options)
  )
  if (!config.enabled) {
    throw codedError(
      MedusaError.Types.NOT_ALLOWED,
      "paylink.provider_unavailable",
      `${label} is disabled in the admin (payment link gateway settings): no payment link can be created with it until it is enabled again.`
    )
  }
  return {
    client: clientFor(
      config.baseUrl,
      pathKey,
      config.pathSegment,
      options.timeoutMs
    ),
    token: config.token,
  }
}
