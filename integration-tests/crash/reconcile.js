#!/usr/bin/env node
"use strict"
/**
 * Crashes a reconciliation for real, as run.js crashes the return flow:
 * a `medusa start` server on a throwaway database, SIGKILL of its process group at a named point
 * (PAYLINK_TEST_PAUSE_AT, src/lib/testing/crash-point.ts), a restart, the jobs. The file is a synthetic
 * gateway B export (src/sandbox/export-fixture.ts) of ROWS rows with records seeded by SQL to match
 * (bench/reconcile-records.js), so the read takes several batches of 1,000 lines and the apply
 * several batches of each action.
 *
 *   boot 1  paused at "reconcile:batch-read"      the first read batch committed          → kill
 *   boot 2  the resume job every second (a read is stale after 2 s): it reads the file again
 *           from the start; the same file read again, uninterrupted, is the reference
 *           — the database is copied here, before any apply: the reference apply runs on the copy —
 *   boot 3  paused at "reconcile:batch-applied"   the first apply batch committed         → kill
 *   boot 4  an apply is stale after 1 s: taken over, paused at "reconcile:batch-applying",
 *           inside the next batch's transaction (records changed, entries not marked)     → kill
 *   boot 5  taken over again and finished; a third apply is refused; the hook's lists (the entries
 *           marked changed) hold the killed runs' changes too
 *   boot 6  on the copy: the same reconciliation applied uninterrupted, compared record by record
 *           and list by list
 *
 * Prints each check with figures and exits non-zero on a failure. CRASH_KEEP_LOGS=1 keeps the logs.
 */
const fs = require("node:fs")
const path = require("node:path")
const { loadSandboxSource } = require("../../demo/lib/sandbox")
const { databaseUrl, withPg } = require("../../demo/lib/throwaway-db")
const { seedMatchingRecords } = require("../../bench/reconcile-records")
const { crashRun, exitWith, expect, sleep } = require("./harness")

/** Three read batches; 135 records to hand to the merchant (two apply batches of 100), 2,295 to verify (five of 500). */
const ROWS = 3000
const READ_BATCH_LINES = 1000
const EXPORT = {
  rows: ROWS,
  startNumber: 1_000_000,
  start: new Date("2026-10-01T08:00:00-06:00"),
  seed: 7,
  badRows: 3,
}

const run = crashRun("reconcile")
const { log, sql, sqlOn, until, pausedAt, kill, boot, check } = run

const READ_PACE = {
  PAYLINK_STALE_READ_AFTER_MS: "2000",
  PAYLINK_RESUME_READS_INTERVAL_MS: "1000",
}
const APPLY_STALE = { PAYLINK_STALE_APPLY_AFTER_MS: "1000" }

async function main() {
  try {
    const { admin } = await run.setUp()
    const { syntheticExport, syntheticRows } =
      loadSandboxSource("export-fixture")
    const seeded = await withPg(run.DATABASE_URL, (c) =>
      seedMatchingRecords(c, syntheticRows(EXPORT))
    )
    const paymentLines = [...syntheticRows(EXPORT)].filter(
      (r) => !r.bad && r.status === "Pagado"
    ).length
    const chunks = []
    for await (const chunk of syntheticExport(EXPORT)) chunks.push(chunk)
    const file = Buffer.concat(chunks)
    log(
      `${ROWS}-row export (${file.length} bytes, ${paymentLines} payments, ${EXPORT.badRows} bad rows); ${seeded.records} records seeded: ${JSON.stringify(seeded.counts)}`
    )

    const newReconciliation = (name) =>
      run.startReconciliation(admin, { gateway: "gatewayB", name, file })
    const reconciliationOf = async (id, q = sql) =>
      (await q(`select * from paylink_reconciliation where id = $1`, [id]))[0]
    const readyOf = (id, timeoutMs) =>
      until(
        `reconciliation ${id} to be read`,
        async () => {
          const r = await reconciliationOf(id)
          expect(r.status !== "failed", `the read failed: ${r.error}`)
          return r.status === "ready" ? r : null
        },
        timeoutMs
      )
    const entryFigures = async (id) =>
      (
        await sql(
          `select count(*)::int as entries, count(line)::int as lines, count(distinct line)::int as distinct_lines,
                  count(*) filter (where "group" = 'order_no_payment')::int as unpaid,
                  count(distinct checkout_record_id) filter (where "group" = 'order_no_payment')::int as unpaid_records,
                  (select count(*)::int from paylink_reconciliation_bad_row b where b.reconciliation_id = $1 and b.deleted_at is null) as bad,
                  (select count(distinct line)::int from paylink_reconciliation_bad_row b where b.reconciliation_id = $1 and b.deleted_at is null) as distinct_bad
             from paylink_reconciliation_entry where reconciliation_id = $1 and deleted_at is null`,
          [id]
        )
      )[0]

    // ---- A: the read, killed after its first batch
    await boot("paused at reconcile:batch-read", {
      PAYLINK_TEST_PAUSE_AT: "reconcile:batch-read",
    })
    const r1 = await newReconciliation("crash-read.csv")
    await until("the read to reach reconcile:batch-read", async () =>
      pausedAt().includes("reconcile:batch-read")
    )
    await kill()
    log("killed (SIGKILL) with the read's first batch committed")
    const cut = await reconciliationOf(r1)
    const cutEntries = await entryFigures(r1)

    await check(
      "the state the kill left: the first batch of the read, no more",
      async () => {
        expect(cut.status === "reading", `status ${cut.status}`)
        expect(
          cut.rows_read === READ_BATCH_LINES,
          `rows read ${cut.rows_read}, one batch is ${READ_BATCH_LINES}`
        )
        const firstBatch = [...syntheticRows(EXPORT)]
          .slice(0, READ_BATCH_LINES)
          .filter((r) => !r.bad && r.status === "Pagado").length
        expect(
          cutEntries.lines === firstBatch && cutEntries.unpaid === 0,
          `entries ${JSON.stringify(cutEntries)}, first batch has ${firstBatch} payments`
        )
        return `status reading, rows read ${cut.rows_read} of ${ROWS}, ${cutEntries.lines} entries (the first batch's payments), no order_no_payment yet`
      }
    )

    const restarted = Date.now()
    await boot("the resume job every second", READ_PACE)
    const up = Date.now()
    await check(
      "the resume job reads the killed file again, to the end, without duplicates",
      async () => {
        const r = await readyOf(r1, 60_000)
        const e = await entryFigures(r1)
        expect(r.rows_read === ROWS, `rows read ${r.rows_read}, file ${ROWS}`)
        expect(
          r.rows_bad === EXPORT.badRows &&
            e.bad === EXPORT.badRows &&
            e.distinct_bad === e.bad,
          `bad rows ${r.rows_bad} / stored ${e.bad} (${e.distinct_bad} lines)`
        )
        expect(
          e.lines === paymentLines && e.distinct_lines === e.lines,
          `entries with a line ${e.lines} (${e.distinct_lines} distinct lines), payments ${paymentLines}`
        )
        expect(
          e.unpaid === seeded.counts.order_no_payment &&
            e.unpaid_records === e.unpaid,
          `order_no_payment ${e.unpaid} (${e.unpaid_records} records), seeded ${seeded.counts.order_no_payment}`
        )
        for (const [group, n] of Object.entries(seeded.counts))
          expect(
            r.counts[group] === n,
            `${group}: ${r.counts[group]}, seeded ${n}`
          )
        const takeovers =
          fs
            .readFileSync(path.join(run.LOGS, "boot-2.log"), "utf8")
            .split(`reconciliation ${r1} was left reading`).length - 1
        expect(
          takeovers >= 1,
          "the resume job never said it took the read over"
        )
        return `ready ${Date.now() - up} ms after the restarted server answered (${Date.now() - restarted} ms with its boot), taken over by the job ${takeovers} time(s); rows ${r.rows_read}/${ROWS} (skipped ${r.rows_skipped}, bad ${r.rows_bad}); ${e.lines} entries on ${e.distinct_lines} lines (1 each), ${e.unpaid} order_no_payment on ${e.unpaid_records} records; groups ${JSON.stringify(r.counts)}`
      }
    )
    const r2 = await newReconciliation("uninterrupted.csv")
    await check(
      "the resumed read equals the same file read uninterrupted, entry by entry",
      async () => {
        const [a, b] = [await readyOf(r1, 10_000), await readyOf(r2, 60_000)]
        for (const k of [
          "rows_read",
          "rows_skipped",
          "rows_bad",
          "bytes_read",
          "period_start",
          "period_end",
        ])
          expect(
            String(a[k]) === String(b[k]),
            `${k}: resumed ${a[k]}, uninterrupted ${b[k]}`
          )
        expect(
          JSON.stringify(a.counts) === JSON.stringify(b.counts),
          `groups: resumed ${JSON.stringify(a.counts)}, uninterrupted ${JSON.stringify(b.counts)}`
        )
        const [diff] = await sql(
          `select count(*)::int as n from (
           select line, "group", reason, action, checkout_record_id, reported_amount, paid_at from paylink_reconciliation_entry where reconciliation_id = $1
           except select line, "group", reason, action, checkout_record_id, reported_amount, paid_at from paylink_reconciliation_entry where reconciliation_id = $2) d`,
          [r1, r2]
        )
        const [back] = await sql(
          `select count(*)::int as n from (
           select line, "group", action, checkout_record_id from paylink_reconciliation_entry where reconciliation_id = $2
           except select line, "group", action, checkout_record_id from paylink_reconciliation_entry where reconciliation_id = $1) d`,
          [r1, r2]
        )
        expect(
          diff.n === 0 && back.n === 0,
          `${diff.n} entries of the resumed read not in the uninterrupted one, ${back.n} the other way`
        )
        return `rows ${a.rows_read} = ${b.rows_read}, bytes ${a.bytes_read} = ${b.bytes_read}, groups equal ${JSON.stringify(b.counts)}, 0 entries differ either way`
      }
    )
    await kill()

    // The reference apply's database: this one as it is now, before any apply.
    const referenceName = `${run.DB_NAME}_ref`
    const referenceUrl = databaseUrl(run.SERVER_URL, referenceName)
    const postgres = sqlOn(databaseUrl(run.SERVER_URL, "postgres"))
    await until(
      "a copy of the database",
      async () => {
        await postgres(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [run.DB_NAME]
        )
        return postgres(
          `create database "${referenceName}" template "${run.DB_NAME}"`
        ).then(
          () => true,
          () => false
        )
      },
      20_000
    )
    run.cleanups.push(() =>
      postgres(`drop database if exists "${referenceName}" with (force)`)
    )

    // ---- B: the apply, killed after its first batch, then inside the taken-over apply's next batch
    const applied = (q = sql) =>
      q(
        `select count(*) filter (where applied)::int as applied, count(*) filter (where not applied)::int as pending,
                count(*) filter (where action = 'needs_attention' and applied)::int as attention,
                count(*) filter (where changed and action = 'needs_attention')::int as changed_attention,
                count(*) filter (where changed and action = 'unverified')::int as changed_unverified,
                count(*) filter (where changed and action = 'verified')::int as changed_verified
           from paylink_reconciliation_entry where reconciliation_id = $1 and action is not null and deleted_at is null`,
        [r1]
      ).then((r) => r[0])
    const records = (q = sql) =>
      q(
        `select id, order_id, number, status, payment_verification, attention_detail->>'code' as code, verification_reconciliation_id
           from paylink_checkout where number >= $1 and deleted_at is null order by number`,
        [EXPORT.startNumber]
      )
    const tallyOf = (q = sql) =>
      q(
        `select status, applied_changes from paylink_reconciliation where id = $1`,
        [r1]
      ).then((r) => r[0])
    /** What the hook reconciliationApplied is handed: the entries marked changed (the module's changesStatement). */
    const hookLists = (q = sql) =>
      q(
        `select e.action, e.checkout_record_id, c.order_id from paylink_reconciliation_entry e
           left join paylink_checkout c on c.id = e.checkout_record_id and c.deleted_at is null
          where e.reconciliation_id = $1 and e.changed and e.action in ('needs_attention', 'unverified') and e.deleted_at is null`,
        [r1]
      ).then((rows) => ({
        attention: [
          ...new Set(
            rows
              .filter((r) => r.action === "needs_attention")
              .map((r) => r.checkout_record_id)
          ),
        ].sort(),
        orders: [
          ...new Set(
            rows.filter((r) => r.action === "unverified").map((r) => r.order_id)
          ),
        ].sort(),
      }))
    const fireApply = () =>
      admin
        .post(`/admin/paylink/reconciliations/${r1}/apply`, {})
        .catch(() => undefined)

    await boot("paused at reconcile:batch-applied", {
      PAYLINK_TEST_PAUSE_AT: "reconcile:batch-applied",
    })
    fireApply()
    await until("the apply to reach reconcile:batch-applied", async () =>
      pausedAt().includes("reconcile:batch-applied")
    )
    await kill()
    log("killed (SIGKILL) with the apply's first batch committed")
    const cut1 = {
      entries: await applied(),
      tally: await tallyOf(),
      attention: (await records()).filter((r) => r.status === "needs_attention")
        .length,
    }
    const movedByTheKilled = (await records())
      .filter((r) => r.status === "needs_attention")
      .map((r) => r.id)

    await boot("an apply stale after 1 s, paused at reconcile:batch-applying", {
      ...APPLY_STALE,
      PAYLINK_TEST_PAUSE_AT: "reconcile:batch-applying",
    })
    await sleep(1100)
    fireApply()
    await until(
      "the taken-over apply to reach reconcile:batch-applying",
      async () => pausedAt().includes("reconcile:batch-applying")
    )
    await kill()
    log("killed (SIGKILL) inside the taken-over apply's batch")
    const cut2 = {
      entries: await applied(),
      tally: await tallyOf(),
      attention: (await records()).filter((r) => r.status === "needs_attention")
        .length,
    }

    await check("the state each kill left: whole batches only", async () => {
      expect(
        cut1.tally.status === "applying",
        `after batch-applied: status ${cut1.tally.status}`
      )
      expect(
        cut1.entries.applied === 100 &&
          cut1.entries.attention === 100 &&
          cut1.attention === 100 &&
          cut1.entries.changed_attention === 100,
        `after batch-applied: ${JSON.stringify(cut1)}`
      )
      expect(
        cut1.tally.applied_changes?.needs_attention === 100,
        `after batch-applied: applied_changes ${JSON.stringify(cut1.tally.applied_changes)}`
      )
      // The second kill was inside a transaction: nothing of that batch may remain.
      expect(
        JSON.stringify(cut2) === JSON.stringify(cut1),
        `after batch-applying: ${JSON.stringify(cut2)}, after batch-applied: ${JSON.stringify(cut1)}`
      )
      return `batch-applied → applying, ${cut1.entries.applied} entries applied, ${cut1.attention} records in needs_attention, applied_changes ${JSON.stringify(cut1.tally.applied_changes)}; batch-applying (taken over, killed mid-transaction) → the same, nothing of the batch`
    })

    await boot("an apply stale after 1 s", APPLY_STALE)
    await sleep(1100)
    const finished = await admin.post(
      `/admin/paylink/reconciliations/${r1}/apply`,
      {}
    )
    const third = await admin.post(
      `/admin/paylink/reconciliations/${r1}/apply`,
      {}
    )
    const after = {
      entries: await applied(),
      tally: await tallyOf(),
      records: await records(),
      lists: await hookLists(),
    }
    await kill()

    await boot("the reference: the copy applied uninterrupted", {
      DATABASE_URL: referenceUrl,
    })
    const reference = await admin.post(
      `/admin/paylink/reconciliations/${r1}/apply`,
      {}
    )
    const ref = {
      tally: await tallyOf(sqlOn(referenceUrl)),
      records: await records(sqlOn(referenceUrl)),
      entries: await applied(sqlOn(referenceUrl)),
      lists: await hookLists(sqlOn(referenceUrl)),
    }
    await kill()

    await check(
      "the apply taken over after two kills finishes: every entry applied, once",
      async () => {
        expect(
          finished.status === 200 &&
            finished.data.reconciliation.status === "applied",
          `apply answered ${finished.status} ${JSON.stringify(finished.data).slice(0, 300)}`
        )
        expect(
          after.entries.pending === 0 &&
            after.entries.applied === ref.entries.applied,
          `entries applied ${after.entries.applied}, pending ${after.entries.pending}; reference ${ref.entries.applied}`
        )
        const c = after.tally.applied_changes
        const moved = after.records.filter(
          (r) => r.status === "needs_attention" && r.code === "paid_in_report"
        ).length
        // A record handed to the merchant is verified as it moves (the report showed its own amount): counted as moved.
        const verified = after.records.filter(
          (r) =>
            r.payment_verification === "verified" &&
            r.verification_reconciliation_id === r1 &&
            r.status !== "needs_attention"
        ).length
        const movedVerified = after.records.filter(
          (r) =>
            r.payment_verification === "verified" &&
            r.verification_reconciliation_id === r1 &&
            r.status === "needs_attention"
        ).length
        const unverified = after.records.filter(
          (r) =>
            r.payment_verification === "unverified" &&
            r.verification_reconciliation_id === r1
        ).length
        // Counted once each: the tally is what the records show, and what was seeded.
        expect(
          c.needs_attention === moved && moved === seeded.counts.paid_no_order,
          `needs_attention: counted ${c.needs_attention}, records ${moved}, seeded ${seeded.counts.paid_no_order}`
        )
        expect(
          c.verified === verified && verified === seeded.counts.matched,
          `verified: counted ${c.verified}, records ${verified}, seeded ${seeded.counts.matched}`
        )
        expect(
          c.unverified === unverified &&
            unverified === seeded.counts.order_no_payment,
          `unverified: counted ${c.unverified}, records ${unverified}, seeded ${seeded.counts.order_no_payment}`
        )
        expect(
          movedVerified === moved,
          `${movedVerified} of the ${moved} records moved are verified`
        )
        return `applied; ${after.entries.applied} entries applied, 0 pending; applied_changes ${JSON.stringify(c)} = records moved ${moved} (verified as they moved), verified ${verified}, unverified ${unverified}`
      }
    )
    await check(
      "the crashed apply ends where the uninterrupted one does, record by record",
      async () => {
        expect(
          reference.status === 200,
          `reference apply answered ${reference.status} ${JSON.stringify(reference.data).slice(0, 300)}`
        )
        expect(
          JSON.stringify(after.tally.applied_changes) ===
            JSON.stringify(ref.tally.applied_changes),
          `applied_changes: crashed ${JSON.stringify(after.tally.applied_changes)}, uninterrupted ${JSON.stringify(ref.tally.applied_changes)}`
        )
        const key = (r) =>
          `${r.number} ${r.status} ${r.payment_verification} ${r.code} ${r.verification_reconciliation_id}`
        const theirs = new Set(ref.records.map(key))
        const differ = after.records.filter((r) => !theirs.has(key(r)))
        expect(
          after.records.length === ref.records.length && differ.length === 0,
          `${differ.length} of ${after.records.length} records differ (reference ${ref.records.length}), e.g. ${differ.slice(0, 3).map(key).join("; ")}`
        )
        const by = (rows, f) => rows.filter(f).length
        return `applied_changes ${JSON.stringify(ref.tally.applied_changes)} both; ${after.records.length} records equal (needs_attention ${by(after.records, (r) => r.status === "needs_attention")}, verified ${by(after.records, (r) => r.payment_verification === "verified")}, unverified ${by(after.records, (r) => r.payment_verification === "unverified")})`
      }
    )
    await check(
      "the finishing run's hook gets every change, the killed runs' too, as the uninterrupted apply's does",
      async () => {
        const c = after.tally.applied_changes
        const e = after.entries
        expect(
          e.changed_attention === c.needs_attention &&
            e.changed_unverified === c.unverified &&
            e.changed_verified === c.verified,
          `entries changed ${JSON.stringify(e)}, applied_changes ${JSON.stringify(c)}`
        )
        const moved = after.records
          .filter(
            (r) =>
              r.status === "needs_attention" &&
              r.code?.startsWith("paid_in_report")
          )
          .map((r) => r.id)
          .sort()
        const flagged = [
          ...new Set(
            after.records
              .filter(
                (r) =>
                  r.payment_verification === "unverified" &&
                  r.verification_reconciliation_id === r1
              )
              .map((r) => r.order_id)
          ),
        ].sort()
        expect(
          JSON.stringify(after.lists.attention) === JSON.stringify(moved),
          `attention list ${after.lists.attention.length} ids, records moved ${moved.length}`
        )
        expect(
          JSON.stringify(after.lists.orders) === JSON.stringify(flagged),
          `unverified orders list ${after.lists.orders.length} ids, orders flagged ${flagged.length}`
        )
        const missing = movedByTheKilled.filter(
          (id) => !after.lists.attention.includes(id)
        )
        expect(
          movedByTheKilled.length === 100 && missing.length === 0,
          `${missing.length} of the ${movedByTheKilled.length} records the killed run moved are not in the list`
        )
        // The record ids are the copy's too (it was made before any apply): the lists must be equal.
        expect(
          JSON.stringify(after.lists) === JSON.stringify(ref.lists),
          `lists: crashed ${after.lists.attention.length}/${after.lists.orders.length}, uninterrupted ${ref.lists.attention.length}/${ref.lists.orders.length}`
        )
        return `attention_record_ids ${after.lists.attention.length} (all ${moved.length} records moved, the killed run's ${movedByTheKilled.length} among them), unverified_order_ids ${after.lists.orders.length}; entries changed ${e.changed_attention}/${e.changed_unverified}/${e.changed_verified} = applied_changes; equal to the uninterrupted apply's lists`
      }
    )
    await check(
      "a third apply is refused, saying why, and changes nothing",
      async () => {
        const msg = third.data?.message ?? ""
        expect(
          third.status === 400 && /was already applied/.test(msg),
          `third apply answered ${third.status} ${JSON.stringify(third.data).slice(0, 300)}`
        )
        expect(
          JSON.stringify(after.tally.applied_changes) ===
            JSON.stringify(finished.data.reconciliation.applied_changes),
          `applied_changes moved after the refusal: ${JSON.stringify(after.tally.applied_changes)}`
        )
        return `400 "${msg}"`
      }
    )
  } catch (e) {
    run.fail(e)
  }
  await run.finish(
    "Reconciliation crash recovery (SIGKILL mid-read and mid-apply, restart, jobs)",
    8
  )
}

exitWith(main)
