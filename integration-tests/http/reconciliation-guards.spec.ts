/**
 * The reconciliation's guards at their edges: a row with a checkout id against a link that never
 * learned its own, a short row for a link a return handed to the merchant (Place order must stay
 * refused), a file with no payment row at all while the gateway has orders in its period (applied
 * only once the merchant confirms), and a reconciliation an apply left part way (kept, not deleted).
 */
import { paylinkSuite } from "../helpers/suite"
import {
  entriesOf,
  exportFile as file,
  guatemalaMinute,
  paidAndReturned,
  paidNeverReturned,
  reconcile,
} from "../helpers/reconciliation"
import {
  readyReconciliation,
  recordByNumber,
  unreturnedLink,
} from "../helpers/reconciliation-entries"

const row = (
  number: number,
  checkoutId: string,
  amount: string,
  status = "Pagado"
) =>
  `${number};${checkoutId};${guatemalaMinute()};${amount};GTQ;${status};**** 4242;998877;Pago único;Bolsa`

paylinkSuite(
  (ctx) => {
    const { api } = ctx
    const apply = (id: string, body: object = {}) =>
      api
        .post(`/admin/paylink/reconciliations/${id}/apply`, body, ctx.admin)
        .catch((e: any) => e.response)

    it("does not hand over a link that never learned its checkout id on a row that names a checkout id", async () => {
      // The service's answer to the link's creation was lost: the store knows its number only.
      const lost = await unreturnedLink(ctx)
      await ctx.dbConnection.raw(
        `update "paylink_checkout" set "checkout_id" = null where "id" = ?`,
        [lost.record.id]
      )
      const { reconciliation: r } = await reconcile(
        ctx,
        file([row(lost.link.number, "chk_staging_store", "Q 100.00")])
      )
      const { entries } = await entriesOf(ctx, r.id)
      expect(entries).toEqual([
        expect.objectContaining({
          group: "unknown",
          reason: "checkout_id_unknown",
          action: null,
          checkout_record_id: null,
        }),
      ])
    })

    it("flags paid short a link a return handed to the merchant, and Place order stays refused", async () => {
      const paid = await paidNeverReturned(ctx)
      // As a return that could not place its order leaves it: waiting for the merchant at the link's amount.
      await ctx.dbConnection.raw(
        `update "paylink_checkout" set "status" = 'needs_attention', "attention_reason" = 'Link was paid, but completing its cart failed.',
         "attention_detail" = ?::jsonb where "id" = ?`,
        [
          JSON.stringify({
            code: "cart_completion_failed",
            params: { number: paid.number, target: "cart", error: "stock" },
          }),
          paid.recordId,
        ]
      )
      const before = await recordByNumber(ctx, paid.number)
      expect(before.actions).toContain("place_order")

      const { reconciliation: r } = await reconcile(
        ctx,
        file([row(paid.number, paid.checkoutId, "Q 7.00")])
      )
      const { entries } = await entriesOf(ctx, r.id)
      expect(entries).toEqual([
        expect.objectContaining({
          group: "amount_mismatch",
          reason: "amount_differs",
          action: "short",
          checkout_record_id: paid.recordId,
        }),
      ])
      expect((await apply(r.id)).status).toBe(200)

      const after = await recordByNumber(ctx, paid.number)
      expect(after).toMatchObject({
        status: "needs_attention",
        payment_verification: "short",
        verification_reconciliation_id: r.id,
      })
      expect(after.actions).not.toContain("place_order")
      expect(after.place_order_blocked).toMatchObject({
        code: "paid_short_in_report",
      })
      const place = await api
        .post(
          `/admin/paylink/checkouts/${paid.recordId}/place-order`,
          {},
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(place.status).toBe(400)
      expect(place.data.message).toContain("refund the payment by hand")
      expect((await recordByNumber(ctx, paid.number)).status).toBe(
        "needs_attention"
      )
    })

    it("asks before applying a file with no payment row at all while the gateway has orders in its period", async () => {
      const placed = await paidAndReturned(ctx)
      // Every row canceled (or statuses the mapping does not count as paid): no payment, but dated today.
      const { reconciliation: r } = await reconcile(
        ctx,
        file([
          row(999_001, "chk_x1", "Q 10.00", "Cancelado"),
          row(999_002, "chk_x2", "Q 10.00", "Cancelado"),
        ])
      )
      expect(r.counts).toMatchObject({
        matched: 0,
        unknown: 0,
        order_no_payment: expect.any(Number),
      })
      expect(r.gateway_mismatch).toEqual({
        payments: 0,
        records: r.counts.order_no_payment,
      })
      const refused = await apply(r.id)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toContain("confirm_gateway")
      expect(
        (await recordByNumber(ctx, placed.number)).payment_verification
      ).toBeNull()
      expect((await apply(r.id, { confirm_gateway: true })).status).toBe(200)
      expect(
        (await recordByNumber(ctx, placed.number)).payment_verification
      ).toBe("unverified")
    })

    it("keeps a reconciliation an apply left part way: its entries are the record of what it changed", async () => {
      const link = await unreturnedLink(ctx)
      const id = await readyReconciliation(ctx.getContainer(), [
        {
          record: link.record,
          group: "paid_no_order",
          reason: "never_returned",
          action: "needs_attention",
        },
      ])
      // A failed apply (or a hook handler that threw) leaves it ready, with the changes it made counted.
      await ctx.dbConnection.raw(
        `update "paylink_reconciliation" set "applied_changes" = '{"needs_attention":1,"unverified":0,"verified":0,"short":0}'::jsonb where "id" = ?`,
        [id]
      )
      const del = await api
        .delete(`/admin/paylink/reconciliations/${id}`, ctx.admin)
        .catch((e: any) => e.response)
      expect(del.status).toBe(400)
      expect(del.data.message).toContain("partly applied")
      expect(
        (await api.get(`/admin/paylink/reconciliations/${id}`, ctx.admin)).data
          .reconciliation.status
      ).toBe("ready")
    })

    it("a delete and an apply fired at once: exactly one wins, and the loser changes nothing", async () => {
      for (let round = 0; round < 3; round++) {
        const link = await unreturnedLink(ctx)
        const id = await readyReconciliation(ctx.getContainer(), [
          {
            record: link.record,
            group: "paid_no_order",
            reason: "never_returned",
            action: "needs_attention",
          },
        ])
        const [applied, deleted] = await Promise.all([
          apply(id),
          api
            .delete(`/admin/paylink/reconciliations/${id}`, ctx.admin)
            .catch((e: any) => e.response),
        ])
        const record = await recordByNumber(ctx, link.link.number)
        if (applied.status === 200) {
          // Applied first: kept as the record of what it changed; the delete was refused.
          expect(deleted.status).toBe(400)
          expect(record.status).toBe("needs_attention")
          expect(
            (await api.get(`/admin/paylink/reconciliations/${id}`, ctx.admin))
              .data.reconciliation.status
          ).toBe("applied")
        } else {
          // Deleted first: the apply found nothing to claim, and the record is as it was.
          expect(deleted.status).toBe(200)
          expect([400, 404]).toContain(applied.status)
          expect(record.status).toBe("created")
          expect(
            (
              await api
                .get(`/admin/paylink/reconciliations/${id}`, ctx.admin)
                .catch((e: any) => e.response)
            ).status
          ).toBe(404)
        }
      }
    })
  },
  { timeoutMs: 300_000 }
)
