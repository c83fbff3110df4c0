import {
  PaylinkProviderBase,
  type CheckoutContext,
  type CheckoutResult,
} from "../base/paylink-provider"
import {
  baseProviderOptionsSchema,
  type BaseProviderOptions,
} from "../base/options"
import { linesForAmount } from "../../lib/order-links/order-lines"
import { textLanguageOf } from "../base/link-input"
import { gatewayDefinition } from "../../lib/paylink/gateways"

const GATEWAY = gatewayDefinition("gateway_b")

/** Gateway B (endpoint 3, docs/service.md §4.3): GTQ only, itemised `order`, success address only. */
export class GatewayBProviderService extends PaylinkProviderBase<BaseProviderOptions> {
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
        currency: "GTQ",
        // B has no cancel address; a customer who gives up comes back through the storefront.
        redirection: { successUrl: ctx.successUrl },
        // Built in cents from the cart; they always sum to the amount charged.
        order: linesForAmount(
          ctx.data.order_lines,
          ctx.cents,
          ctx.description,
          textLanguageOf(ctx.data)
        ),
      },
      ctx.token
    )
    return {
      checkoutId: res.id,
      url: res.url,
      expiresAt: res.metadata.expiration,
      clientToken: res.metadata.clientToken,
    }
  }
}

export default GatewayBProviderService
