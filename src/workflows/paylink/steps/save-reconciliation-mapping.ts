import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import type {
  ReconciliationGateway,
  ReconciliationMapping,
} from "../../../types/reconciliation"

export type SaveReconciliationMappingInput = {
  gateway: ReconciliationGateway
  mapping: ReconciliationMapping
  user_id: string | null
}

/** Keeps the mapping for the gateway's next file; undone (the previous one back) when a later step fails. */
export const saveReconciliationMappingStep = createStep(
  "save-reconciliation-mapping",
  async (input: SaveReconciliationMappingInput, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const save = await paylink.saveReconciliationMapping(
      input.gateway,
      input.mapping,
      input.user_id
    )
    return new StepResponse(save.id, save)
  },
  async (save, { container }) => {
    if (!save) return
    await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .restoreReconciliationMapping(save)
  }
)
