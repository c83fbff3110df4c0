/**
 * The background read of a reconciliation: run on `paylink.reconciliation.created`
 * (subscribers/read-paylink-reconciliation.ts) and again, from the start, for a read whose process
 * stopped (jobs/resume-paylink-reconciliations.ts). Nothing to undo: its writes are idempotent
 * and change no record; applying is a separate, explicit workflow.
 */
import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { readReconciliationFileStep } from "../steps/read-reconciliation-file"

export const readReconciliationWorkflow = createWorkflow("read-paylink-reconciliation", (input: { id: string }) => {
  return new WorkflowResponse(readReconciliationFileStep(input.id))
})
