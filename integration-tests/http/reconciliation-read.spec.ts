/**
 * The gateway's export read against the records. Links are paid in every way the export
 * can tell apart (returned, never returned, withdrawn then paid, returned without paying, charged a
 * different amount), the sandbox's own export is uploaded through the route (UTF-8 and Latin-1),
 * and every entry is checked to the record and the cent, with the counts, the period, the bad and
 * skipped rows, the download, the refusals, and a restarted read that adds nothing.
 */
import { Readable } from "node:stream"
import { paylinkSuite } from "../helpers/suite"
import { storedUploads } from "../helpers/private-uploads"
import { PROVIDERS } from "../helpers/seed"
import {
  entriesOf,
  paidAndReturned,
  paidNeverReturned,
  reconcile,
  returnedWithoutPaying,
  upload,
  waitForRead,
  withdrawnThenPaid,
} from "../helpers/reconciliation"
import { readReconciliationWorkflow } from "../../src/workflows/paylink/workflows/read-reconciliation"
import resumePaylinkReconciliations from "../../src/jobs/resume-paylink-reconciliations"

/** Today in Guatemala (UTC−6), as the report's days are read. */
const today = () =>
  new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10)
const dmy = (iso: string) => iso.split("-").reverse().join("/")
/** This minute in Guatemala as the dashboards write it (24/11/2026 15:04): when the export is taken. */
const exportMinute = () => {
  const local = new Date(Date.now() - 6 * 3_600_000).toISOString()
  return `${dmy(local.slice(0, 10))} ${local.slice(11, 16)}`
}

paylinkSuite(
  (ctx) => {
    const { api } = ctx

    /** Every way of paying, then the sandbox's gateway A export with rows no record explains appended. */
    async function paidInEveryWay() {
      const returned = await paidAndReturned(ctx)
      const neverReturned = await paidNeverReturned(ctx)
      const withdrawn = await withdrawnThenPaid(ctx)
      const forged = await returnedWithoutPaying(ctx)
      const charged90 = await paidNeverReturned(ctx, { amount: 90 })
      const onB = await paidAndReturned(ctx, PROVIDERS.gatewayB)
      const exported = ctx.sandbox
        .exportCsv("gatewayA")
        .toString("utf8")
        .replace(/^\uFEFF/, "")
      const lines = exported.split("\r\n").filter(Boolean)
      // Not a later hour of today: the read bounds the orders it expects by the latest row's time.
      const at = exportMinute()
      const duplicate = lines.find((l) => l.startsWith(`${returned.number};`))!
      const extra = [
        `999999;chk_elsewhere;${at};Q 1,234.50;GTQ;Pagado;**** 1111;123456;Pago único;Otro canal`,
        duplicate,
        `${onB.number};${onB.checkoutId};${at};Q 100.00;GTQ;Pagado;**** 4242;654321;Pago único;Enlace de B`,
        `${neverReturned.number};x;${at};Q abc;GTQ;Pagado;;;Pago único;Monto ilegible`,
        `${neverReturned.number};x;31/02/2026 10:00;Q 100.00;GTQ;Pagado;;;Pago único;Fecha imposible`,
      ]
      const first = lines.length + 1
      const text = [...lines, ...extra].join("\r\n") + "\r\n"
      return {
        returned,
        neverReturned,
        withdrawn,
        forged,
        charged90,
        onB,
        text,
        extraLine: (i: number) => first + i,
        rows: lines.length - 1 + extra.length,
      }
    }

    it("sorts every row and every order into its group, to the record and the cent, from the UTF-8 and the Latin-1 export", async () => {
      const p = await paidInEveryWay()
      // Paid after the export was taken (a minute and a half after its last row): not missing from it.
      const late = await returnedWithoutPaying(ctx)
      await ctx.dbConnection.raw(
        `update "paylink_checkout" set "returned_at" = now() + interval '90 seconds' where "id" = ?`,
        [late.recordId]
      )
      const utf8 = await reconcile(
        ctx,
        Buffer.from("\uFEFF" + p.text, "utf8"),
        "transacciones.csv"
      )
      expect(utf8.upload).toMatchObject({
        encoding: "utf-8",
        delimiter: ";",
        mapping_is_saved: false,
        file_name: "transacciones.csv",
      })
      expect(utf8.upload.columns).toContain("Autorización")
      // The checkout id (the service's, unique across stores) is the reference, the link number its cross-check.
      expect(utf8.upload.suggested_mapping).toMatchObject({
        reference: "ID de transacción",
        reference_kind: "checkout_id",
        other_reference: "No. de enlace",
        amount: "Monto",
        paid_at: "Fecha de pago",
        status: "Estado",
      })
      expect(utf8.created.status).toBe("reading")

      const latin1 = await reconcile(
        ctx,
        Buffer.from(p.text, "latin1"),
        "transacciones-latin1.csv"
      )
      expect(latin1.upload).toMatchObject({
        encoding: "latin1",
        mapping_is_saved: true,
      })

      for (const { reconciliation: r } of [utf8, latin1]) {
        expect(r).toMatchObject({
          gateway: "gatewayA",
          status: "ready",
          period_end: today(),
          rows_read: p.rows,
          rows_skipped: 1,
          rows_bad: 2,
          counts: {
            matched: 1,
            paid_no_order: 2,
            order_no_payment: 1,
            unknown: 3,
            amount_mismatch: 1,
          },
          error: null,
        })
        expect(r.period_start).toBe(today())
        expect(r.bytes_read).toBe(r.file_size)
        expect(r.file_sha256).toMatch(/^[0-9a-f]{64}$/)
        expect(r.created_by).toEqual(expect.any(String))

        const { entries, count } = await entriesOf(ctx, r.id)
        expect(count).toBe(8)
        const of = (recordId: string) =>
          entries.filter((e: any) => e.checkout_record_id === recordId)
        const money = { reported_currency: "GTQ", expected_currency: "GTQ" }
        expect(of(p.returned.recordId)).toEqual([
          expect.objectContaining({
            group: "matched",
            reason: "order_placed",
            action: "verified",
            reported_amount: 100,
            expected_amount: 100,
            order_id: p.returned.orderId,
            applied: false,
            ...money,
          }),
          expect.objectContaining({
            group: "unknown",
            reason: "duplicate_row",
            action: null,
            line: p.extraLine(1),
          }),
        ])
        expect(of(p.neverReturned.recordId)).toEqual([
          expect.objectContaining({
            group: "paid_no_order",
            reason: "never_returned",
            action: "needs_attention",
            reported_amount: 100,
            expected_amount: 100,
            order_id: null,
            card_last4: "4242",
            checkout_number: p.neverReturned.number,
          }),
        ])
        expect(of(p.withdrawn.recordId)).toEqual([
          expect.objectContaining({
            group: "paid_no_order",
            reason: "paid_after_withdrawal",
            action: "needs_attention",
            record_status: "withdrawn",
          }),
        ])
        expect(of(p.forged.recordId)).toEqual([
          expect.objectContaining({
            group: "order_no_payment",
            reason: "no_payment_in_report",
            action: "unverified",
            line: null,
            reference: null,
            reported_amount: null,
            expected_amount: 100,
            expected_currency: "GTQ",
            order_id: p.forged.orderId,
            record_status: "completed",
          }),
        ])
        expect(of(late.recordId)).toEqual([])
        expect(of(p.charged90.recordId)).toEqual([
          expect.objectContaining({
            group: "amount_mismatch",
            reason: "amount_differs",
            action: "needs_attention",
            reported_amount: 90,
            expected_amount: 100,
          }),
        ])
        expect(of(p.onB.recordId)).toEqual([
          expect.objectContaining({
            group: "unknown",
            reason: "other_gateway",
            action: null,
            line: p.extraLine(2),
          }),
        ])
        expect(
          entries.find((e: any) => e.line === p.extraLine(0))
        ).toMatchObject({
          group: "unknown",
          reason: "no_record",
          checkout_record_id: null,
          reference: "chk_elsewhere",
          reported_amount: 1234.5,
          card_last4: "1111",
          authorization: "123456",
        })
        // The file's order, the record with no row last.
        expect(entries.map((e: any) => e.line)).toEqual(
          [...entries.map((e: any) => e.line)].sort(
            (a, b) => (a ?? 1e9) - (b ?? 1e9)
          )
        )
        expect(entries[entries.length - 1].line).toBeNull()

        const bad = (
          await api.get(
            `/admin/paylink/reconciliations/${r.id}/bad-rows`,
            ctx.admin
          )
        ).data
        expect(bad).toMatchObject({ count: 2, offset: 0 })
        expect(bad.bad_rows).toEqual([
          {
            line: p.extraLine(3),
            column: "Monto",
            value: "Q abc",
            reason: expect.any(String),
          },
          {
            line: p.extraLine(4),
            column: "Fecha de pago",
            value: "31/02/2026 10:00",
            reason: expect.any(String),
          },
        ])

        const groupOnly = await entriesOf(ctx, r.id, "unknown")
        expect(groupOnly.entries.map((e: any) => e.reason).sort()).toEqual([
          "duplicate_row",
          "no_record",
          "other_gateway",
        ])
      }

      const list = (
        await api.get(
          `/admin/paylink/reconciliations?gateway=gatewayA`,
          ctx.admin
        )
      ).data
      expect(list.reconciliations.map((r: any) => r.id)).toEqual([
        latin1.reconciliation.id,
        utf8.reconciliation.id,
      ])
      expect(
        (
          await api.get(
            `/admin/paylink/reconciliations?gateway=gatewayB`,
            ctx.admin
          )
        ).data.count
      ).toBe(0)

      const download = await api.get(
        `/admin/paylink/reconciliations/${utf8.reconciliation.id}/download`,
        { ...ctx.admin, responseType: "text" }
      )
      expect(download.headers["content-type"]).toMatch(/^text\/csv/)
      expect(download.headers["content-disposition"]).toContain(
        'filename="transacciones-reconciliation.csv"'
      )
      const csvLines = String(download.data).trim().split(/\r?\n/)
      expect(csvLines[0]).toMatch(/^group,reason,line,reference/)
      expect(csvLines).toHaveLength(9)
      expect(csvLines.find((l) => l.startsWith("amount_mismatch"))).toMatch(
        /90\.00.*100\.00/
      )
      expect(csvLines[csvLines.length - 1]).toMatch(
        /^order_no_payment,no_payment_in_report,,/
      )
    })

    it("a second row at a subscription's first payment is a duplicate, as a single payment's is: renewals are told by their later date (subscriptions.spec.ts)", async () => {
      const subscription = await paidAndReturned(ctx, PROVIDERS.subscription)
      const single = await paidAndReturned(ctx)
      const lines = ctx.sandbox
        .exportCsv("gatewayA")
        .toString("utf8")
        .replace(/^\uFEFF/, "")
        .split("\r\n")
        .filter(Boolean)
      const rowOf = (n: number) => lines.find((l) => l.startsWith(`${n};`))!
      // The same link's row twice more at the first payment's minute, once with another amount: a
      // renewal comes a period later, so these are the first payment listed again.
      const renewal = rowOf(subscription.number)
      const renewalOther = renewal.replace("Q 100.00", "Q 95.00")
      const text =
        [...lines, renewal, renewalOther, rowOf(single.number)].join("\r\n") +
        "\r\n"
      const { reconciliation: r } = await reconcile(
        ctx,
        Buffer.from(text, "utf8")
      )
      expect(r.counts).toEqual({
        matched: 2,
        paid_no_order: 0,
        order_no_payment: 0,
        unknown: 3,
        amount_mismatch: 0,
      })
      const { entries } = await entriesOf(ctx, r.id)
      const of = (recordId: string) =>
        entries
          .filter((e: any) => e.checkout_record_id === recordId)
          .map((e: any) => [e.group, e.reason, e.action])
      expect(of(subscription.recordId)).toEqual([
        ["matched", "order_placed", "verified"],
        ["unknown", "duplicate_row", null],
        ["unknown", "duplicate_row", null],
      ])
      expect(of(single.recordId)).toEqual([
        ["matched", "order_placed", "verified"],
        ["unknown", "duplicate_row", null],
      ])
    })

    it("reads a reconciliation again after a stop (the subscriber's read repeated, or the resume job) without a second entry", async () => {
      const p = await paidInEveryWay()
      const { reconciliation: r } = await reconcile(
        ctx,
        Buffer.from(p.text, "utf8")
      )
      const before = await entriesOf(ctx, r.id)
      const badBefore = (
        await api.get(
          `/admin/paylink/reconciliations/${r.id}/bad-rows`,
          ctx.admin
        )
      ).data

      await ctx.dbConnection.raw(
        `update paylink_reconciliation set status = 'reading', counts = null where id = ?`,
        [r.id]
      )
      await readReconciliationWorkflow(ctx.getContainer()).run({
        input: { id: r.id },
      })
      const again = await waitForRead(ctx, r.id)
      expect(again.counts).toEqual(r.counts)
      expect((await entriesOf(ctx, r.id)).entries).toEqual(before.entries)

      // A process that stopped mid-read: the job takes it after two minutes without progress.
      await ctx.dbConnection.raw(
        `update paylink_reconciliation set status = 'reading', updated_at = now() - interval '3 minutes' where id = ?`,
        [r.id]
      )
      await resumePaylinkReconciliations(ctx.getContainer())
      const resumed = await waitForRead(ctx, r.id)
      expect(resumed).toMatchObject({
        counts: r.counts,
        rows_read: r.rows_read,
        rows_bad: 2,
        rows_skipped: 1,
      })
      expect((await entriesOf(ctx, r.id)).entries).toEqual(before.entries)
      expect(
        (
          await api.get(
            `/admin/paylink/reconciliations/${r.id}/bad-rows`,
            ctx.admin
          )
        ).data
      ).toEqual(badBefore)

      // A read still making progress is not taken.
      await ctx.dbConnection.raw(
        `update paylink_reconciliation set status = 'reading' where id = ?`,
        [r.id]
      )
      await resumePaylinkReconciliations(ctx.getContainer())
      expect(
        (await api.get(`/admin/paylink/reconciliations/${r.id}`, ctx.admin))
          .data.reconciliation.status
      ).toBe("reading")
    })

    it("refuses what it cannot read, naming the field and the rule, and stores nothing", async () => {
      const stored = storedUploads().length
      const good = Buffer.from(
        "No. de enlace;Monto;Fecha de pago;Estado\r\n1;Q 10.00;24/11/2026 10:00;Pagado\r\n"
      )
      // Sent without a length (chunked): the route stops at the limit, mid-stream, and deletes what it wrote.
      const endless = () =>
        Readable.from(
          (function* () {
            for (let i = 0; i <= 50; i++)
              yield Buffer.alloc(
                1024 * 1024,
                good.toString() + "1;Q 10.00;24/11/2026 10:00;Pagado\r\n"
              )
          })()
        )
      const cases: [
        string,
        Buffer | (() => Readable),
        Record<string, string>,
        RegExp,
      ][] = [
        [
          "unknown gateway",
          good,
          { gateway: "gatewayZ", file_name: "a.csv" },
          /gateway/,
        ],
        ["no file name", good, { gateway: "gatewayA" }, /file_name/],
        [
          "not a .csv name",
          good,
          { gateway: "gatewayA", file_name: "a.xlsx" },
          /file_name must end in \.csv/,
        ],
        [
          "empty body",
          Buffer.alloc(0),
          { gateway: "gatewayA", file_name: "a.csv" },
          /body: the file is empty/,
        ],
        [
          "not a CSV",
          Buffer.from("just one line of words\nand another\n"),
          { gateway: "gatewayA", file_name: "a.csv" },
          /file/,
        ],
        [
          "over 50 MiB, said by its length",
          Buffer.alloc(
            50 * 1024 * 1024 + 1,
            good.toString() + "1;Q 10.00;24/11/2026 10:00;Pagado\r\n"
          ),
          { gateway: "gatewayA", file_name: "a.csv" },
          /at most 50 MiB/,
        ],
        [
          "over 50 MiB, found while reading",
          endless,
          { gateway: "gatewayA", file_name: "a.csv" },
          /at most 50 MiB/,
        ],
      ]
      for (const [label, body, query, message] of cases) {
        const res = await upload(
          ctx,
          typeof body === "function" ? body() : body,
          query
        )
        expect({ label, status: res.status }).toEqual({ label, status: 400 })
        expect({ label, message: res.data.message }).toEqual({
          label,
          message: expect.stringMatching(message),
        })
      }
      expect(storedUploads()).toHaveLength(stored)

      const up = (
        await upload(ctx, good, { gateway: "gatewayA", file_name: "a.csv" })
      ).data.upload
      const mapping = { ...up.suggested_mapping, amount: "Importe" }
      const post = (body: object) =>
        api
          .post(`/admin/paylink/reconciliations`, body, ctx.admin)
          .catch((e: any) => e.response)
      const badMapping = await post({
        gateway: "gatewayA",
        file_key: up.file_key,
        file_name: "a.csv",
        mapping,
      })
      expect(badMapping.status).toBe(400)
      expect(badMapping.data.message).toMatch(/mapping\.amount: .*Importe/)
      const foreignKey = await post({
        gateway: "gatewayA",
        file_key: "../../etc/passwd",
        file_name: "a.csv",
        mapping: up.suggested_mapping,
      })
      expect(foreignKey.status).toBe(400)
      expect(foreignKey.data.message).toMatch(/file_key/)
      const otherGateway = await post({
        gateway: "gatewayB",
        file_key: up.file_key,
        file_name: "a.csv",
        mapping: up.suggested_mapping,
      })
      expect(otherGateway.status).toBe(400)
      expect(
        (await api.get(`/admin/paylink/reconciliations`, ctx.admin)).data.count
      ).toBe(0)
      // The refused create kept no mapping either.
      expect(
        (await upload(ctx, good, { gateway: "gatewayA", file_name: "a.csv" }))
          .data.upload.mapping_is_saved
      ).toBe(false)
      expect(
        (
          await api
            .get(`/admin/paylink/reconciliations/plrec_nothing`, ctx.admin)
            .catch((e: any) => e.response)
        ).status
      ).toBe(404)
    })
  },
  { timeoutMs: 300_000 }
)
