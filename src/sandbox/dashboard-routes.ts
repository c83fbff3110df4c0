/**
 * A gateway's merchant dashboard, the one page that matters to the store: the transactions export,
 * GET /dashboard/<pathKey>/transacciones.csv?desde=&hasta=&formato=latin1. Never recorded.
 */
import express, { type Request, type Response } from "express"
import {
  EXPORT_PATH_KEYS,
  exportCsv,
  ExportOptionError,
  isExportPathKey,
} from "./export-csv"
import type { SandboxStore } from "./store"
import type { ExportCsvOptions } from "./types"
import { sendBadRequest, type FieldError } from "./validation"

export const DASHBOARD_PREFIX = "/dashboard"
export const EXPORT_FILE = "transacciones.csv"

/** The export's address for one gateway, relative to the sandbox's own. */
export const exportPath = (pathKey: string, query = "") =>
  `${DASHBOARD_PREFIX}/${pathKey}/${EXPORT_FILE}${query}`

type DashboardContext = { store: SandboxStore; now: () => Date }

const QUERY_FIELD = { desde: "from", hasta: "to", formato: "encoding" } as const
const FIELD_QUERY: Record<string, string> = {
  from: "desde",
  to: "hasta",
  encoding: "formato",
}

export function dashboardRouter(ctx: DashboardContext): express.Router {
  const router = express.Router({ strict: true, caseSensitive: true })

  router.get(`/:pathKey/${EXPORT_FILE}`, (req, res) => {
    const { pathKey } = req.params
    if (!isExportPathKey(pathKey)) {
      res.status(404).json({
        message: `No gateway dashboard ${pathKey}; one of ${EXPORT_PATH_KEYS.join(", ")}`,
      })
      return
    }
    const read = readQuery(req)
    if ("errors" in read) return sendBadRequest(res, read.errors)
    let file: Buffer
    try {
      file = exportCsv(
        ctx.store.checkouts.values(),
        pathKey,
        read.options,
        ctx.now()
      )
    } catch (e) {
      if (!(e instanceof ExportOptionError)) throw e
      return sendBadRequest(res, [
        { path: FIELD_QUERY[e.path] ?? e.path, message: e.rule },
      ])
    }
    sendFile(res, file, pathKey, read.options.encoding === "latin1")
  })

  router.use((req, res) => {
    res.status(404).json({
      message: `Not found: ${req.method} ${DASHBOARD_PREFIX}${req.path}`,
    })
  })
  return router
}

/** Strict: an unknown or repeated parameter is refused rather than silently exporting everything. */
function readQuery(
  req: Request
): { options: ExportCsvOptions } | { errors: FieldError[] } {
  const errors: FieldError[] = []
  const options: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.query)) {
    if (!(name in QUERY_FIELD)) {
      errors.push({
        path: name,
        message: `is not a parameter of the export (desde, hasta, formato)`,
      })
    } else if (typeof value !== "string") {
      errors.push({ path: name, message: "must be given once, as text" })
    } else if (value.trim() !== "") {
      options[QUERY_FIELD[name as keyof typeof QUERY_FIELD]] = value.trim()
    }
  }
  if (options.encoding !== undefined) {
    const encoding = options.encoding.toLowerCase()
    if (encoding === "latin1" || encoding === "utf-8" || encoding === "utf8")
      options.encoding = encoding === "latin1" ? "latin1" : "utf-8"
    else
      errors.push({ path: "formato", message: 'must be "latin1" or "utf-8"' })
  }
  return errors.length ? { errors } : { options: options as ExportCsvOptions }
}

function sendFile(
  res: Response,
  file: Buffer,
  pathKey: string,
  latin1: boolean
): void {
  res
    .status(200)
    .set({
      "Content-Type": `text/csv; charset=${latin1 ? "windows-1252" : "utf-8"}`,
      "Content-Disposition": `attachment; filename="transacciones-${pathKey}.csv"`,
      "Cache-Control": "no-store",
    })
    .send(file)
}
