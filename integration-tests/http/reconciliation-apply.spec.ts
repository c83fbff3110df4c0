/**
 * Applying a reconciliation (POST /admin/paylink/reconciliations/:id/apply): what the
 * gateway's report showed becomes the store's state, to the record and the cent, and applying is
 * idempotent — the same report twice, the same file read again, or an overlapping report change
 * nothing more; two applies at once change things once; the hook fires once with the right ids,
 * and again with the same ids when it threw the first time.
 */
import { Modules } from "@medusajs/framework/utils"
import { paylinkSuite } from "../helpers/suite"
import { paidStorefrontOrder } from "../helpers/orders"
import {
  readyReconciliation,
  recordByNumber,
  unreturnedLink,
  withdrawnLink,
  type EntrySpec,
  type RecordRow,
} from "../helpers/reconciliation-entries"
import { applyReconciliationWorkflow } from "../../src/workflows/paylink/workflows/apply-reconciliation"
import { PAYLINK_MODULE } from "../../src/modules/paylink"
import { PROVIDERS } from "../helpers/seed"
import {
  entriesOf as routeEntriesOf,
  paidAndReturned,
  paidNeverReturned,
  paidOtherAmountAndReturned,
  reconcile,
  returnedWithoutPaying,
  withdrawnThenPaid,
} from "../helpers/reconciliation"

type Applied = {
  reconciliation: { id: string; status: string }
  unverified_order_ids: string[]
  short_paid_order_ids: string[]
  attention_record_ids: string[]
}
const hookCalls: (Applied & { threw: boolean })[] = []
/** Reconciliations whose next hook run throws, as a merchant's handler whose notification failed. */
const failHookOnce = new Set<string>()
applyReconciliationWorkflow.hooks.reconciliationApplied(
  async (input: Applied) => {
    const threw = failHookOnce.delete(input.reconciliation.id)
    hookCalls.push({
      ...input,
      threw,
      unverified_order_ids: [...input.unverified_order_ids].sort(),
      short_paid_order_ids: [...(input.short_paid_order_ids ?? [])].sort(),
      attention_record_ids: [...input.attention_record_ids].sort(),
    })
    if (threw) throw new Error("the team's notification could not be sent")
  }
)

paylinkSuite((ctx) => {
  const { api } = ctx
  const apply = (id: string) =>
    api
      .post(`/admin/paylink/reconciliations/${id}/apply`, {}, ctx.admin)
      .catch((e: any) => e.response)
  const orderOf = async (id: string) =>
    (
      await api.get(
        `/admin/orders/${id}?fields=id,status,payment_status,total,metadata,version`,
        ctx.admin
      )
    ).data.order
  const entriesOf = async (id: string) =>
    (await ctx
      .getContainer()
      .resolve<any>(PAYLINK_MODULE)
      .listPaylinkReconciliationEntries(
        { reconciliation_id: id },
        { order: { line: "ASC" } }
      )) as {
      checkout_record_id: string
      action: string | null
      applied: boolean
      changed: boolean
    }[]

  /** The links of the ways to pay, and the entries a report of all of them gives. */
  async function paidEveryWay() {
    const returnedOrder = await paidStorefrontOrder(ctx)
    const unpaidOrder = await paidStorefrontOrder(ctx)
    const returned = (
      await api.get(
        `/admin/paylink/checkouts?order_id=${returnedOrder}`,
        ctx.admin
      )
    ).data.checkouts[0] as RecordRow
    const noPayment = (
      await api.get(
        `/admin/paylink/checkouts?order_id=${unpaidOrder}`,
        ctx.admin
      )
    ).data.checkouts[0] as RecordRow
    // The merchant's own note on the order: the flag is merged beside it, never replacing it.
    await ctx
      .getContainer()
      .resolve(Modules.ORDER)
      .updateOrders([{ id: unpaidOrder, metadata: { gift_note: "para Ana" } }])
    const never = await unreturnedLink(ctx)
    const withdrawn = await withdrawnLink(ctx)
    const otherAmount = await unreturnedLink(ctx)
    const paidAt = new Date("2026-11-24T21:30:00Z")
    const entries: EntrySpec[] = [
      {
        record: returned,
        group: "matched",
        reason: "order_placed",
        action: "verified",
        paid_at: paidAt,
      },
      {
        record: never.record,
        group: "paid_no_order",
        reason: "never_returned",
        action: "needs_attention",
        paid_at: paidAt,
      },
      {
        record: withdrawn.record,
        group: "paid_no_order",
        reason: "paid_after_withdrawal",
        action: "needs_attention",
        paid_at: paidAt,
      },
      {
        record: otherAmount.record,
        group: "amount_mismatch",
        reason: "amount_differs",
        action: "needs_attention",
        reported: 90.5,
        paid_at: paidAt,
      },
      {
        record: noPayment,
        group: "order_no_payment",
        reason: "no_payment_in_report",
        action: "unverified",
      },
    ]
    return {
      returned,
      noPayment,
      never,
      withdrawn,
      otherAmount,
      entries,
      unpaidOrder,
      returnedOrder,
    }
  }

  it("applies every group to the record and the cent; the same reconciliation, the same file read again and an overlapping one change nothing more", async () => {
    const p = await paidEveryWay()
    const orderBefore = await orderOf(p.unpaidOrder)
    // The same file uploaded twice before either is applied: both read the same entries.
    const first = await readyReconciliation(ctx.getContainer(), p.entries)
    const again = await readyReconciliation(ctx.getContainer(), p.entries)

    // What the admin's Apply prompt announces: one counting request per action, the entries still to apply.
    const pending = async (id: string, action: string) =>
      (
        await api.get(
          `/admin/paylink/reconciliations/${id}/entries?action=${action}&applied=false&limit=1`,
          ctx.admin
        )
      ).data.count
    expect([
      await pending(first, "needs_attention"),
      await pending(first, "unverified"),
      await pending(first, "verified"),
    ]).toEqual([3, 1, 1])

    const res = await apply(first)
    expect(res.status).toBe(200)
    expect([
      await pending(first, "needs_attention"),
      await pending(first, "unverified"),
      await pending(first, "verified"),
    ]).toEqual([0, 0, 0])
    expect(res.data.reconciliation).toMatchObject({
      id: first,
      status: "applied",
      applied_by: (ctx.admin as any).userId,
      applied_changes: { needs_attention: 3, unverified: 1, verified: 1 },
    })
    expect(res.data.reconciliation.applied_at).toEqual(expect.any(String))
    expect(res.data.reconciliation.file_key).toBeUndefined()

    // Paid, never returned: the merchant's list, with the report's facts; verified by the report.
    const never = await recordByNumber(ctx, p.never.link.number)
    expect(never).toMatchObject({
      status: "needs_attention",
      payment_verification: "verified",
      verification_reconciliation_id: first,
      order_id: null,
    })
    expect(never.attention_detail).toEqual({
      code: "paid_in_report",
      params: {
        number: p.never.link.number,
        target: "cart",
        gateway: "gateway_a",
        day: "2026-11-24",
        currency: "GTQ",
        paid: 10000,
        // The row that showed the money, for the merchant to check before placing the order.
        report: {
          reconciliation_id: first,
          file_name: expect.stringMatching(/\.csv$/),
          line: 3,
          paid_at: "2026-11-24T21:30:00.000Z",
          amount: 10000,
          currency: "GTQ",
          card_last4: null,
          authorization: null,
        },
      },
    })
    expect(never.attention_reason).toBe(
      `Link ${p.never.link.number} was paid (gateway A's report, 2026-11-24, GTQ 100.00), but the customer never came back to the store; the cart was not completed.`
    )
    expect(never.actions).toEqual(["place_order", "mark_refunded"])
    const withdrawn = await recordByNumber(ctx, p.withdrawn.link.number)
    expect(withdrawn).toMatchObject({
      status: "needs_attention",
      attention_detail: { code: "paid_in_report" },
      canceled_by: "store",
    })
    // Another amount arrived: handed over, not verified, and Place order refused (the order would show money that never came).
    const other = await recordByNumber(ctx, p.otherAmount.link.number)
    expect(other).toMatchObject({
      status: "needs_attention",
      payment_verification: null,
      actions: ["mark_refunded"],
    })
    expect(other.attention_detail).toMatchObject({
      code: "paid_in_report_differs",
      params: { reported: 9050, total: 10000, currency: "GTQ" },
    })
    expect(other.place_order_blocked).toMatchObject({
      code: "paid_in_report_differs",
    })
    expect(other.attention_reason).toContain(
      "was paid GTQ 90.50 (gateway A's report, 2026-11-24), but it was for GTQ 100.00"
    )
    const refused = await api
      .post(`/admin/paylink/checkouts/${other.id}/place-order`, {}, ctx.admin)
      .catch((e: any) => e.response)
    expect(refused.status).toBe(400)
    expect(refused.data.message).toContain("refund the payment by hand")

    // An order with no payment in the report: flagged on the record and the order, nothing else of the order changed.
    const noPayment = await recordByNumber(ctx, p.noPayment.number)
    expect(noPayment).toMatchObject({
      status: "completed",
      payment_verification: "unverified",
      verified_at: null,
      verification_reconciliation_id: first,
    })
    const orderAfter = await orderOf(p.unpaidOrder)
    expect(orderAfter.metadata).toEqual({
      gift_note: "para Ana",
      paylink_payment_verification: "unverified",
      paylink_reconciliation_id: first,
    })
    expect({ ...orderAfter, metadata: null }).toEqual({
      ...orderBefore,
      metadata: null,
    })
    // Paid and placed: verified.
    const returned = await recordByNumber(ctx, p.returned.number)
    expect(returned).toMatchObject({
      status: "completed",
      payment_verification: "verified",
      verification_reconciliation_id: first,
    })
    expect(returned.verified_at).toEqual(expect.any(String))
    expect((await entriesOf(first)).every((e) => e.applied)).toBe(true)
    // The entries route tells "done by this reconciliation" from "already so".
    const routeEntries = async (id: string) =>
      (
        await api.get(
          `/admin/paylink/reconciliations/${id}/entries?limit=50`,
          ctx.admin
        )
      ).data.entries as {
        action: string | null
        applied: boolean
        changed: boolean
      }[]
    expect(
      (await routeEntries(first)).map((e) => [e.action, e.applied, e.changed])
    ).toEqual([
      ["verified", true, true],
      ["needs_attention", true, true],
      ["needs_attention", true, true],
      ["needs_attention", true, true],
      ["unverified", true, true],
    ])

    // The same reconciliation again: refused, nothing changed.
    const snapshot = (
      await api.get(`/admin/paylink/checkouts?limit=50&order=number`, ctx.admin)
    ).data.checkouts
    const twice = await apply(first)
    expect(twice.status).toBe(400)
    expect(twice.data.message).toMatch(
      new RegExp(
        `^Reconciliation ${first} was already applied on .+; applying it again would change nothing\\.$`
      )
    )
    // The same file read again as a new reconciliation: every entry in place already, no change counted.
    const same = await apply(again)
    expect(same.status).toBe(200)
    expect(same.data.reconciliation.applied_changes).toEqual({
      needs_attention: 0,
      unverified: 0,
      verified: 0,
      short: 0,
      renewal_order: 0,
      renewal_overdue: 0,
    })
    expect((await entriesOf(again)).every((e) => e.applied)).toBe(true)
    expect((await routeEntries(again)).map((e) => e.changed)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
    expect(
      (
        await api.get(
          `/admin/paylink/checkouts?limit=50&order=number`,
          ctx.admin
        )
      ).data.checkouts
    ).toEqual(snapshot)
    expect(
      (await orderOf(p.unpaidOrder)).metadata.paylink_reconciliation_id
    ).toBe(first)

    // A later export covering part of the period plus a new payment; one row read while the
    // returned link was still open (it has been placed since): only the new payment changes.
    const late = await unreturnedLink(ctx)
    const overlap = await readyReconciliation(ctx.getContainer(), [
      p.entries[1],
      p.entries[4],
      {
        record: late.record,
        group: "paid_no_order",
        reason: "never_returned",
        action: "needs_attention",
      },
      {
        record: p.returned,
        record_status: "created",
        group: "paid_no_order",
        reason: "never_returned",
        action: "needs_attention",
      },
    ])
    const third = await apply(overlap)
    expect(third.status).toBe(200)
    expect(third.data.reconciliation.applied_changes).toEqual({
      needs_attention: 1,
      unverified: 0,
      verified: 0,
      short: 0,
      renewal_order: 0,
      renewal_overdue: 0,
    })
    expect(await recordByNumber(ctx, late.link.number)).toMatchObject({
      status: "needs_attention",
      attention_detail: { code: "paid_in_report" },
    })
    // The record that moved meanwhile is left alone, its entry not applied.
    expect(await recordByNumber(ctx, p.returned.number)).toMatchObject({
      status: "completed",
      attention_detail: null,
    })
    const overlapEntries = await entriesOf(overlap)
    expect(
      overlapEntries.filter((e) => !e.applied).map((e) => e.checkout_record_id)
    ).toEqual([p.returned.id])
    expect(
      overlapEntries.filter((e) => e.changed).map((e) => e.checkout_record_id)
    ).toEqual([late.record.id])

    // The hook: once per apply, with what that apply changed.
    const calls = hookCalls.filter((c) =>
      [first, again, overlap].includes(c.reconciliation.id)
    )
    expect(calls.map((c) => c.threw)).toEqual([false, false, false])
    expect(
      calls.map((c) => [c.reconciliation.id, c.reconciliation.status])
    ).toEqual([
      [first, "applied"],
      [again, "applied"],
      [overlap, "applied"],
    ])
    expect(calls[0].unverified_order_ids).toEqual([p.unpaidOrder])
    expect(calls[0].attention_record_ids).toEqual(
      [p.never.record.id, p.withdrawn.record.id, p.otherAmount.record.id].sort()
    )
    expect(calls[1]).toMatchObject({
      unverified_order_ids: [],
      attention_record_ids: [],
    })
    expect(calls[2]).toMatchObject({
      unverified_order_ids: [],
      attention_record_ids: [late.record.id],
    })

    // Place order works on a paid_in_report record: the order is placed with the link's payment.
    const placed = await api.post(
      `/admin/paylink/checkouts/${never.id}/place-order`,
      {},
      ctx.admin
    )
    expect(placed.data.checkout).toMatchObject({
      status: "completed",
      payment_verification: "verified",
    })
    const order = await orderOf(placed.data.checkout.order_id)
    expect(order).toMatchObject({ total: 100 })
  })

  it("two applies of one reconciliation at once: one wins, the changes are counted once, the hook fires once", async () => {
    const p = await paidEveryWay()
    const id = await readyReconciliation(ctx.getContainer(), p.entries)
    const [a, b] = await Promise.all([apply(id), apply(id)])
    expect([a.status, b.status].sort()).toEqual([200, 400])
    const loser = a.status === 400 ? a : b
    expect(loser.data.message).toMatch(
      new RegExp(
        `^Reconciliation ${id} (is being applied by another request right now; wait for it to finish \\(an apply that stopped is taken over after 10 minutes\\)|was already applied on .+; applying it again would change nothing)\\.$`
      )
    )
    const { data } = await api.get(
      `/admin/paylink/checkouts?limit=50`,
      ctx.admin
    )
    expect(
      data.checkouts.filter((c: any) => c.status === "needs_attention")
    ).toHaveLength(3)
    const winner = a.status === 200 ? a : b
    expect(winner.data.reconciliation.applied_changes).toEqual({
      needs_attention: 3,
      unverified: 1,
      verified: 1,
      short: 0,
      renewal_order: 0,
      renewal_overdue: 0,
    })
    expect(hookCalls.filter((c) => c.reconciliation.id === id)).toHaveLength(1)
    expect((await orderOf(p.unpaidOrder)).metadata).toEqual({
      gift_note: "para Ana",
      paylink_payment_verification: "unverified",
      paylink_reconciliation_id: id,
    })
  })

  it("a hook handler that throws fails the apply, its changes kept; applying again runs the hook with every change the reconciliation made", async () => {
    const p = await paidEveryWay()
    const id = await readyReconciliation(ctx.getContainer(), p.entries)
    const attention = [
      p.never.record.id,
      p.withdrawn.record.id,
      p.otherAmount.record.id,
    ].sort()
    failHookOnce.add(id)
    const failed = await apply(id)
    expect(failed.status).toBe(500)
    const [kept] = (
      await ctx.dbConnection.raw(
        `select status, applied_by, applied_changes from paylink_reconciliation where id = ?`,
        [id]
      )
    ).rows
    expect(kept).toEqual({
      status: "ready",
      applied_by: null,
      applied_changes: {
        needs_attention: 3,
        unverified: 1,
        verified: 1,
        short: 0,
        renewal_order: 0,
        renewal_overdue: 0,
      },
    })
    expect((await recordByNumber(ctx, p.never.link.number)).status).toBe(
      "needs_attention"
    )

    // The handler fixed, applied again: nothing more changes, and the hook gets what the first run changed.
    const retried = await apply(id)
    expect(retried.status).toBe(200)
    expect(retried.data.reconciliation).toMatchObject({
      status: "applied",
      applied_changes: { needs_attention: 3, unverified: 1, verified: 1 },
    })
    const calls = hookCalls.filter((c) => c.reconciliation.id === id)
    expect(calls.map((c) => [c.threw, c.reconciliation.status])).toEqual([
      [true, "applied"],
      [false, "applied"],
    ])
    expect(calls[0]).toMatchObject({
      unverified_order_ids: [p.unpaidOrder],
      attention_record_ids: attention,
    })
    expect(calls[1]).toMatchObject({
      unverified_order_ids: [p.unpaidOrder],
      attention_record_ids: attention,
    })
    // Every entry changed its record, in the failed run: what the retry's lists were read from.
    expect(
      (await entriesOf(id)).map((e) => [e.action, e.applied, e.changed])
    ).toEqual(p.entries.map((e) => [e.action, true, true]))
  })

  it("refuses what cannot be applied: unknown, still reading, a body with fields", async () => {
    const missing = await apply("plrec_nope")
    expect(missing.status).toBe(404)
    expect(missing.data.message).toBe(
      "Reconciliation plrec_nope was not found."
    )
    const id = await readyReconciliation(ctx.getContainer(), [])
    await ctx
      .getContainer()
      .resolve<any>(PAYLINK_MODULE)
      .updatePaylinkReconciliations({ id, status: "reading" })
    const reading = await apply(id)
    expect(reading.status).toBe(400)
    expect(reading.data.message).toBe(
      `Reconciliation ${id} is still being read; apply it once it is ready.`
    )
    const body = await api
      .post(
        `/admin/paylink/reconciliations/${id}/apply`,
        { force: true },
        ctx.admin
      )
      .catch((e: any) => e.response)
    expect(body.status).toBe(400)
    // Being applied: refused while its apply is alive; taken over once it stopped finishing batches (a crash).
    await ctx.dbConnection.raw(
      `update paylink_reconciliation set status = 'applying', updated_at = now() - interval '9 minutes' where id = ?`,
      [id]
    )
    const busy = await apply(id)
    expect(busy.status).toBe(400)
    expect(busy.data.message).toBe(
      `Reconciliation ${id} is being applied by another request right now; wait for it to finish (an apply that stopped is taken over after 10 minutes).`
    )
    await ctx.dbConnection.raw(
      `update paylink_reconciliation set updated_at = now() - interval '11 minutes' where id = ?`,
      [id]
    )
    expect((await apply(id)).data.reconciliation).toMatchObject({
      status: "applied",
    })
    await ctx.dbConnection.raw(
      `update paylink_reconciliation set status = 'ready', applied_changes = null where id = ?`,
      [id]
    )
    // Nothing to apply: ready → applied with no change counted.
    await ctx
      .getContainer()
      .resolve<any>(PAYLINK_MODULE)
      .updatePaylinkReconciliations({ id, status: "ready" })
    expect((await apply(id)).data.reconciliation).toMatchObject({
      status: "applied",
      applied_changes: { needs_attention: 0, unverified: 0, verified: 0 },
    })
  })

  it("the sandbox's export, read and applied end to end; the same export uploaded again, and a later one covering it plus a new payment, change nothing more", async () => {
    const returned = await paidAndReturned(ctx)
    const never = await paidNeverReturned(ctx)
    const withdrawn = await withdrawnThenPaid(ctx)
    const forged = await returnedWithoutPaying(ctx)
    const other = await paidNeverReturned(ctx, { amount: 90.5 })

    const first = (
      await reconcile(
        ctx,
        ctx.sandbox.exportCsv("gatewayA"),
        "transacciones.csv"
      )
    ).reconciliation
    expect(first.counts).toMatchObject({
      matched: 1,
      paid_no_order: 2,
      order_no_payment: 1,
      amount_mismatch: 1,
    })
    const res = await apply(first.id)
    expect(res.status).toBe(200)
    expect(res.data.reconciliation).toMatchObject({
      status: "applied",
      applied_changes: { needs_attention: 3, unverified: 1, verified: 1 },
    })

    expect(await recordByNumber(ctx, returned.number)).toMatchObject({
      status: "completed",
      payment_verification: "verified",
    })
    for (const link of [never, withdrawn]) {
      const r = await recordByNumber(ctx, link.number)
      expect(r).toMatchObject({
        status: "needs_attention",
        payment_verification: "verified",
        attention_detail: { code: "paid_in_report", params: { paid: 10000 } },
      })
      expect(r.actions).toEqual(["place_order", "mark_refunded"])
    }
    expect(await recordByNumber(ctx, other.number)).toMatchObject({
      status: "needs_attention",
      attention_detail: {
        code: "paid_in_report_differs",
        params: { reported: 9050, total: 10000 },
      },
      actions: ["mark_refunded"],
    })
    expect(await recordByNumber(ctx, forged.number)).toMatchObject({
      status: "completed",
      payment_verification: "unverified",
      verification_reconciliation_id: first.id,
    })
    expect((await orderOf(forged.orderId!)).metadata).toMatchObject({
      paylink_payment_verification: "unverified",
      paylink_reconciliation_id: first.id,
    })
    expect(
      (await orderOf(returned.orderId!)).metadata?.paylink_payment_verification
    ).toBeUndefined()

    // The same export again, as a new reconciliation: everything is in place already.
    const again = (
      await reconcile(
        ctx,
        ctx.sandbox.exportCsv("gatewayA", { encoding: "latin1" }),
        "transacciones-2.csv"
      )
    ).reconciliation
    expect((await apply(again.id)).data.reconciliation.applied_changes).toEqual(
      {
        needs_attention: 0,
        unverified: 0,
        verified: 0,
        short: 0,
        renewal_order: 0,
        renewal_overdue: 0,
      }
    )

    // A later export: the same payments plus a new one never returned; only the new one changes.
    const late = await paidNeverReturned(ctx)
    const overlap = (
      await reconcile(
        ctx,
        ctx.sandbox.exportCsv("gatewayA"),
        "transacciones-3.csv"
      )
    ).reconciliation
    expect(
      (await apply(overlap.id)).data.reconciliation.applied_changes
    ).toEqual({
      needs_attention: 1,
      unverified: 0,
      verified: 0,
      short: 0,
      renewal_order: 0,
      renewal_overdue: 0,
    })
    expect(await recordByNumber(ctx, late.number)).toMatchObject({
      status: "needs_attention",
      attention_detail: { code: "paid_in_report" },
    })

    // Place order on a link the report found paid: its order, with the link's payment.
    const placed = await api.post(
      `/admin/paylink/checkouts/${never.recordId}/place-order`,
      {},
      ctx.admin
    )
    expect(placed.data.checkout).toMatchObject({
      status: "completed",
      payment_verification: "verified",
    })
    expect(await orderOf(placed.data.checkout.order_id)).toMatchObject({
      total: 100,
      payment_status: "captured",
    })
  })

  it("a payment short of its order, or in another currency, flags the record and the order `short` and tells the hook; more than owed is only listed; the same file twice flags once; a later report showing the full amount keeps the flag", async () => {
    const short = await paidOtherAmountAndReturned(ctx, { amount: 7 })
    const dollars = await paidOtherAmountAndReturned(ctx, { currency: "USD" })
    const over = await paidOtherAmountAndReturned(ctx, { amount: 150 })
    const exported = ctx.sandbox.exportCsv("gatewayA").toString("utf8")
    // The same export as the gateway would give it had the whole amount come in: read before the short one is applied.
    const fullLine = (text: string) =>
      text
        .split("\r\n")
        .map((l) =>
          l.startsWith(`${short.number};`)
            ? l.replace(";Q 7.00;", ";Q 100.00;")
            : l
        )
        .join("\r\n")
    expect(fullLine(exported)).not.toEqual(exported)
    const first = (
      await reconcile(ctx, Buffer.from(exported, "utf8"), "corto.csv")
    ).reconciliation
    const full = (
      await reconcile(
        ctx,
        Buffer.from(fullLine(exported), "utf8"),
        "completo.csv"
      )
    ).reconciliation
    const entryOf = async (id: string, number: number) =>
      ((await routeEntriesOf(ctx, id)).entries as any[]).find(
        (e) => e.checkout_number === number && e.line !== null
      )
    expect(await entryOf(first.id, short.number)).toMatchObject({
      group: "amount_mismatch",
      reason: "amount_differs",
      action: "short",
      reported_amount: 7,
      expected_amount: 100,
    })
    expect(await entryOf(first.id, dollars.number)).toMatchObject({
      group: "amount_mismatch",
      reason: "currency_differs",
      action: "short",
      reported_currency: "USD",
    })
    expect(await entryOf(first.id, over.number)).toMatchObject({
      group: "amount_mismatch",
      reason: "amount_differs",
      action: null,
      reported_amount: 150,
    })
    expect(await entryOf(full.id, short.number)).toMatchObject({
      group: "matched",
      reason: "order_placed",
      action: "verified",
    })

    const res = await apply(first.id)
    expect(res.status).toBe(200)
    expect(res.data.reconciliation.applied_changes).toMatchObject({ short: 2 })
    for (const link of [short, dollars]) {
      expect(await recordByNumber(ctx, link.number)).toMatchObject({
        status: "completed",
        payment_verification: "short",
        verified_at: null,
        verification_reconciliation_id: first.id,
      })
      expect((await orderOf(link.orderId!)).metadata).toMatchObject({
        paylink_payment_verification: "short",
        paylink_reconciliation_id: first.id,
      })
    }
    // More than owed: listed, nothing flagged.
    expect(
      (await recordByNumber(ctx, over.number)).payment_verification
    ).not.toBe("short")
    expect(
      (await orderOf(over.orderId!)).metadata?.paylink_payment_verification
    ).not.toBe("short")
    const firstCall = hookCalls.find((c) => c.reconciliation.id === first.id)!
    expect(firstCall.short_paid_order_ids).toEqual(
      [short.orderId, dollars.orderId].sort()
    )
    expect(firstCall.unverified_order_ids).not.toContain(short.orderId)

    // The report read before, showing the whole amount: applied after, it leaves the short flag as it is.
    const verified = await apply(full.id)
    expect(verified.status).toBe(200)
    expect(await recordByNumber(ctx, short.number)).toMatchObject({
      payment_verification: "short",
      verification_reconciliation_id: first.id,
    })
    expect((await orderOf(short.orderId!)).metadata).toMatchObject({
      paylink_payment_verification: "short",
      paylink_reconciliation_id: first.id,
    })
    expect((await entryOf(full.id, short.number)).changed).toBe(false)

    // The same file again: read as short already, nothing more flagged, the hook's short list empty.
    const again = (
      await reconcile(ctx, Buffer.from(exported, "utf8"), "corto-2.csv")
    ).reconciliation
    expect(await entryOf(again.id, short.number)).toMatchObject({
      group: "amount_mismatch",
      action: null,
    })
    const twice = await apply(again.id)
    expect(twice.data.reconciliation.applied_changes).toMatchObject({
      short: 0,
    })
    expect(
      hookCalls.find((c) => c.reconciliation.id === again.id)!
        .short_paid_order_ids
    ).toEqual([])
  })

  it("a settled record with no order and a short row is flagged on the record; two overlapping reconciliations flag it once", async () => {
    const orderId = await paidStorefrontOrder(ctx)
    const record = (
      await api.get(`/admin/paylink/checkouts?order_id=${orderId}`, ctx.admin)
    ).data.checkouts[0] as RecordRow
    // Completed with no order: what the merchant's own settlement leaves.
    await ctx.dbConnection.raw(
      `update paylink_checkout set order_id = null where id = ?`,
      [record.id]
    )
    const settled = { ...record, order_id: null }
    const spec: EntrySpec = {
      record: settled,
      group: "amount_mismatch",
      reason: "amount_differs",
      action: "short",
      reported: 7,
    }
    const a = await readyReconciliation(ctx.getContainer(), [spec])
    const b = await readyReconciliation(ctx.getContainer(), [spec])
    expect((await apply(a)).data.reconciliation.applied_changes).toMatchObject({
      short: 1,
    })
    expect((await apply(b)).data.reconciliation.applied_changes).toMatchObject({
      short: 0,
    })
    expect(await recordByNumber(ctx, record.number)).toMatchObject({
      payment_verification: "short",
      verification_reconciliation_id: a,
    })
    expect((await entriesOf(a)).map((e) => [e.applied, e.changed])).toEqual([
      [true, true],
    ])
    expect((await entriesOf(b)).map((e) => [e.applied, e.changed])).toEqual([
      [true, false],
    ])
    expect(
      (await orderOf(orderId)).metadata?.paylink_payment_verification
    ).toBeUndefined()
  })

  it("gateway A's export uploaded as gateway B says none of its payments matches a gateway B link; Apply is refused until the merchant confirms, then flags B's orders", async () => {
    // B's orders first: the report's period ends at its latest row, A's payments below.
    const b1 = await paidAndReturned(ctx, PROVIDERS.gatewayB)
    const b2 = await paidAndReturned(ctx, PROVIDERS.gatewayB)
    await paidAndReturned(ctx)
    await paidNeverReturned(ctx)
    const { reconciliation: r } = await reconcile(
      ctx,
      ctx.sandbox.exportCsv("gatewayA"),
      "transacciones-a.csv",
      "gatewayB"
    )
    expect(r.counts).toMatchObject({
      matched: 0,
      paid_no_order: 0,
      amount_mismatch: 0,
    })
    expect(r.counts.unknown).toBeGreaterThanOrEqual(2)
    expect(r.counts.order_no_payment).toBeGreaterThanOrEqual(2)
    expect(r.gateway_mismatch).toEqual({
      payments: r.counts.unknown,
      records: r.counts.order_no_payment,
    })
    const listed = (
      await api.get(
        `/admin/paylink/reconciliations?gateway=gatewayB`,
        ctx.admin
      )
    ).data.reconciliations
    expect(listed.find((x: any) => x.id === r.id).gateway_mismatch).toEqual(
      r.gateway_mismatch
    )

    const refused = await apply(r.id)
    expect(refused.status).toBe(400)
    expect(refused.data.message).toContain("confirm_gateway")
    expect(refused.data.message).toContain(
      `None of the ${r.counts.unknown} payments`
    )
    const notBool = await api
      .post(
        `/admin/paylink/reconciliations/${r.id}/apply`,
        { confirm_gateway: "yes" },
        ctx.admin
      )
      .catch((e: any) => e.response)
    expect(notBool.status).toBe(400)
    expect(notBool.data.message).toContain("confirm_gateway")
    const still = (
      await api.get(`/admin/paylink/reconciliations/${r.id}`, ctx.admin)
    ).data.reconciliation
    expect(still).toMatchObject({ status: "ready", applied_changes: null })
    for (const b of [b1, b2]) {
      expect(
        (await recordByNumber(ctx, b.number)).payment_verification
      ).toBeNull()
      expect(
        (await orderOf(b.orderId!)).metadata?.paylink_payment_verification
      ).toBeUndefined()
    }

    const confirmed = await api.post(
      `/admin/paylink/reconciliations/${r.id}/apply`,
      { confirm_gateway: true },
      ctx.admin
    )
    expect(confirmed.status).toBe(200)
    expect(confirmed.data.reconciliation.status).toBe("applied")
    for (const b of [b1, b2]) {
      expect(await recordByNumber(ctx, b.number)).toMatchObject({
        payment_verification: "unverified",
        verification_reconciliation_id: r.id,
      })
      expect((await orderOf(b.orderId!)).metadata).toMatchObject({
        paylink_payment_verification: "unverified",
      })
    }
  })
})
