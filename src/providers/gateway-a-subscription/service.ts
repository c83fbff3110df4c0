import { PaylinkProviderBase, type CheckoutContext, type CheckoutResult } from "../base/paylink-provider"
import { parseProviderOptions, subscriptionOptionsSchema, type SubscriptionOptions } from "../base/options"
import { centsToDecimal } from "../../lib/money"

/**
 * Gateway A, recurring link (endpoint 2). The plan (`interval`, `count`) comes from this
 * registration's options only: register one provider per plan, so a customer can never pick it.
 */
export class GatewayASubscriptionProviderService extends PaylinkProviderBase<SubscriptionOptions> {
  static identifier = "paylink-gateway-a-subscription"
  static label = "gateway A (subscription)"
  static pathSegment = "gatewayA" as const
  static optionsSchema = subscriptionOptionsSchema
  protected readonly product = "gateway_a_subscription" as const

  static validateOptions(options: Record<string, unknown>): void {
    parseProviderOptions(subscriptionOptionsSchema, options, GatewayASubscriptionProviderService.label)
  }

  constructor(cradle: Record<string, unknown>, options: SubscriptionOptions) {
    super(cradle, options)
  }

  protected async createCheckout(ctx: CheckoutContext): Promise<CheckoutResult> {
    const res = await this.client_.createSubscriptionCheckout(this.options_.token, {
      number: ctx.number,
      description: ctx.description,
      amount: centsToDecimal(ctx.cents),
      currency: ctx.currency as "GTQ" | "USD",
      billing: ctx.billing,
      redirection: { successUrl: ctx.successUrl, cancelUrl: ctx.cancelUrl },
      interval: this.options_.interval,
      count: this.options_.count,
    })
    return { checkoutId: res.id, url: res.url, product: res.product }
  }
}

export default GatewayASubscriptionProviderService
