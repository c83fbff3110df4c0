"use strict"
/**
 * Renewal orders under SIGKILL. A reconciliation of gateway A's export holds one renewal of each of
 * 30 subscriptions (bench/subscription-records.js); its Apply makes one order per renewal. The server
 * is killed at the named points of making one (src/workflows/subscriptions/steps/make-renewal-order.ts):
 *
 *   boot 1  paused at "renewal:order-created"   the apply's first batch of 20 renewals is
 *           recorded and its first 4 orders (made 4 at a time) exist, unpaid               → kill
 *   boot 2  the renewal-orders job every second, paused at "renewal:payment-recorded": the job
 *           finishes a renewal left making (its own order id) and records its payment      → kill
 *   boot 3  the job finishes the 20 renewals left making; the merchant applies again (the
 *           stopped apply is taken over) and the other 10 are made
 *
 * Then every renewal has exactly one order, paid once (one captured payment of GTQ 100), and no
 * order was made that no renewal points at. Prints each check with figures; exits non-zero on a failure.
 */
const { withPg } = require("../../demo/lib/throwaway-db")
const {
  seedSubscriptions,
  renewalExport,
} = require("../../bench/subscription-records")
const { crashRun, exitWith, expect } = require("./harness")

const COUNT = 30
/** The apply records a batch of renewals, then makes their orders this many at a time. */
const BATCH = 20
const AT_ONCE = 4
const START_NUMBER = 700_000
const run = crashRun("renewals")
const { log, sql, until, pausedAt, kill, boot, check } = run

const FAST = {
  PAYLINK_STALE_APPLY_AFTER_MS: "1000",
  PAYLINK_RENEWAL_ORDERS_INTERVAL_MS: "1000",
}

/** Renewals, their orders and what each order was paid (captured), in one query. */
async function figures() {
  const [f] = await sql(
    `select
       (select count(*)::int from paylink_subscription_event where kind = 'renewal' and deleted_at is null) as renewals,
       (select count(*)::int from paylink_subscription_event where kind = 'renewal' and order_state = 'made' and deleted_at is null) as made,
       (select count(*)::int from paylink_subscription_event where kind = 'renewal' and order_state = 'making' and deleted_at is null) as making,
       (select count(*)::int from "order" where metadata->>'paylink_renewal_id' is not null and deleted_at is null) as orders,
       (select count(*)::int from "order" o where o.metadata->>'paylink_renewal_id' is not null and o.deleted_at is null
          and not exists (select 1 from paylink_subscription_event e where e.order_id = o.id)) as orphans,
       (select count(*)::int from (
          select o.id from "order" o
            join order_payment_collection opc on opc.order_id = o.id and opc.deleted_at is null
            join payment p on p.payment_collection_id = opc.payment_collection_id and p.deleted_at is null
            join capture c on c.payment_id = p.id and c.deleted_at is null
           where o.metadata->>'paylink_renewal_id' is not null
           group by o.id having count(c.id) = 1 and sum(c.amount) = 100) x) as paid_once,
       (select count(*)::int from (
          select o.id from "order" o
            join order_payment_collection opc on opc.order_id = o.id and opc.deleted_at is null
            join payment p on p.payment_collection_id = opc.payment_collection_id and p.deleted_at is null
           where o.metadata->>'paylink_renewal_id' is not null
           group by o.id having count(p.id) > 1) x) as paid_twice`
  )
  return f
}

async function main() {
  try {
    const { admin, seed } = await run.setUp()
    const paidAt = new Date(Date.now() - 40 * 86_400_000)
    await withPg(run.DATABASE_URL, (c) =>
      seedSubscriptions(c, {
        count: COUNT,
        startNumber: START_NUMBER,
        paidAt,
        store: seed,
      })
    )
    const file = renewalExport({
      count: COUNT,
      startNumber: START_NUMBER,
      paidAt,
    })
    log(`${COUNT} subscriptions seeded; the export holds one renewal of each`)

    await boot("paused at renewal:order-created", {
      PAYLINK_TEST_PAUSE_AT: "renewal:order-created",
    })
    const ok = (res, what) => {
      expect(
        res.status < 300,
        `${what}: ${res.status} ${JSON.stringify(res.data).slice(0, 400)}`
      )
      return res.data
    }
    const id = await run.startReconciliation(admin, {
      gateway: "gatewayA",
      name: "renovaciones.csv",
      file,
    })

    const read = await until("the read", async () => {
      const r = ok(
        await admin.get(`/admin/paylink/reconciliations/${id}`),
        "get"
      ).reconciliation
      return r.status === "ready" ? r : null
    })
    await check(
      "the read lists every renewal as one to make an order of",
      async () => {
        expect(
          read.renewals.orders_to_make === COUNT,
          `renewals ${JSON.stringify(read.renewals)}`
        )
        return `orders to make ${read.renewals.orders_to_make} of ${COUNT} renewals`
      }
    )

    // ---- A: killed with the first renewal's order made, unpaid
    admin.post(`/admin/paylink/reconciliations/${id}/apply`, {}).catch(() => {})
    await until("the apply to reach renewal:order-created", async () =>
      pausedAt().includes("renewal:order-created")
    )
    await kill()
    log(
      "killed (SIGKILL) with the first orders created, their payments not recorded"
    )
    await check(
      `the kill left the first batch's ${BATCH} renewals making, ${AT_ONCE} orders made with the ids they chose, unpaid`,
      async () => {
        const f = await figures()
        expect(
          f.renewals === BATCH &&
            f.making === BATCH &&
            f.orders === AT_ONCE &&
            f.orphans === 0 &&
            f.paid_once === 0,
          JSON.stringify(f)
        )
        return JSON.stringify(f)
      }
    )

    // ---- B: the job finishes that order and is killed with its payment recorded
    await boot(
      "renewal-orders job every second, paused at renewal:payment-recorded",
      {
        ...FAST,
        PAYLINK_TEST_PAUSE_AT: "renewal:payment-recorded",
      }
    )
    await until("the job to reach renewal:payment-recorded", async () =>
      pausedAt().includes("renewal:payment-recorded")
    )
    await kill()
    log(
      "killed (SIGKILL) with the finished order's payment recorded, the renewal still making"
    )
    await check(
      "the job finished an order with its own id (no second order) and paid it once",
      async () => {
        const f = await figures()
        expect(
          f.renewals === BATCH &&
            f.making === BATCH &&
            f.orders >= AT_ONCE &&
            f.orphans === 0 &&
            f.paid_once === 1 &&
            f.paid_twice === 0,
          JSON.stringify(f)
        )
        return JSON.stringify(f)
      }
    )

    // ---- C: the job marks it made; the merchant applies again
    await boot(
      "renewal-orders job every second, stale applies taken over after 1 s",
      FAST
    )
    await until(
      "the job to finish every renewal left making",
      async () => (await figures()).making === 0,
      120_000
    )
    const applied = ok(
      await admin.post(`/admin/paylink/reconciliations/${id}/apply`, {}),
      "apply again"
    ).reconciliation
    await check(
      "every renewal ends with exactly one order, paid once",
      async () => {
        const f = await figures()
        expect(
          f.renewals === COUNT &&
            f.made === COUNT &&
            f.orders === COUNT &&
            f.orphans === 0 &&
            f.paid_once === COUNT &&
            f.paid_twice === 0,
          JSON.stringify(f)
        )
        expect(applied.status === "applied", `status ${applied.status}`)
        expect(
          applied.renewals.orders_made === COUNT,
          `renewals ${JSON.stringify(applied.renewals)}`
        )
        return `${JSON.stringify(f)}; reconciliation ${applied.status}, applied_changes ${JSON.stringify(applied.applied_changes)}`
      }
    )
    await kill()
  } catch (e) {
    run.fail(e)
  }
  await run.finish("Renewal orders under SIGKILL", 4)
}

exitWith(main)
