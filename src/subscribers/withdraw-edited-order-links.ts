import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { withdrawEditedOrderLinksWorkflow } from "../workflows/paylink/workflows/withdraw-edited-order-links"

/** An edit confirmed other than through the admin route: open admin links that no longer match are withdrawn. */
export default async function withdrawEditedOrderLinks({
  event,
  container,
}: SubscriberArgs<{ order_id: string }>) {
  if (event.data?.order_id) {
    await withdrawEditedOrderLinksWorkflow(container).run({
      input: { order_id: event.data.order_id, keep_matching: true },
    })
  }
}

export const config: SubscriberConfig = { event: "order-edit.confirmed" }
