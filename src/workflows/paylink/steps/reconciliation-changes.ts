import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"

/**
 * What a reconciliation changed, read from its entries after the finish: every run's changes,
 * so an apply that crashed and was taken over, or whose hook handler threw and was applied again,
 * still hands the hook every record moved and every order flagged. Reading writes nothing, so
 * there is nothing to undo.
 */
export const reconciliationChangesStep = createStep(
  "read-paylink-reconciliation-changes",
  async (
    { reconciliation_id }: { reconciliation_id: string },
    { container }
  ) => {
    return new StepResponse(
      await container
        .resolve<PaylinkModuleService>(PAYLINK_MODULE)
        .reconciliationChanges(reconciliation_id)
    )
  }
)
