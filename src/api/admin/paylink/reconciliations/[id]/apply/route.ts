import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { applyReconciliationWorkflow } from "../../../../../../workflows/paylink/workflows/apply-reconciliation"
import type { AdminApplyReconciliationBodyType } from "../../validators"
import { refetchReconciliation } from "../../helpers"

/**
 * POST /admin/paylink/reconciliations/:id/apply {}
 * Applies what the gateway's report showed (applyReconciliationWorkflow), once: a second apply, or
 * one racing this one, is refused (400) and changes nothing. Answers the reconciliation as it is now.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminApplyReconciliationBodyType>, res: MedusaResponse) {
  await applyReconciliationWorkflow(req.scope).run({
    input: { reconciliation_id: req.params.id, actor_id: req.auth_context.actor_id },
  })
  res.json({ reconciliation: await refetchReconciliation(req, req.params.id) })
}
