/**
 * The steps of deleteReconciliationWorkflow. A file deleted stays deleted: nothing reads a ready or
 * failed reconciliation's file again, so one put back without it lacks nothing.
 */
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { echo } from "../../../lib/common/echo"
import { deleteStoredFile } from "../../../lib/reconciliation/stored-file-gone"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import type { DeletionMark } from "../../../modules/paylink/services/reconciliations"

/** Why a reconciliation in this status cannot be deleted, in the merchant's words. */
function refusal(id: string, status: string, partlyApplied: boolean): string {
  const which = `Reconciliation ${echo(id)}`
  if (partlyApplied) {
    return `${which} was partly applied (an apply stopped before its end): it is kept as the record of what it changed; apply it again to finish it.`
  }
  if (status === "reading")
    return `${which} is being read; it can be deleted once its read ends (ready or failed).`
  if (status === "applying")
    return `${which} is being applied; an applied reconciliation is kept as the record of what it changed.`
  return `${which} was applied: it is kept as the record of the payment links and orders it changed.`
}

export const markReconciliationDeletedStep = createStep(
  "mark-reconciliation-deleted",
  async (id: string, { container }) => {
    const marked = await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .markReconciliationDeleted(id)
    if ("status" in marked) {
      if (marked.status === null)
        throw new MedusaError(
          MedusaError.Types.NOT_FOUND,
          `Reconciliation ${echo(id)} was not found.`
        )
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        refusal(id, marked.status, marked.partly_applied)
      )
    }
    return new StepResponse(marked, marked)
  },
  async (mark, { container }) => {
    if (!mark) return
    await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .unmarkReconciliationDeleted(mark)
  }
)

/** True when the file is gone; false when another reconciliation still reads it (kept). */
export const deleteReconciliationFileStep = createStep(
  "delete-reconciliation-file",
  async (mark: DeletionMark, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    if (await paylink.reconciliationFileInUse(mark.file_key))
      return new StepResponse(false)
    if (
      !(await deleteStoredFile(container.resolve(Modules.FILE), mark.file_key))
    ) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `The file of reconciliation ${echo(mark.id)} could not be deleted from the file storage; nothing was deleted. Try again.`
      )
    }
    return new StepResponse(true)
  }
)

export const purgeReconciliationStep = createStep(
  "purge-reconciliation",
  async (input: { mark: DeletionMark; file_gone: boolean }, { container }) => {
    await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .purgeDeletedReconciliation(input.mark, input.file_gone)
    return new StepResponse(input.mark.id)
  }
)
