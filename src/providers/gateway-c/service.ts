import { PaylinkProviderBase, type CheckoutContext, type CheckoutResult } from "../base/paylink-provider"
import { baseProviderOptionsSchema, parseProviderOptions, type BaseProviderOptions } from "../base/options"
import { centsToDecimal } from "../../lib/money"

/** Gateway C (endpoint 4): GTQ only, success address only. */
export class GatewayCProviderService extends PaylinkProviderBase<BaseProviderOptions> {
  static identifier = "paylink-gateway-c"
  static label = "gateway C"
  static pathSegment = "gatewayC" as const
  static optionsSchema = baseProviderOptionsSchema
  protected readonly product = "gateway_c" as const

  static validateOptions(options: Record<string, unknown>): void {
    parseProviderOptions(baseProviderOptionsSchema, options, GatewayCProviderService.label)
  }

  constructor(cradle: Record<string, unknown>, options: BaseProviderOptions) {
    super(cradle, options)
  }

  protected async createCheckout(ctx: CheckoutContext): Promise<CheckoutResult> {
    const res = await this.client_.createGatewayCCheckout(this.options_.token, {
      number: ctx.number,
      description: ctx.description,
      amount: centsToDecimal(ctx.cents),
      // The spec gives no default currency for C, so it is always sent.
      currency: "GTQ",
      billing: ctx.billing,
      redirection: { successUrl: ctx.successUrl },
    })
    return { checkoutId: res.id, url: res.url, expiresAt: res.metadata.expiration }
  }
}

export default GatewayCProviderService
