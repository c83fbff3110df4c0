/**
 * The background read of a reconciliation, run on its creation event and again, from the start, by
 * the resume job. Nothing to undo: its writes are idempotent and change no record.
 */
import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { readReconciliationFileStep } from "../steps/read-reconciliation-file"

export const readReconciliationWorkflow = createWorkflow(
  "read-paylink-reconciliation",
  (input: { id: string }) => {
    return new WorkflowResponse(readReconciliationFileStep(input.id))
  }
)
