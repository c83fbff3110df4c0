import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"

type Apply = {
  reconciliation_id: string
  actor_id?: string | null
  confirm_gateway?: boolean
}

/**
 * Takes the reconciliation for this request: `ready` → `applying`, a compare-and-set, so of two
 * applies racing exactly one goes on and the other is refused (NOT_ALLOWED, saying why); applied
 * already, still reading or unreadable are refused the same way, and a file that matched none of
 * the gateway's links (INVALID_DATA) unless `confirm_gateway`. Undone: back to `ready` — what the
 * failed run applied stays, each change marked on its entry, and applying again does the rest.
 */
export const claimReconciliationStep = createStep(
  "claim-paylink-reconciliation",
  async ({ reconciliation_id, confirm_gateway }: Apply, { container }) => {
    await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .claimReconciliationApply(reconciliation_id, confirm_gateway === true)
    return new StepResponse(undefined, reconciliation_id)
  },
  async (reconciliationId, { container }) => {
    if (!reconciliationId) return
    await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .releaseReconciliationApply(reconciliationId)
  }
)

/**
 * `applying` → `applied` with the admin user and the time. Undone (a hook handler after it threw):
 * back to `ready`, so the merchant can apply again once the handler is fixed; nothing more changes.
 */
export const finishReconciliationStep = createStep(
  "finish-paylink-reconciliation",
  async ({ reconciliation_id, actor_id }: Apply, { container }) => {
    await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .finishReconciliationApply(reconciliation_id, actor_id ?? null)
    return new StepResponse(undefined, reconciliation_id)
  },
  async (reconciliationId, { container }) => {
    if (!reconciliationId) return
    await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .unfinishReconciliationApply(reconciliationId)
  }
)
