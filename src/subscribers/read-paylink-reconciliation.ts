import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { readReconciliationWorkflow } from "../workflows/paylink/workflows/read-reconciliation"

/** A new reconciliation is read in the background: the create route answers 202 at once. */
export default async function readPaylinkReconciliation({ event, container }: SubscriberArgs<{ id: string }>) {
  if (event.data?.id) {
    await readReconciliationWorkflow(container).run({ input: { id: event.data.id } })
  }
}

export const config: SubscriberConfig = { event: "paylink.reconciliation.created" }
