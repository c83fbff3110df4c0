import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { applyReconciliationWorkflow } from "../../../../../../workflows/paylink/workflows/apply-reconciliation"
import type { AdminApplyReconciliationBodyType } from "../../validators"
import { refetchReconciliation } from "../../helpers"

/**
 * POST /admin/paylink/reconciliations/:id/apply {} (or { confirm_gateway: true })
 * Applies what the gateway's report showed (applyReconciliationWorkflow), once: a second apply, or
 * one racing this one, is refused (400) and changes nothing; so is one whose file matched none of
 * the gateway's links (`gateway_mismatch`) unless the body confirms it is that gateway's export.
 * Answers the reconciliation as it is now.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminApplyReconciliationBodyType>, res: MedusaResponse) {
  await applyReconciliationWorkflow(req.scope).run({
    input: { reconciliation_id: req.params.id, actor_id: req.auth_context.actor_id, confirm_gateway: req.validatedBody.confirm_gateway === true },
  })
  res.json({ reconciliation: await refetchReconciliation(req, req.params.id) })
}
