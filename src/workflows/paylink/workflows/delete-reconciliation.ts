/**
 * Deleting a reconciliation the merchant no longer wants: one that failed, or one read and never
 * applied (an applied one is the record of what it changed; one being read or applied is refused).
 * Marked deleted -> its stored upload deleted from the File module and read back as gone (kept
 * while another reconciliation of the same upload reads it) -> its entries, bad rows, row and
 * upload record purged. A failed file delete puts the reconciliation back as it was.
 */
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { deleteReconciliationFileStep, markReconciliationDeletedStep, purgeReconciliationStep } from "../steps/delete-reconciliation-steps"

export const deleteReconciliationWorkflow = createWorkflow("delete-paylink-reconciliation", (input: { id: string }) => {
  const mark = markReconciliationDeletedStep(input.id)
  const fileGone = deleteReconciliationFileStep(mark)
  return new WorkflowResponse(purgeReconciliationStep(transform({ mark, fileGone }, ({ mark, fileGone }) => ({ mark, file_gone: fileGone }))))
})
