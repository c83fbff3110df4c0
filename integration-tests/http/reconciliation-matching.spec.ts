/**
 * A report row changes a record only when it is that link's payment. Link numbers are the store's
 * own sequence, so another store on the same gateway account, a staging copy or a restored backup
 * writes rows with the same numbers: a row whose checkout id is not the record's, or that was paid
 * before the link existed, is listed (unknown, with the reason) and changes nothing. The paid row
 * that does hand a link to the merchant travels with it, so Place order shows where the money was seen.
 */
import { paylinkSuite } from "../helpers/suite"
import {
  entriesOf,
  exportFile as file,
  guatemalaMinute,
  paidAndReturned,
  paidNeverReturned,
  reconcile,
  upload,
} from "../helpers/reconciliation"
import {
  recordByNumber,
  unreturnedLink,
} from "../helpers/reconciliation-entries"

const row = (
  number: number,
  checkoutId: string,
  paidAt: string,
  amount = "Q 100.00",
  card = "**** 4242",
  auth = "123456"
) =>
  `${number};${checkoutId};${paidAt};${amount};GTQ;Pagado;${card};${auth};Pago único;Bolsa`

paylinkSuite(
  (ctx) => {
    const { api } = ctx
    const apply = (id: string, body: object = {}) =>
      api
        .post(`/admin/paylink/reconciliations/${id}/apply`, body, ctx.admin)
        .catch((e: any) => e.response)

    it("matches on the checkout id when the export has one: another store's row with this link's number pays nothing", async () => {
      // Link 21 of this store, created today and never paid; another store's row for its own link 21.
      const unpaid = await unreturnedLink(ctx)
      const returned = await paidAndReturned(ctx)
      const now = guatemalaMinute()
      const rows = [
        row(
          unpaid.link.number,
          "chk_from_another_store",
          "15/03/2026 09:30",
          "Q 70.00"
        ),
        // Another store's row for the number of a completed, paid link: it verifies nothing.
        row(returned.number, "chk_other_store_too", now),
        // This link's own checkout id, paid eight months before the link existed: not its payment.
        row(unpaid.link.number, unpaid.link.checkout_id, "15/03/2026 09:30"),
      ]
      const { upload: up, reconciliation: r } = await reconcile(ctx, file(rows))
      // The export has both: the checkout id is the reference, the link number its cross-check.
      expect(up.suggested_mapping).toMatchObject({
        reference: "ID de transacción",
        reference_kind: "checkout_id",
        other_reference: "No. de enlace",
      })

      const { entries } = await entriesOf(ctx, r.id)
      const byLine = (line: number) => entries.find((e: any) => e.line === line)
      expect(byLine(2)).toMatchObject({
        group: "unknown",
        reason: "checkout_id_differs",
        action: null,
        checkout_record_id: null,
        reference: "chk_from_another_store",
      })
      expect(byLine(3)).toMatchObject({
        group: "unknown",
        reason: "checkout_id_differs",
        action: null,
        checkout_record_id: null,
      })
      expect(byLine(4)).toMatchObject({
        group: "unknown",
        reason: "paid_before_link",
        action: null,
        checkout_record_id: null,
      })
      // The completed order has no row of its own in the report: it is missing, not verified.
      expect(
        entries.filter((e: any) => e.checkout_record_id === returned.recordId)
      ).toEqual([
        expect.objectContaining({
          group: "order_no_payment",
          action: "unverified",
        }),
      ])
      expect(r.counts).toMatchObject({
        matched: 0,
        paid_no_order: 0,
        unknown: 3,
      })
      // No row is a link of this gateway while it has an order in the period: the merchant confirms first.
      expect(r.gateway_mismatch).toEqual({ payments: 3, records: 1 })

      expect((await apply(r.id, { confirm_gateway: true })).status).toBe(200)
      const after = await recordByNumber(ctx, unpaid.link.number)
      expect(after).toMatchObject({
        status: "created",
        payment_verification: null,
      })
      const place = await api
        .post(`/admin/paylink/checkouts/${after.id}/place-order`, {}, ctx.admin)
        .catch((e: any) => e.response)
      expect(place.status).toBe(400)
      expect(
        (await recordByNumber(ctx, returned.number)).payment_verification
      ).toBe("unverified")
    })

    it("matches by link number when that is all the export has, but never a payment dated before the link existed", async () => {
      const unpaid = await unreturnedLink(ctx)
      const paid = await paidNeverReturned(ctx)
      const numberOnly = (rs: string[]) =>
        Buffer.from(
          ["No. de enlace;Fecha de pago;Monto;Estado", ...rs].join("\r\n") +
            "\r\n",
          "utf8"
        )
      const up = await upload(ctx, numberOnly([]), {
        gateway: "gatewayA",
        file_name: "solo-numeros.csv",
      })
      expect(up.data.upload.suggested_mapping).toMatchObject({
        reference: "No. de enlace",
        reference_kind: "number",
      })
      expect(up.data.upload.suggested_mapping.other_reference).toBeUndefined()

      // Ten minutes of skew are allowed for the service's clock; a day before is another link's.
      const skewed = guatemalaMinute(new Date(Date.now() - 5 * 60_000))
      const text = numberOnly([
        `${unpaid.link.number};15/03/2026 09:30;Q 70.00;Pagado`,
        `${paid.number};${skewed};Q 100.00;Pagado`,
      ])
      const { reconciliation: r } = await reconcile(
        ctx,
        text,
        "solo-numeros.csv"
      )
      const { entries } = await entriesOf(ctx, r.id)
      expect(entries.find((e: any) => e.line === 2)).toMatchObject({
        group: "unknown",
        reason: "paid_before_link",
        checkout_record_id: null,
      })
      expect(entries.find((e: any) => e.line === 3)).toMatchObject({
        group: "paid_no_order",
        reason: "never_returned",
        checkout_record_id: paid.recordId,
      })
    })

    it("adds the checkout id as the cross-check of a mapping kept from before, matching on link number only", async () => {
      const first = (
        await upload(ctx, file([]), { gateway: "gatewayC", file_name: "c.csv" })
      ).data.upload
      const numberOnly = {
        ...first.suggested_mapping,
        reference: "No. de enlace",
        reference_kind: "number",
        other_reference: null,
      }
      const created = await api.post(
        `/admin/paylink/reconciliations`,
        {
          gateway: "gatewayC",
          file_key: first.file_key,
          file_name: "c.csv",
          mapping: numberOnly,
        },
        ctx.admin
      )
      expect(created.status).toBe(202)
      const next = (
        await upload(ctx, file([]), {
          gateway: "gatewayC",
          file_name: "c2.csv",
        })
      ).data.upload
      expect(next).toMatchObject({
        mapping_is_saved: true,
        suggested_mapping: {
          reference: "No. de enlace",
          reference_kind: "number",
          other_reference: "ID de transacción",
        },
      })
    })

    it("refuses a mapping whose cross-check is the reference's own column, naming the field", async () => {
      const up = (
        await upload(ctx, file([]), { gateway: "gatewayA", file_name: "a.csv" })
      ).data.upload
      const mapping = {
        ...up.suggested_mapping,
        other_reference: up.suggested_mapping.reference,
      }
      const res = await api
        .post(
          `/admin/paylink/reconciliations`,
          {
            gateway: "gatewayA",
            file_key: up.file_key,
            file_name: "a.csv",
            mapping,
          },
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(res.status).toBe(400)
      expect(res.data.message).toMatch(/mapping\.other_reference/)
    })

    it("hands a link paid in the report to the merchant with the report's row: date, amount, card, authorization, file and line", async () => {
      const paid = await paidNeverReturned(ctx)
      const paidAt = guatemalaMinute()
      const { reconciliation: r } = await reconcile(
        ctx,
        file([
          row(
            paid.number,
            paid.checkoutId,
            paidAt,
            "Q 100.00",
            "**** 4242",
            "A-778899"
          ),
        ]),
        "marzo.csv"
      )
      expect((await apply(r.id)).status).toBe(200)
      const record = await recordByNumber(ctx, paid.number)
      expect(record.status).toBe("needs_attention")
      expect(record.attention_detail.params.report).toEqual({
        reconciliation_id: r.id,
        file_name: "marzo.csv",
        line: 2,
        paid_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/),
        amount: 10000,
        currency: "GTQ",
        card_last4: "4242",
        authorization: "A-778899",
      })
      // The sentence (which reaches logs) names the report, never the row's card or authorization.
      expect(record.attention_reason).not.toContain("A-778899")
    })
  },
  { timeoutMs: 300_000 }
)
