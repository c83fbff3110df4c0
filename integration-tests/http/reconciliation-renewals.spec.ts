/**
 * A subscription the gateway keeps billing: paid on the hosted page and returned, then charged two
 * more periods in the sandbox (which, like the real service, tells the store nothing). The sandbox's
 * own export, uploaded to the reconciliation, shows the first payment matched to its order and each
 * later charge as a renewal of the same link, an order for Apply to make.
 *
 * The subscription is paid on the sandbox's clock set back 100 days, its link and subscription
 * moved back as far in the store (helpers/subscriptions.ts): the renewals charged afterwards fall
 * on their due dates, a month apart and in the past, where a reconciliation accepts them.
 */
import { paylinkSuite } from "../helpers/suite"
import { startSandbox } from "../helpers/sandbox"
import { addPeriods } from "../../src/sandbox/renewals"
import { entriesOf, reconcile } from "../helpers/reconciliation"
import { sandboxClock, subscribed } from "../helpers/subscriptions"

paylinkSuite(
  (ctx) => {
    it("the sandbox's renewals are read as the subscription's renewals, the first payment matched to its order", async () => {
      const subscription = await subscribed(ctx)
      // Once over the control API (as a script would), once through the handle: each a month on.
      const charged = await fetch(
        `${ctx.sandbox.url}/__sandbox/checkouts/${subscription.checkoutId}/charge-next-period`,
        { method: "POST" }
      )
      expect(charged.status).toBe(200)
      const checkout = ctx.sandbox.chargeNextPeriod(subscription.checkoutId)
      const renewals = checkout.renewals
      // A month apart (the seeded plan is monthly), never ahead of the real clock.
      const first = addPeriods(new Date(checkout.settledAt!), "month", 1)
      expect(renewals.map((x) => x.at)).toEqual([
        first.toISOString(),
        addPeriods(first, "month", 1).toISOString(),
      ])
      expect(Date.parse(renewals[1].at)).toBeLessThan(Date.now())

      const { reconciliation: r } = await reconcile(
        ctx,
        ctx.sandbox.exportCsv("gatewayA")
      )
      expect(r.counts).toEqual({
        matched: 3,
        paid_no_order: 0,
        order_no_payment: 0,
        unknown: 0,
        amount_mismatch: 0,
      })
      expect(r.renewals).toMatchObject({
        renewals_to_apply: 2,
        orders_to_make: 2,
        overdue_to_flag: 0,
      })
      const { entries } = await entriesOf(ctx, r.id)
      const row = {
        checkout_record_id: subscription.recordId,
        reported_amount: 100,
        reported_currency: "GTQ",
      }
      expect(entries).toEqual([
        expect.objectContaining({
          ...row,
          group: "matched",
          reason: "order_placed",
          action: "verified",
          order_id: subscription.orderId,
          authorization: checkout.authorization,
        }),
        ...renewals.map((renewal) =>
          expect.objectContaining({
            ...row,
            group: "matched",
            reason: "subscription_renewal",
            action: "renewal_order",
            authorization: renewal.authorization,
          })
        ),
      ])
    })
  },
  { startSandbox: () => startSandbox({ now: sandboxClock }) }
)
