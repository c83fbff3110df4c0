import { PaylinkProviderBase, type CheckoutContext, type CheckoutResult } from "../base/paylink-provider"
import { gatewayAOptionsSchema, parseProviderOptions, type GatewayAOptions } from "../base/options"
import { centsToDecimal } from "../../lib/money"

/** Gateway A, single payment (endpoint 1). */
export class GatewayAProviderService extends PaylinkProviderBase<GatewayAOptions> {
  static identifier = "paylink-gateway-a"
  static label = "gateway A"
  static pathSegment = "gatewayA" as const
  static optionsSchema = gatewayAOptionsSchema
  protected readonly product = "gateway_a" as const

  static validateOptions(options: Record<string, unknown>): void {
    parseProviderOptions(gatewayAOptionsSchema, options, GatewayAProviderService.label)
  }

  constructor(cradle: Record<string, unknown>, options: GatewayAOptions) {
    super(cradle, options)
  }

  protected async createCheckout(ctx: CheckoutContext): Promise<CheckoutResult> {
    const { allowTransfer, installments } = this.options_
    const res = await this.client_.createGatewayACheckout(this.options_.token, {
      number: ctx.number,
      description: ctx.description,
      amount: centsToDecimal(ctx.cents),
      currency: ctx.currency as "GTQ" | "USD",
      billing: ctx.billing,
      redirection: { successUrl: ctx.successUrl, cancelUrl: ctx.cancelUrl },
      options: {
        allowTransfer,
        // The spec writes each count followed by a comma: [3, 6] -> "3,6,".
        ...(installments.length ? { installments: installments.map((n) => `${n},`).join("") } : {}),
      },
    })
    return { checkoutId: res.id, url: res.url, product: res.metadata.product }
  }
}

export default GatewayAProviderService
