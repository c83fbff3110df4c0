import { PaylinkProviderBase, type CheckoutContext, type CheckoutResult } from "../base/paylink-provider"
import { gatewayAOptionsSchema, type GatewayAOptions } from "../base/options"

/** Gateway A, single payment (endpoint 1, docs/service.md §4.1). */
export class GatewayAProviderService extends PaylinkProviderBase<GatewayAOptions> {
  static identifier = "paylink-gateway-a"
  static label = "gateway A"
  static pathSegment = "gatewayA" as const
  static optionsSchema = gatewayAOptionsSchema
  protected readonly gateway = "gateway_a" as const

  protected async createCheckout(ctx: CheckoutContext): Promise<CheckoutResult> {
    const { allowTransfer, installments } = this.options_
    const res = await ctx.client.createGatewayACheckout(ctx.token, {
      ...ctx.base,
      currency: ctx.currency as "GTQ" | "USD",
      redirection: { successUrl: ctx.successUrl, cancelUrl: ctx.cancelUrl },
      options: {
        allowTransfer,
        // The service takes each count followed by a comma (docs/service.md §5.4): [3, 6] -> "3,6,".
        ...(installments.length ? { installments: installments.map((n) => `${n},`).join("") } : {}),
      },
    })
    return { checkoutId: res.id, url: res.url, product: res.metadata.product }
  }
}

export default GatewayAProviderService
