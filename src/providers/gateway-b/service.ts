import { PaylinkProviderBase, type CheckoutContext, type CheckoutResult } from "../base/paylink-provider"
import { baseProviderOptionsSchema, parseProviderOptions, type BaseProviderOptions } from "../base/options"
import { buildOrderLines } from "../base/order-lines"
import { centsToDecimal } from "../../lib/money"

/** Gateway B (endpoint 3): GTQ only, itemised `order`, success address only. */
export class GatewayBProviderService extends PaylinkProviderBase<BaseProviderOptions> {
  static identifier = "paylink-gateway-b"
  static label = "gateway B"
  static pathSegment = "gatewayB" as const
  static optionsSchema = baseProviderOptionsSchema
  protected readonly product = "gateway_b" as const

  static validateOptions(options: Record<string, unknown>): void {
    parseProviderOptions(baseProviderOptionsSchema, options, GatewayBProviderService.label)
  }

  constructor(cradle: Record<string, unknown>, options: BaseProviderOptions) {
    super(cradle, options)
  }

  protected async createCheckout(ctx: CheckoutContext): Promise<CheckoutResult> {
    const res = await this.client_.createGatewayBCheckout(this.options_.token, {
      number: ctx.number,
      description: ctx.description,
      amount: centsToDecimal(ctx.cents),
      currency: "GTQ",
      billing: ctx.billing,
      // B has no cancel address; a customer who gives up comes back through the storefront.
      redirection: { successUrl: ctx.successUrl },
      order: buildOrderLines(ctx.data.order_items, ctx.cents, ctx.description),
    })
    return {
      checkoutId: res.id,
      url: res.url,
      expiresAt: res.metadata.expiration,
      clientToken: res.metadata.clientToken,
    }
  }
}

export default GatewayBProviderService
