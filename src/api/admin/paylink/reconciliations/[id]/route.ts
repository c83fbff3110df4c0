import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { AdminReconciliationResponse } from "../../../../../types/reconciliation"
import { refetchReconciliation } from "../helpers"

/** GET /admin/paylink/reconciliations/:id — with the read's progress while `reading`. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminReconciliationResponse>) {
  res.json({ reconciliation: await refetchReconciliation(req, req.params.id) })
}
