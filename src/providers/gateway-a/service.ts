import {
  PaylinkProviderBase,
  type CheckoutContext,
  type CheckoutResult,
} from "../base/paylink-provider"
import { gatewayAOptionsSchema, type GatewayAOptions } from "../base/options"
import { gatewayDefinition } from "../../lib/paylink/gateways"

const GATEWAY = gatewayDefinition("gateway_a")

/** Gateway A, single payment (endpoint 1, docs/service.md §4.1). */
export class GatewayAProviderService extends PaylinkProviderBase<GatewayAOptions> {
  static identifier = GATEWAY.identifier
  static label = GATEWAY.label
  static pathSegment = GATEWAY.pathKey
  static optionsSchema = gatewayAOptionsSchema
  protected readonly gateway = GATEWAY.id

  protected async createCheckout(
    ctx: CheckoutContext
  ): Promise<CheckoutResult> {
    const { allowTransfer, installments } = this.options_
    const res = await ctx.client.call(
      GATEWAY.endpoint,
      {
        ...ctx.base,
        currency: ctx.currency as "GTQ" | "USD",
        redirection: { successUrl: ctx.successUrl, cancelUrl: ctx.cancelUrl },
        options: {
          allowTransfer,
          // The service takes each count followed by a comma (docs/service.md §5.4): [3, 6] -> "3,6,".
          ...(installments.length
            ? { installments: installments.map((n) => `${n},`).join("") }
            : {}),
        },
      },
      ctx.token
    )
    return { checkoutId: res.id, url: res.url, product: res.metadata.product }
  }
}

export default GatewayAProviderService
