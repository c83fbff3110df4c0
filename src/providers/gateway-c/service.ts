import { PaylinkProviderBase, type CheckoutContext, type CheckoutResult } from "../base/paylink-provider"
import { baseProviderOptionsSchema, type BaseProviderOptions } from "../base/options"

/** Gateway C (endpoint 4, docs/service.md §4.4): GTQ only, success address only. */
export class GatewayCProviderService extends PaylinkProviderBase<BaseProviderOptions> {
  static identifier = "paylink-gateway-c"
  static label = "gateway C"
  static pathSegment = "gatewayC" as const
  static optionsSchema = baseProviderOptionsSchema
  protected readonly gateway = "gateway_c" as const

  protected async createCheckout(ctx: CheckoutContext): Promise<CheckoutResult> {
    const res = await ctx.client.createGatewayCCheckout(ctx.token, {
      ...ctx.base,
      // The service states no default currency for C (docs/service.md §4.4), so it is always sent.
      currency: "GTQ",
      redirection: { successUrl: ctx.successUrl },
    })
    return { checkoutId: res.id, url: res.url, expiresAt: res.metadata.expiration }
  }
}

export default GatewayCProviderService
