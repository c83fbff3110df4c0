import { PaylinkProviderBase, type CheckoutContext, type CheckoutResult } from "../base/paylink-provider"
import { subscriptionOptionsSchema, type SubscriptionOptions } from "../base/options"

/**
 * Gateway A, recurring link (endpoint 2, docs/service.md §4.2). The plan (`interval`, `count`)
 * comes from this registration's options only: register one provider per plan, so a customer can
 * never pick it.
 */
export class GatewayASubscriptionProviderService extends PaylinkProviderBase<SubscriptionOptions> {
  static identifier = "paylink-gateway-a-subscription"
  static label = "gateway A (subscription)"
  static pathSegment = "gatewayA" as const
  static optionsSchema = subscriptionOptionsSchema
  protected readonly gateway = "gateway_a_subscription" as const

  protected async createCheckout(ctx: CheckoutContext): Promise<CheckoutResult> {
    const res = await ctx.client.createSubscriptionCheckout(ctx.token, {
      ...ctx.base,
      currency: ctx.currency as "GTQ" | "USD",
      redirection: { successUrl: ctx.successUrl, cancelUrl: ctx.cancelUrl },
      interval: this.options_.interval,
      count: this.options_.count,
    })
    return { checkoutId: res.id, url: res.url, product: res.product }
  }
}

export default GatewayASubscriptionProviderService
