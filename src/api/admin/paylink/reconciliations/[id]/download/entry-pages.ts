import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { EntryForCsv } from "../../../../../../lib/reconciliation"
import { ENTRY_FIELDS } from "../../query-config"

/** Entries per page read for the download: one query each, never the whole result in memory. */
export const DOWNLOAD_PAGE = 500

/**
 * Every entry of a reconciliation, in the file's order then the records with no row, paged by
 * keyset (the last line, then the last id): no OFFSET that grows with the file. As Query gives
 * them: paid_at is a Date here, not the ISO text the entries route answers.
 */
export async function* entryPages(container: MedusaContainer, reconciliationId: string): AsyncGenerator<EntryForCsv> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const page = async (filters: Record<string, unknown>, order: Record<string, "ASC">) =>
    (
      await query.graph({
        entity: "paylink_reconciliation_entry",
        fields: ENTRY_FIELDS,
        filters: { reconciliation_id: reconciliationId, ...filters },
        pagination: { take: DOWNLOAD_PAGE, order },
      })
    ).data as EntryForCsv[]
  let line = 0
  for (;;) {
    const rows = await page({ line: { $gt: line } }, { line: "ASC" })
    yield* rows
    if (rows.length < DOWNLOAD_PAGE) break
    line = rows[rows.length - 1].line as number
  }
  let id = ""
  for (;;) {
    const rows = await page({ line: null, id: { $gt: id } }, { id: "ASC" })
    yield* rows
    if (rows.length < DOWNLOAD_PAGE) break
    id = rows[rows.length - 1].id
  }
}
