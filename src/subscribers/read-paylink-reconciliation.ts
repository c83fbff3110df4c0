import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { readErrorSummary } from "../lib/reconciliation"
import { readReconciliationWorkflow } from "../workflows/paylink/workflows/read-reconciliation"

/**
 * A new reconciliation is read in the background: the create route answers 202 at once. A read
 * stopped by a failed write stays `reading` and the resume job reads it again; it is logged here
 * by ids, lines and codes only (the event bus would log the error whole).
 */
export default async function readPaylinkReconciliation({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  const id = event.data?.id
  if (!id) return
  try {
    await readReconciliationWorkflow(container).run({ input: { id } })
  } catch (error) {
    container
      .resolve("logger")
      .warn(
        `paylink: reconciliation ${id} stopped; the resume job reads it again: ${readErrorSummary(error)}`
      )
  }
}

export const config: SubscriberConfig = {
  event: "paylink.reconciliation.created",
}
