import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { applyReconciliationWorkflow } from "../../../../../../workflows/paylink/workflows/apply-reconciliation"
import { echo } from "../../../../../../lib/echo"
import type { AdminApplyReconciliationBodyType } from "../../../validators"
import type { Reconciliation } from "../../../../../../types/reconciliation"

/** Every column the API answers (types/reconciliation.ts Reconciliation); the file's storage key stays inside. */
const RECONCILIATION_FIELDS = [
  "id",
  "gateway",
  "status",
  "file_name",
  "file_sha256",
  "file_size",
  "encoding",
  "delimiter",
  "mapping",
  "period_start",
  "period_end",
  "rows_read",
  "rows_skipped",
  "rows_bad",
  "bytes_read",
  "counts",
  "applied_changes",
  "created_by",
  "applied_by",
  "applied_at",
  "error",
  "created_at",
  "updated_at",
]

/**
 * POST /admin/paylink/reconciliations/:id/apply {}
 * Applies what the gateway's report showed (applyReconciliationWorkflow), once: a second apply, or
 * one racing this one, is refused (400) and changes nothing. Answers the reconciliation as it is now.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminApplyReconciliationBodyType>, res: MedusaResponse) {
  await applyReconciliationWorkflow(req.scope).run({
    input: { reconciliation_id: req.params.id, actor_id: req.auth_context.actor_id },
  })
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "paylink_reconciliation", fields: RECONCILIATION_FIELDS, filters: { id: req.params.id } })
  if (!data[0]) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Reconciliation ${echo(req.params.id)} was not found.`)
  }
  res.json({ reconciliation: data[0] as Reconciliation })
}
