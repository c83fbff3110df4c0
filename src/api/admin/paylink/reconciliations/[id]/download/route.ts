import { pipeline } from "node:stream/promises"
import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { entriesCsv } from "../../../../../../lib/reconciliation"
import { refetchReconciliation } from "../../helpers"
import { RECONCILIATION_FIELDS } from "../../query-config"
import { entryPages } from "./entry-pages"

/** `export.csv` → `export-reconciliation.csv`, as plain ASCII for the old header and whole in filename*. */
function attachmentName(fileName: string) {
  const name = `${fileName.replace(/\.csv$/i, "")}-reconciliation.csv`
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_")
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** GET /admin/paylink/reconciliations/:id/download — the result as CSV, streamed page by page. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const reconciliation = await refetchReconciliation(
    req,
    req.params.id,
    RECONCILIATION_FIELDS
  )
  res.setHeader("Content-Type", "text/csv; charset=utf-8")
  res.setHeader("Content-Disposition", attachmentName(reconciliation.file_name))
  res.setHeader("Cache-Control", "no-store")
  await pipeline(entriesCsv(entryPages(req.scope, reconciliation.id)), res)
}
