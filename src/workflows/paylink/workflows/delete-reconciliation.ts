/**
 * Deleting a failed or never-applied reconciliation with its stored upload and rows; a failed file
 * delete puts it back as it was (docs/architecture.md#applying-a-reconciliation).
 */
import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  deleteReconciliationFileStep,
  markReconciliationDeletedStep,
  purgeReconciliationStep,
} from "../steps/delete-reconciliation-steps"

export const deleteReconciliationWorkflow = createWorkflow(
  "delete-paylink-reconciliation",
  (input: { id: string }) => {
    const mark = markReconciliationDeletedStep(input.id)
    const fileGone = deleteReconciliationFileStep(mark)
    return new WorkflowResponse(
      purgeReconciliationStep(
        transform({ mark, fileGone }, ({ mark, fileGone }) => ({
          mark,
          file_gone: fileGone,
        }))
      )
    )
  }
)
