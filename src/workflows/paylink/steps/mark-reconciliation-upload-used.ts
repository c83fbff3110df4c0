import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/service"

/**
 * The upload a reconciliation is created from, marked used so the cleanup of unused uploads
 * (jobs/delete-orphan-paylink-uploads.ts) never deletes its file; refused when a cleanup already
 * took it. First in the workflow, before the file is read: once marked, the file stays. Undone when
 * a later step fails: the upload is unused again, and deleted in its time.
 */
export const markReconciliationUploadUsedStep = createStep(
  "mark-reconciliation-upload-used",
  async (input: { file_key: string }, { container }) => {
    const marked = await container.resolve<PaylinkModuleService>(PAYLINK_MODULE).markReconciliationUploadUsed(input.file_key)
    return new StepResponse(marked, marked)
  },
  async (id, { container }) => {
    if (!id) return
    await container.resolve<PaylinkModuleService>(PAYLINK_MODULE).unmarkReconciliationUploadUsed(id)
  }
)
