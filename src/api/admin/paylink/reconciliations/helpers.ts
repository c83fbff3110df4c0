import type { MedusaRequest } from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { echo } from "../../../../lib/common/echo"
import {
  RECONCILIATION_GROUPS,
  type Reconciliation,
  type ReconciliationCounts,
} from "../../../../types/reconciliation"
import { RECONCILIATION_FIELDS } from "./query-config"
import { PAYLINK_MODULE } from "../../../../modules/paylink"
import type PaylinkModuleService from "../../../../modules/paylink/services/paylink-module"

/** Every group counted, zero until the read has counted it (the answer's shape never changes). */
export function withCounts<T extends { counts?: unknown }>(row: T): T {
  const counts = Object.fromEntries(
    RECONCILIATION_GROUPS.map((g) => [g, 0])
  ) as ReconciliationCounts
  return {
    ...row,
    counts: {
      ...counts,
      ...((row.counts as ReconciliationCounts | null) ?? {}),
    },
  } as T
}

/** `fields`: the request's on its own route; all on the entries' and bad rows' routes (their `fields` are theirs). */
export async function refetchReconciliation(
  req: MedusaRequest,
  id: string,
  fields = req.queryConfig?.fields ?? RECONCILIATION_FIELDS
): Promise<Reconciliation> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "paylink_reconciliation",
    fields,
    filters: { id },
  })
  if (!data[0]) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Reconciliation ${echo(id)} was not found.`
    )
  }
  const renewals = await req.scope
    .resolve<PaylinkModuleService>(PAYLINK_MODULE)
    .reconciliationRenewals(id)
  return { ...withCounts(data[0]), renewals } as Reconciliation
}

/** A page of one reconciliation's entries or bad rows, in the file's order. */
export async function pageOfReconciliation<T>(
  req: MedusaRequest,
  entity: string,
  filters: Record<string, unknown> = {}
) {
  await refetchReconciliation(req, req.params.id, RECONCILIATION_FIELDS)
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data, metadata } = await query.graph({
    entity,
    fields: req.queryConfig.fields,
    // PostgreSQL sorts nulls last in ascending order: the records with no row come after the file's lines.
    pagination: {
      ...req.queryConfig.pagination,
      order: { line: "ASC", id: "ASC" },
    },
    filters: { ...filters, reconciliation_id: req.params.id },
  })
  return {
    rows: data as T[],
    count: metadata?.count ?? data.length,
    offset: metadata?.skip ?? 0,
    limit: metadata?.take ?? data.length,
  }
}
