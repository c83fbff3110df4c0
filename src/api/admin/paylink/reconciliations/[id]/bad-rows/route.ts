import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { z } from "@medusajs/framework/zod"
import type { AdminReconciliationBadRowsResponse, ReconciliationBadRow } from "../../../../../../types/reconciliation"
import type { AdminListReconciliationBadRowsQuery } from "../../validators"
import { refetchReconciliation } from "../../helpers"
import { RECONCILIATION_FIELDS } from "../../query-config"

/** GET /admin/paylink/reconciliations/:id/bad-rows?limit=&offset= — in the file's order. */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, z.infer<typeof AdminListReconciliationBadRowsQuery>>,
  res: MedusaResponse<AdminReconciliationBadRowsResponse>
) {
  await refetchReconciliation(req, req.params.id, RECONCILIATION_FIELDS)
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data, metadata } = await query.graph({
    entity: "paylink_reconciliation_bad_row",
    fields: req.queryConfig.fields,
    pagination: { ...req.queryConfig.pagination, order: { line: "ASC" } },
    filters: { reconciliation_id: req.params.id },
  })
  res.json({
    bad_rows: data as ReconciliationBadRow[],
    count: metadata?.count ?? data.length,
    offset: metadata?.skip ?? 0,
    limit: metadata?.take ?? data.length,
  })
}
