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
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/** Each entry's order by the number the merchant knows (#12), read once for the page. */
export async function withOrderNumbers(
  scope: MedusaContainer,
  entries: ReconciliationEntry[]
): Promise<ReconciliationEntry[]> {
  const ids = [
    ...new Set(
      entries.map((e) => e.order_id).filter((id): id is string => !!id)
    ),
  ]
  if (!ids.length) return entries
  // The order numbers are words for the merchant: when they cannot be read, the entries still
  // answer, each with its order id (as the payment links list does).
  let numbers = new Map<string, number>()
  try {
    const { data } = await scope
      .resolve(ContainerRegistrationKeys.QUERY)
      .graph({
        entity: "order",
        fields: ["id", "display_id"],
        filters: { id: ids },
      })
    numbers = new Map(data.map((o: any) => [o.id, o.display_id]))
  } catch (error) {
    scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `paylink: the reconciliation entries' order numbers could not be read: ${(error as Error)?.message}`
      )
  }
  return entries.map((e) => ({
    ...e,
    order_display_id: e.order_id ? (numbers.get(e.order_id) ?? null) : null,
  }))
}

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
  res.json({ entries: await withOrderNumbers(req.scope, rows), ...page })
}
