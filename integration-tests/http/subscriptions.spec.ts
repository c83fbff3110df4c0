/**
 * Subscriptions through the running app: a subscription link paid on the hosted page and returned
 * becomes a subscription; the sandbox charges it again (telling the store nothing, as the service
 * does); its export, reconciled and applied, makes exactly one renewal order per charge (the same
 * file again, or two overlapping files applied at once, make none more), flags a renewal a report
 * shows missing, lists a renewal of another amount as Amount mismatch with no order, and makes
 * nothing for a subscription the merchant marked ended.
 *
 * A renewal is dated a period after the charge before it, and the reconciliation reads a row dated
 * ahead of the store's clock as a bad row: so the sandbox runs 100 days behind, and each paid link
 * and its subscription are moved back as far, as if paid then.
 */
import { applyReconciliationWorkflow } from "../../src/workflows"
import { paylinkSuite, type PaylinkSuite } from "../helpers/suite"
import { PROVIDERS } from "../helpers/seed"
import { startSandbox } from "../helpers/sandbox"
import {
  entriesOf,
  exportFile,
  guatemalaMinute,
  paidAndReturned,
  reconcile,
} from "../helpers/reconciliation"

/** What the hooks were handed, by reconciliation. */
const renewed = new Map<
  string,
  { order_id: string; subscription_id: string }[]
>()
const overdueHook = new Map<
  string,
  { subscription_id: string; expected_at: string }[]
>()
applyReconciliationWorkflow.hooks.subscriptionRenewed(
  async ({ reconciliation, renewal_orders }: any) => {
    renewed.set(reconciliation.id, renewal_orders)
  }
)
applyReconciliationWorkflow.hooks.subscriptionRenewalOverdue(
  async ({ reconciliation, subscriptions }: any) => {
    overdueHook.set(reconciliation.id, subscriptions)
  }
)

const BEHIND_DAYS = 100
const DAY = 86_400_000
const behind = () => new Date(Date.now() - BEHIND_DAYS * DAY)
/** The sandbox's export writes instants to the minute: a renewal as a report dates it. */
const toMinute = (iso: string) =>
  new Date(Math.floor(Date.parse(iso) / 60_000) * 60_000).toISOString()

type Subscribed = {
  recordId: string
  checkoutId: string
  orderId: string
  subscriptionId: string
}

/** A subscription paid and returned, its link and subscription moved back as the sandbox's clock is. */
async function subscribed(ctx: PaylinkSuite): Promise<Subscribed> {
  const paid = await paidAndReturned(ctx, PROVIDERS.subscription)
  expect(paid.orderId).toBeTruthy()
  const { data } = await ctx.api.get(
    `/admin/paylink/subscriptions?order_id=${paid.orderId}`,
    ctx.admin
  )
  expect(data.subscriptions).toHaveLength(1)
  const sub = data.subscriptions[0]
  const back = `interval '${BEHIND_DAYS} days'`
  await ctx.dbConnection.raw(
    `update "paylink_checkout" set "created_at" = "created_at" - ${back}, "returned_at" = "returned_at" - ${back},
       "completed_at" = "completed_at" - ${back} where "id" = ?`,
    [paid.recordId]
  )
  await ctx.dbConnection.raw(
    `update "paylink_subscription" set "started_at" = "started_at" - ${back}, "last_charge_at" = "last_charge_at" - ${back},
       "next_charge_at" = "next_charge_at" - ${back} where "id" = ?`,
    [sub.id]
  )
  await ctx.dbConnection.raw(
    `update "paylink_subscription_event" set "at" = "at" - ${back} where "subscription_id" = ?`,
    [sub.id]
  )
  return {
    recordId: paid.recordId,
    checkoutId: paid.checkoutId,
    orderId: paid.orderId!,
    subscriptionId: sub.id,
  }
}

async function subscriptionOf(ctx: PaylinkSuite, id: string) {
  return (await ctx.api.get(`/admin/paylink/subscriptions/${id}`, ctx.admin))
    .data.subscription
}

async function apply(ctx: PaylinkSuite, id: string) {
  return await ctx.api
    .post(`/admin/paylink/reconciliations/${id}/apply`, {}, ctx.admin)
    .catch((e: any) => e.response)
}

/** A renewal order as Medusa's admin answers it: its total, what was captured, its items. */
async function order(ctx: PaylinkSuite, id: string) {
  const { data } = await ctx.api.get(
    `/admin/orders/${id}?fields=id,total,payment_status,metadata,email,*items,*payment_collections,*payment_collections.payments`,
    ctx.admin
  )
  return data.order
}

/** How many orders Medusa has: no renewal is ever made into two. */
async function orderCount(ctx: PaylinkSuite) {
  const { data } = await ctx.api.get(`/admin/orders?limit=1`, ctx.admin)
  return data.count as number
}

paylinkSuite(
  (ctx) => {
    it("renewals in an export become one captured order each; the same file again, and two overlapping files applied at once, make none more", async () => {
      const s = await subscribed(ctx)
      const first = await subscriptionOf(ctx, s.subscriptionId)
      expect(first).toMatchObject({
        status: "active",
        first_order_id: s.orderId,
        amount: "100",
        currency_code: "gtq",
        plan: { interval: "month", count: 1 },
        renewals: 0,
        items: [expect.objectContaining({ quantity: 1, unit_price: "100" })],
      })
      expect(first.events.map((e: any) => e.kind)).toEqual(["first_payment"])

      ctx.sandbox.chargeNextPeriod(s.checkoutId)
      const charged = ctx.sandbox.chargeNextPeriod(s.checkoutId)
      const before = await orderCount(ctx)

      const file = ctx.sandbox.exportCsv("gatewayA")
      const { reconciliation: r1 } = await reconcile(ctx, file, "enero.csv")
      const { entries } = await entriesOf(ctx, r1.id)
      const renewals = entries.filter(
        (e: any) => e.reason === "subscription_renewal"
      )
      expect(renewals).toHaveLength(2)
      expect(renewals.every((e: any) => e.action === "renewal_order")).toBe(
        true
      )
      expect(r1.renewals).toMatchObject({
        renewal_orders: true,
        renewals_to_apply: 2,
        orders_to_make: 2,
        overdue_to_flag: 0,
      })

      const applied = await apply(ctx, r1.id)
      expect(applied.status).toBe(200)
      expect(applied.data.reconciliation.applied_changes).toMatchObject({
        renewal_order: 2,
      })
      expect(applied.data.reconciliation.renewals).toMatchObject({
        orders_made: 2,
        renewals_to_apply: 0,
      })
      expect(await orderCount(ctx)).toBe(before + 2)

      const after = await subscriptionOf(ctx, s.subscriptionId)
      expect(after.renewals).toBe(2)
      expect(after.last_charge_at).toBe(toMinute(charged.renewals[1].at))
      const made = after.events.filter((e: any) => e.kind === "renewal")
      expect(made).toHaveLength(2)
      for (const [i, e] of made.entries()) {
        expect(e).toMatchObject({
          at: toMinute(charged.renewals[i].at),
          amount: "100",
          order_state: "made",
          reconciliation_id: r1.id,
          file_name: "enero.csv",
          authorization: charged.renewals[i].authorization,
        })
        expect(e.line).toEqual(expect.any(Number))
        const o = await order(ctx, e.order_id)
        expect(o.total).toBe(100)
        expect(o.payment_status).toBe("captured")
        expect(o.metadata).toMatchObject({
          paylink_subscription_id: s.subscriptionId,
          paylink_renewal_id: e.id,
        })
        expect(o.items.map((x: any) => [x.variant_id, x.quantity])).toEqual([
          [ctx.seed.variantId, 1],
        ])
        const captured = o.payment_collections
          .flatMap((c: any) => c.payments)
          .reduce((sum: number, p: any) => sum + Number(p.amount), 0)
        expect(captured).toBe(100)
      }
      // The hook is handed each renewal order, once.
      expect(
        renewed.get(r1.id)!.map((x) => [x.subscription_id, x.order_id])
      ).toEqual(made.map((e: any) => [s.subscriptionId, e.order_id]))
      // The order page's lookup finds the subscription from a renewal order too.
      const byRenewal = await ctx.api.get(
        `/admin/paylink/subscriptions?order_id=${made[0].order_id}`,
        ctx.admin
      )
      expect(byRenewal.data.subscriptions.map((x: any) => x.id)).toEqual([
        s.subscriptionId,
      ])

      // The same file again: read, its renewals listed, nothing to make.
      const { reconciliation: r2 } = await reconcile(ctx, file, "enero.csv")
      expect(r2.renewals).toMatchObject({
        renewals_to_apply: 2,
        orders_to_make: 0,
      })
      expect((await apply(ctx, r2.id)).status).toBe(200)
      expect(await orderCount(ctx)).toBe(before + 2)
      expect(renewed.get(r2.id)).toEqual([])

      // A third charge, in two overlapping files applied at once: one order.
      const third = ctx.sandbox.chargeNextPeriod(s.checkoutId).renewals[2]
      const overlapping = ctx.sandbox.exportCsv("gatewayA")
      const [{ reconciliation: a }, { reconciliation: b }] = await Promise.all([
        reconcile(ctx, overlapping, "febrero-a.csv"),
        reconcile(ctx, overlapping, "febrero-b.csv"),
      ])
      expect(a.renewals.orders_to_make).toBe(1)
      expect(b.renewals.orders_to_make).toBe(1)
      const both = await Promise.all([apply(ctx, a.id), apply(ctx, b.id)])
      expect(both.map((x) => x.status)).toEqual([200, 200])
      expect(await orderCount(ctx)).toBe(before + 3)
      const last = await subscriptionOf(ctx, s.subscriptionId)
      expect(last.renewals).toBe(3)
      expect(
        last.events.filter(
          (e: any) => e.kind === "renewal" && e.at === toMinute(third.at)
        )
      ).toHaveLength(1)

      // The same charge in an export that dates it three hours later (another column mapped, or a
      // dashboard writing another time zone) and without its authorization: still one order.
      const { reconciliation: shifted } = await reconcile(
        ctx,
        exportFile([
          `${last.number};${s.checkoutId};${guatemalaMinute(new Date(Date.parse(third.at) + 3 * 3_600_000))};Q 100.00;GTQ;Pagado;**** 4242;;Suscripción;Café`,
        ]),
        "febrero-otra-hora.csv"
      )
      expect(shifted.renewals).toMatchObject({
        renewals_to_apply: 1,
        orders_to_make: 0,
      })
      expect((await apply(ctx, shifted.id)).status).toBe(200)
      expect(await orderCount(ctx)).toBe(before + 3)
      expect((await subscriptionOf(ctx, s.subscriptionId)).renewals).toBe(3)
    })

    it("a report covering the next charge with none flags the subscription overdue; a renewal of another amount is Amount mismatch with no order; an ended subscription gets no order and no flag", async () => {
      const overdue = await subscribed(ctx)
      const other = await subscribed(ctx)
      ctx.sandbox.chargeNextPeriod(overdue.checkoutId)
      // The other subscription: its first renewal of another amount, then one of its own amount
      // five days ago, which carries the report's period past the overdue one's next charge.
      ctx.sandbox.chargeNextPeriod(other.checkoutId, { amount: "90.00" })
      ctx.sandbox.chargeNextPeriod(other.checkoutId, {
        at: new Date(Date.now() - 5 * DAY),
      })
      const before = await orderCount(ctx)

      const { reconciliation: r } = await reconcile(
        ctx,
        ctx.sandbox.exportCsv("gatewayA"),
        "marzo.csv"
      )
      const { entries } = await entriesOf(ctx, r.id)
      const of = (recordId: string) =>
        entries.filter((e: any) => e.checkout_record_id === recordId)
      expect(
        of(other.recordId).map((e: any) => [e.group, e.reason, e.action])
      ).toEqual([
        ["matched", "order_placed", "verified"],
        ["amount_mismatch", "amount_differs", null],
        ["matched", "subscription_renewal", "renewal_order"],
      ])
      const missed = of(overdue.recordId).find(
        (e: any) => e.reason === "renewal_not_charged"
      )
      expect(missed).toMatchObject({
        group: "order_no_payment",
        action: "renewal_overdue",
        line: null,
      })
      expect(r.renewals).toMatchObject({
        orders_to_make: 2,
        overdue_to_flag: 1,
      })

      expect((await apply(ctx, r.id)).status).toBe(200)
      expect(await orderCount(ctx)).toBe(before + 2)
      const flagged = await subscriptionOf(ctx, overdue.subscriptionId)
      expect(flagged).toMatchObject({
        status: "renewal_overdue",
        overdue_since: missed.paid_at,
      })
      expect(flagged.events.map((e: any) => e.kind)).toEqual([
        "first_payment",
        "renewal",
        "overdue",
      ])
      expect(overdueHook.get(r.id)).toEqual([
        {
          subscription_id: overdue.subscriptionId,
          expected_at: missed.paid_at,
        },
      ])
      const mismatched = await subscriptionOf(ctx, other.subscriptionId)
      expect(mismatched.status).toBe("active")
      expect(
        mismatched.events.filter((e: any) => e.kind === "renewal")
      ).toHaveLength(1)

      const list = await ctx.api.get(
        `/admin/paylink/subscriptions?status=renewal_overdue`,
        ctx.admin
      )
      expect(list.data.subscriptions.map((x: any) => x.id)).toContain(
        overdue.subscriptionId
      )

      // Ended: a later charge is listed for a refund, no order, no flag.
      const ended = await ctx.api.post(
        `/admin/paylink/subscriptions/${overdue.subscriptionId}/end`,
        { note: "Cancelada en el panel de la pasarela A" },
        ctx.admin
      )
      expect(ended.status).toBe(200)
      expect(ended.data.subscription).toMatchObject({
        status: "ended",
        next_charge_at: null,
        overdue_since: null,
        end_note: "Cancelada en el panel de la pasarela A",
      })
      const again = await ctx.api
        .post(
          `/admin/paylink/subscriptions/${overdue.subscriptionId}/end`,
          {},
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(again.status).toBe(400)
      // As if the merchant had ended it ten days ago: the gateway's charge of three days ago came after.
      await ctx.dbConnection.raw(
        `update "paylink_subscription" set "ended_at" = now() - interval '10 days' where "id" = ?`,
        [overdue.subscriptionId]
      )
      ctx.sandbox.chargeNextPeriod(overdue.checkoutId, {
        at: new Date(Date.now() - 3 * DAY),
      })
      const { reconciliation: later } = await reconcile(
        ctx,
        ctx.sandbox.exportCsv("gatewayA"),
        "abril.csv"
      )
      const { entries: laterEntries } = await entriesOf(ctx, later.id)
      const endedRows = laterEntries.filter(
        (e: any) => e.checkout_record_id === overdue.recordId
      )
      expect(endedRows.map((e: any) => [e.group, e.reason, e.action])).toEqual([
        ["matched", "order_placed", null],
        ["matched", "subscription_renewal", "renewal_order"],
        ["paid_no_order", "renewal_after_end", null],
      ])
      expect(later.renewals.overdue_to_flag).toBe(0)
      const count = await orderCount(ctx)
      expect((await apply(ctx, later.id)).status).toBe(200)
      expect(await orderCount(ctx)).toBe(count)
      expect((await subscriptionOf(ctx, overdue.subscriptionId)).status).toBe(
        "ended"
      )
    })

    it("a renewal order of goods whose stock Medusa manages reserves it, as a placed order does (fulfillment needs the reservation)", async () => {
      const s = await subscribed(ctx)
      // The seeded variant's stock managed from now on: an inventory item with 10 at a location of
      // the store's sales channel.
      const a = ctx.admin
      const { data: variantData } = await ctx.api.get(
        `/admin/products?fields=id,variants.id&limit=1`,
        a
      )
      const productId = variantData.products[0].id
      const { data: channels } = await ctx.api.get(`/admin/sales-channels`, a)
      const { data: loc } = await ctx.api.post(
        `/admin/stock-locations`,
        { name: "Bodega central" },
        a
      )
      await ctx.api.post(
        `/admin/stock-locations/${loc.stock_location.id}/sales-channels`,
        { add: channels.sales_channels.map((c: any) => c.id) },
        a
      )
      // Managed from now on: Medusa gives the variant its inventory item, stocked here with 10.
      await ctx.api.post(
        `/admin/products/${productId}/variants/${ctx.seed.variantId}`,
        { manage_inventory: true },
        a
      )
      const { data: managed } = await ctx.api.get(
        `/admin/products/${productId}/variants/${ctx.seed.variantId}?fields=*inventory_items`,
        a
      )
      const item = {
        inventory_item: {
          id: managed.variant.inventory_items[0].inventory_item_id,
        },
      }
      await ctx.api.post(
        `/admin/inventory-items/${item.inventory_item.id}/location-levels`,
        { location_id: loc.stock_location.id, stocked_quantity: 10 },
        a
      )
      try {
        ctx.sandbox.chargeNextPeriod(s.checkoutId)
        const { reconciliation: r } = await reconcile(
          ctx,
          ctx.sandbox.exportCsv("gatewayA"),
          "junio.csv"
        )
        expect(r.renewals.orders_to_make).toBe(1)
        expect((await apply(ctx, r.id)).status).toBe(200)
        const renewal = (
          await subscriptionOf(ctx, s.subscriptionId)
        ).events.find((e: any) => e.kind === "renewal")
        expect(renewal).toMatchObject({
          order_state: "made",
          order_error: null,
        })
        const o = await order(ctx, renewal.order_id)
        const { data: reservations } = await ctx.api.get(
          `/admin/reservations?line_item_id[]=${o.items[0].id}`,
          a
        )
        expect(reservations.reservations).toEqual([
          expect.objectContaining({
            inventory_item_id: item.inventory_item.id,
            location_id: loc.stock_location.id,
            quantity: 1,
          }),
        ])
      } finally {
        await ctx.api.post(
          `/admin/products/${productId}/variants/${ctx.seed.variantId}`,
          { manage_inventory: false },
          a
        )
      }
    })

    it("with renewal orders turned off, a renewal is recorded on its subscription and makes no order", async () => {
      const s = await subscribed(ctx)
      const off = await ctx.api.post(
        `/admin/paylink/gateways/gateway_a_subscription`,
        { renewal_orders: false },
        ctx.admin
      )
      expect(off.status).toBe(200)
      expect(off.data.gateway.renewal_orders).toBe(false)
      const single = await ctx.api
        .post(
          `/admin/paylink/gateways/gateway_a`,
          { renewal_orders: false },
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(single.status).toBe(400)
      expect(single.data.message).toMatch(/^renewal_orders: /)
      try {
        ctx.sandbox.chargeNextPeriod(s.checkoutId)
        const before = await orderCount(ctx)
        const { reconciliation: r } = await reconcile(
          ctx,
          ctx.sandbox.exportCsv("gatewayA"),
          "mayo.csv"
        )
        expect(r.renewals).toMatchObject({
          renewal_orders: false,
          orders_to_make: 0,
        })
        expect((await apply(ctx, r.id)).status).toBe(200)
        expect(await orderCount(ctx)).toBe(before)
        const sub = await subscriptionOf(ctx, s.subscriptionId)
        expect(sub.renewals).toBe(1)
        expect(sub.events.find((e: any) => e.kind === "renewal")).toMatchObject(
          { order_state: "off", order_id: null }
        )
      } finally {
        await ctx.api.post(
          `/admin/paylink/gateways/gateway_a_subscription`,
          { renewal_orders: true },
          ctx.admin
        )
      }
    })
  },
  { startSandbox: () => startSandbox({ now: behind }) }
)
