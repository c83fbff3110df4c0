import {
  PaylinkProviderBase,
  type CheckoutContext,
  type CheckoutResult,
} from "../base/paylink-provider"
import {
  subscriptionOptionsSchema,
  type SubscriptionOptions,
} from "../base/options"
import { gatewayDefinition } from "../../lib/paylink/gateways"

const GATEWAY = gatewayDefinition("gateway_a_subscription")

/**
 * Gateway A, recurring link (endpoint 2, docs/service.md §4.2). The plan (`interval`, `count`)
 * comes from this registration's options only: register one provider per plan, so a customer can
 * never pick it.
 */
export class GatewayASubscriptionProviderService extends PaylinkProviderBase<SubscriptionOptions> {
  static identifier = GATEWAY.identifier
  static label = GATEWAY.label
  static pathSegment = GATEWAY.pathKey
  static optionsSchema = subscriptionOptionsSchema
  protected readonly gateway = GATEWAY.id

  protected async createCheckout(
    ctx: CheckoutContext
  ): Promise<CheckoutResult> {
    const res = await ctx.client.call(
      GATEWAY.endpoint,
      {
        ...ctx.base,
        currency: ctx.currency as "GTQ" | "USD",
        redirection: { successUrl: ctx.successUrl, cancelUrl: ctx.cancelUrl },
        interval: this.options_.interval,
        count: this.options_.count,
      },
      ctx.token
    )
    return { checkoutId: res.id, url: res.url, product: res.product }
  }
}

export default GatewayASubscriptionProviderService
