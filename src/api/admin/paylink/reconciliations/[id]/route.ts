import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { AdminReconciliationResponse } from "../../../../../types/reconciliation"
import { refetchReconciliation } from "../helpers"
import { deleteReconciliationWorkflow } from "../../../../../workflows/paylink/workflows/delete-reconciliation"

/** GET /admin/paylink/reconciliations/:id — with the read's progress while `reading`. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminReconciliationResponse>
) {
  res.json({ reconciliation: await refetchReconciliation(req, req.params.id) })
}

/** DELETE /admin/paylink/reconciliations/:id: a `failed` or never-applied `ready` one, with its file. */
export async function DELETE(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<{ id: string; object: string; deleted: true }>
) {
  await deleteReconciliationWorkflow(req.scope).run({
    input: { id: req.params.id },
  })
  res.json({
    id: req.params.id,
    object: "paylink_reconciliation",
    deleted: true,
  })
}
