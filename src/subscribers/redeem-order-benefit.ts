import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { redeemOrderBenefitWorkflow } from "../workflows/benefits/workflows/redeem-order-benefit"

/**
 * A placed order takes over its cart's redemption. A subscriber, not a hook: Medusa 2.21's
 * `completeCartWorkflow` creates an `orderCreated` hook but does not return it, so no handler can
 * be registered for it (its only registrable hook, `validate`, runs before the order exists).
 */
export default async function redeemOrderBenefit({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  await redeemOrderBenefitWorkflow(container).run({
    input: { order_id: event.data.id },
  })
}

export const config: SubscriberConfig = { event: "order.placed" }
