import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isUploadKeyOf } from "../../../lib/reconciliation/upload-file"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"

/**
 * Marks the upload used so the cleanup of unused uploads never deletes its file (refused when a
 * cleanup took it first). Undone on failure only while the mark is still this create's.
 */
export const markReconciliationUploadUsedStep = createStep(
  "mark-reconciliation-upload-used",
  async (input: { gateway: string; file_key: string }, { container }) => {
    if (!isUploadKeyOf(input.file_key, input.gateway)) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `file_key: not a file uploaded for ${input.gateway} (upload it first).`
      )
    }
    const mark = await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .markReconciliationUploadUsed(input.file_key)
    return new StepResponse(mark, mark)
  },
  async (mark, { container }) => {
    if (!mark) return
    await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .unmarkReconciliationUploadUsed(mark)
  }
)
