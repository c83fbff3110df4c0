/**
 * A reconciliation from an uploaded export: upload marked used, file read again and checked against
 * the mapping, mapping kept, reconciliation `reading`; the background read runs on the event.
 * Nothing is matched or changed here.
 */
import {
  createHook,
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import type {
  ReconciliationGateway,
  ReconciliationMapping,
} from "../../../types/reconciliation"
import { markReconciliationUploadUsedStep } from "../steps/mark-reconciliation-upload-used"
import { inspectReconciliationFileStep } from "../steps/inspect-reconciliation-file"
import { saveReconciliationMappingStep } from "../steps/save-reconciliation-mapping"
import { createReconciliationRecordStep } from "../steps/create-reconciliation-record"

export const RECONCILIATION_CREATED = "paylink.reconciliation.created"

export type CreateReconciliationInput = {
  gateway: ReconciliationGateway
  file_key: string
  file_name: string
  mapping: ReconciliationMapping
  created_by: string | null
}

export const createReconciliationWorkflow = createWorkflow(
  "create-paylink-reconciliation",
  (input: CreateReconciliationInput) => {
    markReconciliationUploadUsedStep({
      gateway: input.gateway,
      file_key: input.file_key,
    })
    const file = inspectReconciliationFileStep({
      gateway: input.gateway,
      file_key: input.file_key,
      mapping: input.mapping,
    })
    saveReconciliationMappingStep({
      gateway: input.gateway,
      mapping: input.mapping,
      user_id: input.created_by,
    })
    const id = createReconciliationRecordStep(
      transform({ input, file }, ({ input, file }) => ({ ...input, file }))
    )
    emitEventStep({
      eventName: RECONCILIATION_CREATED,
      data: transform({ id }, ({ id }) => ({ id })),
    })
    const reconciliationCreated = createHook("reconciliationCreated", { id })
    return new WorkflowResponse(id, { hooks: [reconciliationCreated] })
  }
)
