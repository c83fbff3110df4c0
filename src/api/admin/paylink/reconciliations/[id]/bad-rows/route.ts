import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { z } from "@medusajs/framework/zod"
import type {
  AdminReconciliationBadRowsResponse,
  ReconciliationBadRow,
} from "../../../../../../types/reconciliation"
import type { AdminListReconciliationBadRowsQuery } from "../../validators"
import { pageOfReconciliation } from "../../helpers"

/** GET /admin/paylink/reconciliations/:id/bad-rows?limit=&offset= — in the file's order. */
export async function GET(
  req: AuthenticatedMedusaRequest<
    unknown,
    z.infer<typeof AdminListReconciliationBadRowsQuery>
  >,
  res: MedusaResponse<AdminReconciliationBadRowsResponse>
) {
  const { rows, ...page } = await pageOfReconciliation<ReconciliationBadRow>(
    req,
    "paylink_reconciliation_bad_row"
  )
  res.json({ bad_rows: rows, ...page })
}
