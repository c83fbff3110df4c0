import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { z } from "@medusajs/framework/zod"
import type { AdminReconciliationEntriesResponse, ReconciliationEntry } from "../../../../../../types/reconciliation"
import type { AdminListReconciliationEntriesQuery } from "../../validators"
import { refetchReconciliation } from "../../helpers"
import { RECONCILIATION_FIELDS } from "../../query-config"

/** GET /admin/paylink/reconciliations/:id/entries?group=&limit=&offset= — in the file's order, records with no row last. */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, z.infer<typeof AdminListReconciliationEntriesQuery>>,
  res: MedusaResponse<AdminReconciliationEntriesResponse>
) {
  await refetchReconciliation(req, req.params.id, RECONCILIATION_FIELDS)
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data, metadata } = await query.graph({
    entity: "paylink_reconciliation_entry",
    fields: req.queryConfig.fields,
    // PostgreSQL sorts nulls last in ascending order: the records with no row come after the file's lines.
    pagination: { ...req.queryConfig.pagination, order: { line: "ASC", id: "ASC" } },
    filters: { ...req.filterableFields, reconciliation_id: req.params.id },
  })
  res.json({
    entries: data as ReconciliationEntry[],
    count: metadata?.count ?? data.length,
    offset: metadata?.skip ?? 0,
    limit: metadata?.take ?? data.length,
  })
}
