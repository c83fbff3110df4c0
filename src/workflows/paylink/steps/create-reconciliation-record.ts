import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import type {
  ReconciliationGateway,
  ReconciliationMapping,
} from "../../../types/reconciliation"
import type { InspectedFile } from "./inspect-reconciliation-file"

export type CreateReconciliationRecordInput = {
  gateway: ReconciliationGateway
  file_key: string
  file_name: string
  mapping: ReconciliationMapping
  file: InspectedFile
  created_by: string | null
}

/** The reconciliation, status `reading`, as the background read finds it; deleted when a later step fails. */
export const createReconciliationRecordStep = createStep(
  "create-reconciliation-record",
  async (input: CreateReconciliationRecordInput, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const created = await paylink.createPaylinkReconciliations({
      gateway: input.gateway,
      status: "reading",
      file_key: input.file_key,
      file_name: input.file_name,
      file_sha256: input.file.sha256,
      file_size: input.file.size,
      encoding: input.file.encoding,
      delimiter: input.file.delimiter,
      mapping: input.mapping,
      created_by: input.created_by,
    })
    return new StepResponse(created.id, created.id)
  },
  async (id, { container }) => {
    if (!id) return
    await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .deletePaylinkReconciliations(id)
  }
)
