import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import type { z } from "@medusajs/framework/zod"
import {
  previewCsv,
  suggestMapping,
  withCrossCheck,
} from "../../../../../lib/reconciliation"
import { PAYLINK_MODULE } from "../../../../../modules/paylink"
import type PaylinkModuleService from "../../../../../modules/paylink/services/paylink-module"
import type {
  AdminReconciliationUploadResponse,
  ReconciliationGateway,
} from "../../../../../types/reconciliation"
import type { AdminReconciliationUploadQuery } from "../validators"
import { receiveUpload, type UploadLedger } from "./receive-upload"

const PREVIEW_ROWS = 10

/**
 * POST /admin/paylink/reconciliations/uploads?gateway=&file_name=, the export as the raw body.
 * Stores it privately and answers its first rows and a mapping: the gateway's kept one, else one
 * guessed from the column names.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<
    unknown,
    z.infer<typeof AdminReconciliationUploadQuery>
  >,
  res: MedusaResponse<AdminReconciliationUploadResponse>
) {
  const { gateway, file_name } = req.validatedQuery as z.infer<
    typeof AdminReconciliationUploadQuery
  >
  // A refused file may still be arriving: the connection is closed after the answer, not drained.
  res.setHeader("Connection", "close")
  const declared =
    req.headers["content-length"] === undefined
      ? undefined
      : Number(req.headers["content-length"])
  const files = req.scope.resolve(Modules.FILE)
  const paylink = req.scope.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  // Recorded before the first byte so an unused or cut-off upload is found later: the File module cannot list it.
  const ledger: UploadLedger = {
    opened: (fileKey) =>
      paylink.recordReconciliationUpload({
        file_key: fileKey,
        gateway,
        file_size: 0,
        file_sha256: null,
        created_by: req.auth_context?.actor_id ?? null,
      }),
    stored: (fileKey, size, sha256) =>
      paylink.completeReconciliationUpload(fileKey, size, sha256),
    dropped: (fileKey) => paylink.dropReconciliationUpload(fileKey),
  }
  const received = await receiveUpload(req, files, gateway, ledger, declared)
  res.removeHeader("Connection")
  const preview = previewCsv(received.head, PREVIEW_ROWS)
  const saved = await paylink.reconciliationMappingOf(
    gateway as ReconciliationGateway
  )
  res.json({
    upload: {
      file_key: received.fileKey,
      file_name,
      file_size: received.size,
      file_sha256: received.sha256,
      encoding: received.dialect.encoding,
      delimiter: received.dialect.delimiter,
      columns: preview.columns,
      rows: preview.rows,
      suggested_mapping: saved
        ? withCrossCheck(saved, preview.columns)
        : suggestMapping(preview.columns),
      mapping_is_saved: saved !== null,
    },
  })
}
