import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isUploadKeyOf } from "../../../lib/reconciliation/upload-file"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"

/**
 * The upload a reconciliation is created from, marked used so the cleanup of unused uploads
 * (jobs/delete-orphan-paylink-uploads.ts) never deletes its file; refused when a cleanup already
 * took it. First in the workflow, before the file is read: once marked, the file stays. A key the
 * upload made for another gateway is refused before the mark: such a create touches no upload.
 * Undone when a later step fails, only while the mark is still this create's: another create that
 * marked the upload since keeps it used.
 */
export const markReconciliationUploadUsedStep = createStep(
  "mark-reconciliation-upload-used",
  async (input: { gateway: string; file_key: string }, { container }) => {
    if (!isUploadKeyOf(input.file_key, input.gateway)) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `file_key: not a file uploaded for ${input.gateway} (upload it first).`)
    }
    const mark = await container.resolve<PaylinkModuleService>(PAYLINK_MODULE).markReconciliationUploadUsed(input.file_key)
    return new StepResponse(mark, mark)
  },
  async (mark, { container }) => {
    if (!mark) return
    await container.resolve<PaylinkModuleService>(PAYLINK_MODULE).unmarkReconciliationUploadUsed(mark)
  }
)
