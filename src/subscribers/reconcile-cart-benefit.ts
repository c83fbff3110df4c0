import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { reconcileCartBenefitWorkflow } from "../workflows/benefits/reconcile-cart-benefit"

/** Items, shipping or region changed: check that a loyalty discount still matches the cart. */
export default async function reconcileCartBenefit({ event, container }: SubscriberArgs<{ id: string }>) {
  await reconcileCartBenefitWorkflow(container).run({ input: { cart_id: event.data.id } })
}

export const config: SubscriberConfig = {
  event: ["cart.updated", "cart.region_updated"],
}
