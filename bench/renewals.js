#!/usr/bin/env node
"use strict"
/**
 * `npm run bench:renewals`: what Apply costs when a gateway's export holds many subscription
 * renewals, each made into an order (Medusa's createOrderWorkflow, then its payment recorded
 * captured). A file of N renewals and one ten times smaller, in one run, so the ratio says whether
 * the cost per order stays flat (linear), with the rate in orders per second.
 *
 *   throwaway database, migrated and seeded (the crash tests' harness: integration-tests/crash/harness.js)
 *   -> `medusa start` (production) -> for each size: subscriptions seeded by SQL
 *   (bench/subscription-records.js) -> their export uploaded -> the reconciliation read -> Apply,
 *   timed -> every renewal checked to have exactly one order paid once -> a table and
 *   bench/results-renewals.json.
 *
 * Options: --renewals N (the big file, default 5000; the small one is a tenth), --concurrency C
 * (orders made at once, default the plugin's), --out FILE.
 */
const fs = require("node:fs")
const path = require("node:path")
const os = require("node:os")
const { withPg } = require("../demo/lib/throwaway-db")
const { crashRun } = require("../integration-tests/crash/harness")
const { seedSubscriptions, renewalExport } = require("./subscription-records")

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name)
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback
}
const BIG = Number(arg("--renewals", 5000))
const SMALL = Math.max(10, Math.round(BIG / 10))
const CONCURRENCY = arg("--concurrency", "")
const OUT = path.resolve(
  arg("--out", path.join(__dirname, "results-renewals.json"))
)
const round = (n, d = 2) => Math.round(n * 10 ** d) / 10 ** d

async function main() {
  const run = crashRun("bench-renewals")
  const { log, sql, until, boot, kill } = run
  let results = null
  try {
    const { admin, seed } = await run.setUp()
    await boot(
      "production",
      CONCURRENCY ? { PAYLINK_RENEWAL_ORDER_CONCURRENCY: CONCURRENCY } : {}
    )
    const ok = (res, what) => {
      if (res.status >= 300)
        throw new Error(
          `${what}: ${res.status} ${JSON.stringify(res.data).slice(0, 400)}`
        )
      return res.data
    }
    const measure = async (count, startNumber) => {
      const paidAt = new Date(Date.now() - 40 * 86_400_000)
      await withPg(run.DATABASE_URL, (c) =>
        seedSubscriptions(c, { count, startNumber, paidAt, store: seed })
      )
      const file = renewalExport({ count, startNumber, paidAt })
      const name = `renovaciones-${count}.csv`
      const readStart = Date.now()
      const id = await run.startReconciliation(admin, {
        gateway: "gatewayA",
        name,
        file,
      })
      const read = await until(
        `the read of ${count} renewals`,
        async () => {
          const r = ok(
            await admin.get(`/admin/paylink/reconciliations/${id}`),
            "get"
          ).reconciliation
          return r.status === "ready" ? r : null
        },
        600_000
      )
      const readMs = Date.now() - readStart
      if (read.renewals.orders_to_make !== count)
        throw new Error(
          `orders to make ${read.renewals.orders_to_make}, renewals ${count}`
        )
      const applyStart = Date.now()
      const applied = ok(
        await admin.post(
          `/admin/paylink/reconciliations/${id}/apply`,
          {},
          { timeout: 3_600_000 }
        ),
        "apply"
      ).reconciliation
      const applyMs = Date.now() - applyStart
      const [f] = await sql(
        `select
           (select count(*)::int from "order" o where o.metadata->>'paylink_renewal_id' is not null
              and o.metadata->>'paylink_subscription_id' like 'plsub_bench_%' and o.deleted_at is null
              and exists (select 1 from paylink_subscription s where s.id = o.metadata->>'paylink_subscription_id' and s.number >= $1 and s.number < $2)) as orders,
           (select count(*)::int from (
              select o.id from "order" o
                join order_payment_collection opc on opc.order_id = o.id and opc.deleted_at is null
                join payment p on p.payment_collection_id = opc.payment_collection_id and p.deleted_at is null
                join capture c on c.payment_id = p.id and c.deleted_at is null
                join paylink_subscription s on s.id = o.metadata->>'paylink_subscription_id' and s.number >= $1 and s.number < $2
               group by o.id having count(c.id) = 1 and sum(c.amount) = 100) x) as paid_once`,
        [startNumber, startNumber + count]
      )
      if (
        f.orders !== count ||
        f.paid_once !== count ||
        applied.renewals.orders_made !== count
      )
        throw new Error(
          `renewals ${count}: ${JSON.stringify(f)}, ${JSON.stringify(applied.renewals)}`
        )
      const row = {
        renewals: count,
        read_ms: readMs,
        apply_ms: applyMs,
        orders_per_second: round(count / (applyMs / 1000)),
        ms_per_order: round(applyMs / count),
        orders: f.orders,
        paid_once: f.paid_once,
      }
      log(JSON.stringify(row))
      return row
    }
    const small = await measure(SMALL, 800_000)
    const big = await measure(BIG, 900_000)
    results = {
      small,
      big,
      ratios: {
        renewals: round(big.renewals / small.renewals, 1),
        apply_time: round(big.apply_ms / small.apply_ms, 2),
        ms_per_order: round(big.ms_per_order / small.ms_per_order, 2),
      },
      concurrency: Number(CONCURRENCY || 4),
      machine: {
        cpus: os.cpus().length,
        load: os.loadavg().map((l) => round(l)),
      },
      at: new Date().toISOString(),
    }
    fs.writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`)
    await kill()
  } catch (e) {
    run.fail(e)
  }
  await run.finish("bench:renewals", 0)
  if (results) {
    const line = (r) =>
      `${String(r.renewals).padStart(6)} renewals  read ${String(r.read_ms).padStart(7)} ms  apply ${String(r.apply_ms).padStart(8)} ms  ${String(r.orders_per_second).padStart(6)} orders/s  ${String(r.ms_per_order).padStart(6)} ms/order`
    console.log(line(results.small))
    console.log(line(results.big))
    console.log(
      `ratios ${JSON.stringify(results.ratios)}; written ${path.relative(process.cwd(), OUT)}`
    )
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e) => {
    console.error(e)
    process.exit(1)
  }
)
