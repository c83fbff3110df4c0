import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { applyReconciliationWorkflow } from "../../../../../../workflows/paylink/workflows/apply-reconciliation"
import type { AdminApplyReconciliationBodyType } from "../../validators"
import { refetchReconciliation } from "../../helpers"

/**
 * POST /admin/paylink/reconciliations/:id/apply {} (or { confirm_gateway: true }): applies the
 * report once; a second or racing apply is refused (docs/architecture.md#applying-a-reconciliation).
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminApplyReconciliationBodyType>,
  res: MedusaResponse
) {
  await applyReconciliationWorkflow(req.scope).run({
    input: {
      reconciliation_id: req.params.id,
      actor_id: req.auth_context.actor_id,
      confirm_gateway: req.validatedBody.confirm_gateway === true,
    },
  })
  res.json({ reconciliation: await refetchReconciliation(req, req.params.id) })
}
