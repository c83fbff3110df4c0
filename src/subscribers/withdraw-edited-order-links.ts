import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { withdrawEditedOrderLinksWorkflow } from "../workflows/paylink/workflows/withdraw-edited-order-links"

/**
 * An order edit confirmed other than through the admin route (which withdraws the links before it,
 * see src/api/admin/withdraw-links-on-edit.ts): the order's open admin links that no longer pay what
 * it owes are withdrawn. A link for exactly the new amount (made after the edit) stays.
 */
export default async function withdrawEditedOrderLinks({ event, container }: SubscriberArgs<{ order_id: string }>) {
  if (event.data?.order_id) {
    await withdrawEditedOrderLinksWorkflow(container).run({ input: { order_id: event.data.order_id, keep_matching: true } })
  }
}

export const config: SubscriberConfig = { event: "order-edit.confirmed" }
