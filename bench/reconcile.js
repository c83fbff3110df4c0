#!/usr/bin/env node
"use strict"
/**
 * `npm run bench:reconcile`: what reading a gateway's transactions export costs,
 * for a small file and a file ten times bigger, in one run, so the ratios say whether the read
 * scales: time per row should stay flat (linear time), memory growth should not follow the file
 * (a stream, never the whole file), and the statements per 1,000 rows should be a handful (one
 * lookup per batch, not one per row).
 *
 *   throwaway database -> `medusa db:migrate` -> an admin user -> `medusa start` (production, the
 *   admin UI off, the bench's probe preloaded) -> for each size: records seeded by SQL to match the
 *   synthetic export (src/sandbox/export-fixture.ts: 90 % paid; most paid rows have an order, some
 *   none, some no record, some another amount) -> the export streamed to the upload route -> the
 *   reconciliation created -> polled until ready while the probe samples the server's memory ->
 *   groups checked against what was seeded -> a table and bench/results-reconcile.json.
 *
 * Options: --rows N (the big file, default 50000; the small one is a tenth), --out FILE.
 */
const fs = require("node:fs")
const path = require("node:path")
const { Readable } = require("node:stream")
const { performance } = require("node:perf_hooks")
const { throwawayDatabase, withPg } = require("../demo/lib/throwaway-db")
const { freePort } = require("../demo/lib/ports")
const {
  productionEnv,
  runCommand: runMedusa,
  startServer,
  stopChild,
} = require("../demo/lib/medusa")
const { loadSandboxSource } = require("../demo/lib/sandbox")
const { seedMatchingRecords } = require("./reconcile-records")

const LOGS = path.join(__dirname, "logs")
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name)
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback
}
const BIG = Number(arg("--rows", 50_000))
const SMALL = Math.max(100, Math.round(BIG / 10))
const OUT = path.resolve(
  arg("--out", path.join(__dirname, "results-reconcile.json"))
)
const PG_SERVER =
  process.env.BENCH_DATABASE_URL ||
  `postgres://postgres${process.env.PGPASSWORD ? `:${encodeURIComponent(process.env.PGPASSWORD)}` : ""}@localhost:5432`
const ADMIN = {
  email: "bench@paylink.test",
  password: `bench-${process.pid}-${Date.now()}`,
}
const MB = 2 ** 20

const t0 = Date.now()
const log = (msg) =>
  console.log(
    `[bench:reconcile ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)}s] ${msg}`
  )
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const round = (n, d = 2) => Math.round(n * 10 ** d) / 10 ** d

const cleanups = []
let current = null
const runCommand = (name, args, env) =>
  runMedusa(name, args, env, "read the log", (child) => (current = child), {
    logDir: LOGS,
  })

async function main() {
  const ports = { medusa: await freePort(), probe: await freePort() }
  const db = await throwawayDatabase(
    `paylink_bench_rec_${process.pid}_${Date.now().toString(36)}`,
    PG_SERVER
  )
  if (process.env.BENCH_KEEP_DATABASE !== "1") cleanups.push(db.drop)
  log(`database ${db.name} (dropped at the end)`)

  const BASE = `http://127.0.0.1:${ports.medusa}`
  const env = productionEnv({
    DATABASE_URL: db.url,
    PAYLINK_BASE_URL: "http://127.0.0.1:9",
    MEDUSA_BACKEND_URL: BASE,
  })
  log("migrations (medusa db:migrate)")
  await runCommand("migrate", ["db:migrate"], env)
  await runCommand(
    "user",
    ["user", "-e", ADMIN.email, "-p", ADMIN.password],
    env
  )
  log("medusa start (NODE_ENV=production, admin UI off, probe preloaded)")
  const server = await startServer(
    ports.medusa,
    {
      ...env,
      BENCH_PROBE_PORT: String(ports.probe),
      NODE_OPTIONS: `--expose-gc -r ${path.join(__dirname, "server-probe.js")}`,
    },
    { timeoutMs: 240_000, name: "medusa-start-reconcile", logDir: LOGS }
  )
  cleanups.push(() => stopChild(server.child, 15_000))

  const probe = async (what = "stats") =>
    (await fetch(`http://127.0.0.1:${ports.probe}/${what}`)).json()
  const auth = await fetch(`${BASE}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  })
  const { token } = await auth.json()
  if (!token) throw new Error(`admin sign-in answered ${auth.status}`)
  const admin = async (method, p, body, headers = {}) => {
    const res = await fetch(`${BASE}${p}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body && !(body instanceof Readable)
          ? { "content-type": "application/json" }
          : {}),
        ...headers,
      },
      body:
        body instanceof Readable
          ? body
          : body
            ? JSON.stringify(body)
            : undefined,
      ...(body instanceof Readable ? { duplex: "half" } : {}),
    })
    const json = await res.json().catch(() => null)
    if (res.status >= 300)
      throw new Error(
        `${method} ${p} answered ${res.status}: ${JSON.stringify(json).slice(0, 400)}`
      )
    return json
  }
  const { syntheticExport, syntheticRows } = loadSandboxSource("export-fixture")

  // Warm-up: a tiny file through every step, so module loading and JIT are not in the figures.
  // Each file in a year of its own, so one file's orders are never in another's period.
  const tools = { admin, probe, syntheticExport, syntheticRows, db }
  await readOne(50, 900_000, "2024-01-01T08:00:00-06:00", tools)

  const small = await readOne(SMALL, 1, "2025-01-01T08:00:00-06:00", tools)
  const big = await readOne(BIG, 1_000_000, "2026-01-01T08:00:00-06:00", tools)
  report({ small, big })
}

/** One file of `rows` rows from link number `start`: seeded, uploaded, read; its figures. */
async function readOne(
  rows,
  startNumber,
  startAt,
  { admin, probe, syntheticExport, syntheticRows, db }
) {
  const options = {
    rows,
    startNumber,
    start: new Date(startAt),
    seed: startNumber,
    badRows: Math.max(1, Math.round(rows / 5_000)),
  }
  const expected = await withPg(db.url, (c) =>
    seedMatchingRecords(c, syntheticRows(options))
  )
  if (rows > 100) log(`${rows} rows: ${expected.records} records seeded`)

  await probe("gc")
  const before = await probe("gc")
  const tUpload = performance.now()
  const { upload } = await admin(
    "POST",
    `/admin/paylink/reconciliations/uploads?gateway=gatewayB&file_name=bench-${rows}.csv`,
    Readable.from(syntheticExport(options)),
    { "content-type": "text/csv" }
  )
  const uploadMs = performance.now() - tUpload
  const afterUpload = await probe("stats")

  const tRead = performance.now()
  let { reconciliation } = await admin(
    "POST",
    "/admin/paylink/reconciliations",
    {
      gateway: "gatewayB",
      file_key: upload.file_key,
      file_name: upload.file_name,
      mapping: upload.suggested_mapping,
    }
  )
  let peakRss = afterUpload.rss
  let peakHeap = afterUpload.heapUsed
  let polls = 0
  while (reconciliation.status === "reading") {
    await sleep(200)
    const s = await probe("stats")
    peakRss = Math.max(peakRss, s.rss)
    peakHeap = Math.max(peakHeap, s.heapUsed)
    reconciliation = (
      await admin("GET", `/admin/paylink/reconciliations/${reconciliation.id}`)
    ).reconciliation
    polls++
  }
  const readMs = performance.now() - tRead
  const after = await probe("stats")
  // What the read left behind, after a full collection: a stream keeps nothing of the rows.
  const retained = await probe("gc")
  // The progress polls' own statements are not the read's: one poll is measured and taken off.
  const q0 = (await probe("stats")).queries
  await admin("GET", `/admin/paylink/reconciliations/${reconciliation.id}`)
  const perPoll = (await probe("stats")).queries - q0
  if (reconciliation.status !== "ready")
    throw new Error(
      `the ${rows}-row read ended ${reconciliation.status}: ${reconciliation.error}`
    )
  for (const [group, n] of Object.entries(expected.counts)) {
    if (reconciliation.counts[group] !== n)
      throw new Error(
        `${rows} rows: ${group} ${reconciliation.counts[group]}, seeded ${n}`
      )
  }
  if (reconciliation.rows_bad !== options.badRows)
    throw new Error(
      `${rows} rows: ${reconciliation.rows_bad} bad rows, ${options.badRows} written`
    )
  return {
    rows,
    file_mb: round(upload.file_size / MB),
    upload_ms: Math.round(uploadMs),
    read_ms: Math.round(readMs),
    ms_per_1000_rows: round((readMs / rows) * 1000),
    statements_per_1000_rows: round(
      ((after.queries - afterUpload.queries - polls * perPoll) / rows) * 1000,
      1
    ),
    rss_growth_mb: round((peakRss - before.rss) / MB, 1),
    heap_growth_mb: round((peakHeap - before.heapUsed) / MB, 1),
    heap_retained_mb: round((retained.heapUsed - before.heapUsed) / MB, 1),
    counts: reconciliation.counts,
    rows_skipped: reconciliation.rows_skipped,
    rows_bad: reconciliation.rows_bad,
  }
}

function report({ small, big }) {
  const timeRatio = round(big.ms_per_1000_rows / small.ms_per_1000_rows)
  const rssRatio = round(
    Math.max(big.rss_growth_mb, 1) / Math.max(small.rss_growth_mb, 1)
  )
  // Retained heap, floored at 5 MB: below that an idle server's heap moves by itself between readings.
  const retainedRatio = round(
    Math.max(big.heap_retained_mb, 5) / Math.max(small.heap_retained_mb, 5)
  )
  const targets = [
    [
      `time per row, ${big.rows} / ${small.rows} rows`,
      timeRatio,
      "≤ 1.5 (linear)",
      timeRatio <= 1.5,
    ],
    [
      `heap kept after the read, ${big.rows} / ${small.rows} rows`,
      retainedRatio,
      "≤ 2 (nothing of the rows kept)",
      retainedRatio <= 2,
    ],
    [
      `peak RSS growth, ${big.rows} / ${small.rows} rows`,
      rssRatio,
      "(reported: garbage not yet collected)",
      true,
    ],
    [
      `statements per 1,000 rows (${big.rows})`,
      big.statements_per_1000_rows,
      "≤ 10 (per batch, not per row)",
      big.statements_per_1000_rows <= 10,
    ],
  ]
  const results = {
    small,
    big,
    ratios: {
      time_per_row: timeRatio,
      heap_retained: retainedRatio,
      rss_growth: rssRatio,
    },
    machine: {
      load: require("node:os")
        .loadavg()
        .map((l) => round(l)),
    },
    at: new Date().toISOString(),
  }
  fs.writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`)
  const line = (r) =>
    `${String(r.rows).padStart(7)} rows ${String(r.file_mb).padStart(6)} MB  upload ${String(r.upload_ms).padStart(6)} ms  read ${String(r.read_ms).padStart(7)} ms  ${String(r.ms_per_1000_rows).padStart(7)} ms/1k rows  ${String(r.statements_per_1000_rows).padStart(5)} statements/1k  RSS +${r.rss_growth_mb} MB  heap +${r.heap_growth_mb} MB (kept +${r.heap_retained_mb} MB)`
  console.log("")
  console.log(line(small))
  console.log(line(big))
  console.log(
    `groups (${big.rows}): ${JSON.stringify(big.counts)}, skipped ${big.rows_skipped}, bad ${big.rows_bad}`
  )
  console.log("")
  for (const [name, value, target, met] of targets)
    console.log(
      `${met ? "met   " : "MISSED"}  ${name.padEnd(44)}${String(value).padStart(8)}  target ${target}`
    )
  console.log(
    `load ${results.machine.load.join(" ")}; written: ${path.relative(process.cwd(), OUT)}`
  )
}

async function cleanup() {
  if (current) await stopChild(current)
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch((e) => console.error(`cleanup: ${e.message}`))
}
for (const sig of ["SIGINT", "SIGTERM"])
  process.on(sig, () => cleanup().then(() => process.exit(130)))

main()
  .then(cleanup)
  .then(() => process.exit(0))
  .catch(async (e) => {
    console.error(`bench:reconcile failed: ${e.stack || e.message}`)
    await cleanup()
    process.exit(1)
  })
