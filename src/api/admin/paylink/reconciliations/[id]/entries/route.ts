import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { z } from "@medusajs/framework/zod"
import type {
  AdminReconciliationEntriesResponse,
  ReconciliationEntry,
} from "../../../../../../types/reconciliation"
import type { AdminListReconciliationEntriesQuery } from "../../validators"
import { pageOfReconciliation } from "../../helpers"

/** GET /admin/paylink/reconciliations/:id/entries?group=&action=&applied=&limit=&offset= — in the file's order, records with no row last. */
export async function GET(
  req: AuthenticatedMedusaRequest<
    unknown,
    z.infer<typeof AdminListReconciliationEntriesQuery>
  >,
  res: MedusaResponse<AdminReconciliationEntriesResponse>
) {
  const { rows, ...page } = await pageOfReconciliation<ReconciliationEntry>(
    req,
    "paylink_reconciliation_entry",
    req.filterableFields
  )
  res.json({ entries: rows, ...page })
}
