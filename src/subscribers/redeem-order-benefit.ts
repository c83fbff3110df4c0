import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { redeemOrderBenefitWorkflow } from "../workflows/benefits/redeem-order-benefit"

export default async function redeemOrderBenefit({ event, container }: SubscriberArgs<{ id: string }>) {
  await redeemOrderBenefitWorkflow(container).run({ input: { order_id: event.data.id } })
}

export const config: SubscriberConfig = { event: "order.placed" }
