import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { EntryForCsv } from "../../../../../../lib/reconciliation"
import { ENTRY_FIELDS } from "../../query-config"

/** Entries per page of the download: never the whole result in memory. */
export const DOWNLOAD_PAGE = 500

/**
 * Every entry, in the file's order then the records with no row, paged by keyset (no OFFSET that
 * grows with the file). `paid_at` is a Date here, not the entries route's ISO text.
 */
export async function* entryPages(
  container: MedusaContainer,
  reconciliationId: string
): AsyncGenerator<EntryForCsv> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const page = async (
    filters: Record<string, unknown>,
    order: Record<string, "ASC">
  ) =>
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
