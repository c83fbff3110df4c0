import {
  PaylinkProviderBase,
  type CheckoutContext,
  type CheckoutResult,
} from "../base/paylink-provider"
import {
  baseProviderOptionsSchema,
  type BaseProviderOptions,
} from "../base/options"
import { gatewayDefinition } from "../../lib/paylink/gateways"

const GATEWAY = gatewayDefinition("gateway_c")

/** Gateway C (endpoint 4, docs/service.md §4.4): GTQ only, success address only. */
export class GatewayCProviderService extends PaylinkProviderBase<BaseProviderOptions> {
  static identifier = GATEWAY.identifier
  static label = GATEWAY.label
  static pathSegment = GATEWAY.pathKey
  static optionsSchema = baseProviderOptionsSchema
  protected readonly gateway = GATEWAY.id

  protected async createCheckout(
    ctx: CheckoutContext
  ): Promise<CheckoutResult> {
    const res = await ctx.client.call(
      GATEWAY.endpoint,
      {
        ...ctx.base,
        // The service states no default currency for C (docs/service.md §4.4), so it is always sent.
        currency: "GTQ",
        redirection: { successUrl: ctx.successUrl },
      },
      ctx.token
    )
    return {
      checkoutId: res.id,
      url: res.url,
      expiresAt: res.metadata.expiration,
    }
  }
}

export default GatewayCProviderService
