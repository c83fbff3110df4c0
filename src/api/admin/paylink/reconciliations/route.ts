import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { z } from "@medusajs/framework/zod"
import { createReconciliationWorkflow } from "../../../../workflows/paylink/workflows/create-reconciliation"
import type {
  AdminReconciliationListResponse,
  AdminReconciliationResponse,
  Reconciliation,
} from "../../../../types/reconciliation"
import type {
  AdminCreateReconciliationBodyType,
  AdminListReconciliationsQuery,
} from "./validators"
import { refetchReconciliation, withCounts } from "./helpers"

/** GET /admin/paylink/reconciliations?gateway=&limit=&offset= — newest first. */
export async function GET(
  req: AuthenticatedMedusaRequest<
    unknown,
    z.infer<typeof AdminListReconciliationsQuery>
  >,
  res: MedusaResponse<AdminReconciliationListResponse>
) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data, metadata } = await query.graph({
    entity: "paylink_reconciliation",
    ...req.queryConfig,
    pagination: {
      ...req.queryConfig.pagination,
      order: { created_at: "DESC", id: "DESC" },
    },
    filters: req.filterableFields,
  })
  res.json({
    reconciliations: data.map(withCounts) as Reconciliation[],
    count: metadata?.count ?? data.length,
    offset: metadata?.skip ?? 0,
    limit: metadata?.take ?? data.length,
  })
}

/** POST /admin/paylink/reconciliations: 202 with the reconciliation `reading`; the read runs in the background. */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminCreateReconciliationBodyType>,
  res: MedusaResponse<AdminReconciliationResponse>
) {
  const body = req.validatedBody
  const { result: id } = await createReconciliationWorkflow(req.scope).run({
    input: {
      gateway: body.gateway,
      file_key: body.file_key,
      file_name: body.file_name,
      mapping: body.mapping,
      created_by: req.auth_context?.actor_id ?? null,
    },
  })
  res.status(202).json({ reconciliation: await refetchReconciliation(req, id) })
}
