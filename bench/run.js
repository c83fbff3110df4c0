#!/usr/bin/env node
"use strict"
/**
 * `npm run bench`: what the plugin costs next to Medusa's own provider, measured side by side in
 * one run. Not part of `npm test`; bounded (a few minutes).
 *
 *   throwaway database on PostgreSQL (localhost:5432, or BENCH_DATABASE_URL's server) -> sandbox in
 *   this process on loopback, no added latency -> `medusa db:migrate` -> `medusa exec bench/seed.ts`
 *   -> `medusa start` with NODE_ENV=production, the admin disabled -> fresh ready carts -> the
 *   measurements, interleaved -> a table on stdout and bench/results.json -> everything it started
 *   is stopped and the database dropped.
 *
 * Options: --samples N (each interleaved kind, default 200), --rss-sessions N (per provider,
 * default 3000), --cpu-prof (the server writes a V8 CPU profile to bench/profiles at exit),
 * --query-log (prints the SQL of one request of each kind), --out FILE (default bench/results.json).
 *
 * Timings are only compared within one run: the kinds are interleaved in a random order in every
 * round, on carts prepared beforehand, so the machine's noise falls on all of them alike.
 */
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { performance } = require("node:perf_hooks")
const {
  throwawayDatabase,
  withPg,
  databaseUrl,
} = require("../demo/lib/throwaway-db")
const { freePort } = require("../demo/lib/ports")
const {
  productionEnv,
  runCommand: runMedusa,
  startServer: startMedusa,
  stopChild: stopGroup,
} = require("../demo/lib/medusa")
const { startSandbox } = require("../demo/lib/sandbox")
const { storeApi, readyCart: readyStoreCart } = require("../demo/lib/store-api")
// The profile (--cpu-prof) is written at exit: the server gets longer to stop than the demo's.
const stopChild = (child) => stopGroup(child, 15_000)

const REPO = path.resolve(__dirname, "..")
const LOGS = path.join(__dirname, "logs")

function arg(name, fallback) {
  const i = process.argv.indexOf(name)
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback
}
const SAMPLES = Number(arg("--samples", 200))
const RSS_SESSIONS = Number(arg("--rss-sessions", 3000))
const CPU_PROF = process.argv.includes("--cpu-prof")
const QUERY_LOG = process.argv.includes("--query-log")
const OUT = path.resolve(arg("--out", path.join(__dirname, "results.json")))
const CONCURRENCY = 16
const CONCURRENT_ROUNDS = 10

const PROVIDER_A = "pp_paylink-gateway-a_default"
const PROVIDER_A_MANUAL = "pp_paylink-gateway-a_manual"
const SYSTEM = "pp_system_default"
/**
 * A loyalty card of its own for each measured apply: one card may hold only
 * benefitAuthorizationsPerCard (3) unused authorizations across carts, and the bench measures an
 * apply that reaches the program, not a refusal.
 */
let cards = 0
const nextCard = () => `6011${String(++cards).padStart(12, "0")}`

const t0 = Date.now()
const log = (msg) =>
  console.log(
    `[bench ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)}s] ${msg}`
  )
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

// ---------------------------------------------------------------- processes and database

const cleanups = []
let current = null

function runCommand(name, args, env) {
  return runMedusa(
    name,
    args,
    env,
    "read the log",
    (child) => (current = child),
    { logDir: LOGS }
  )
}

function startServer(port, env) {
  const nodeArgs = CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${path.join(__dirname, "profiles")}`]
    : []
  return startMedusa(port, env, {
    timeoutMs: 240_000,
    name: "medusa-start",
    logDir: LOGS,
    nodeArgs,
  })
}

/** The PostgreSQL server the throwaway database is made on (PGPASSWORD is read when set). */
const PG_SERVER =
  process.env.BENCH_DATABASE_URL ||
  `postgres://postgres${process.env.PGPASSWORD ? `:${encodeURIComponent(process.env.PGPASSWORD)}` : ""}@localhost:5432`

// ---------------------------------------------------------------- HTTP

let API = null
let PROBE = ""

const call = (method, pathname, body) => API.call(method, pathname, body)
const must = (method, pathname, body) => API.must(method, pathname, body)

async function probe(what = "stats") {
  return await (await fetch(`${PROBE}/${what}`)).json()
}

// ---------------------------------------------------------------- the store

let SEED = null
let guests = 0

/** A ready cart (demo/lib/store-api.js), by default with its payment collection made. */
function readyCart({ collection = true } = {}) {
  return readyStoreCart(API, {
    regionId: SEED.regionId,
    variantId: SEED.variantId,
    email: `guest-${++guests}@example.com`,
    collection,
  })
}

async function readyCarts(n, opts) {
  const carts = []
  let next = 0
  const worker = async () => {
    while (next < n) {
      next++
      carts.push(await readyCart(opts))
    }
  }
  await Promise.all(Array.from({ length: 3 }, worker))
  return carts
}

// ---------------------------------------------------------------- the measured requests

const KINDS = {
  "session A": (c) => [
    "POST",
    `/store/payment-collections/${c.collectionId}/payment-sessions`,
    { provider_id: PROVIDER_A },
  ],
  "session system": (c) => [
    "POST",
    `/store/payment-collections/${c.collectionId}/payment-sessions`,
    { provider_id: SYSTEM },
  ],
  "payment-link A": (c) => [
    "POST",
    `/store/carts/${c.cartId}/payment-link`,
    { provider_id: PROVIDER_A },
  ],
  "benefit apply": (c) => [
    "POST",
    `/store/carts/${c.cartId}/benefits`,
    { card: nextCard(), rule_id: SEED.ruleId },
  ],
  "promotion code": (c) => [
    "POST",
    `/store/carts/${c.cartId}/promotions`,
    { promo_codes: [SEED.promotionCode] },
  ],
}

function check(kind, r) {
  if (r.status !== 200) return `${r.status}: ${r.text.slice(0, 300)}`
  if (kind.startsWith("session")) {
    const s = r.json?.payment_collection?.payment_sessions ?? []
    const want = kind === "session A" ? PROVIDER_A : SYSTEM
    if (!s.some((x) => x.provider_id === want))
      return "no session of the provider in the answer"
  }
  if (kind === "payment-link A" && !r.json?.payment_session?.data?.url)
    return "no link url in the answer"
  return null
}

/**
 * One timed request; the probe's query counter and the server's CPU time are read around it (not
 * timed). The CPU time includes the probe's own two answers, the same for every kind.
 */
async function timed(kind, cart) {
  const [method, p, body] = KINDS[kind](cart)
  const before = await probe()
  const start = performance.now()
  const r = await call(method, p, body)
  const ms = performance.now() - start
  const after = await probe()
  return {
    ms,
    queries: after.queries - before.queries,
    cpuMs: (after.cpuUs - before.cpuUs) / 1000,
    error: check(kind, r),
  }
}

function pct(sorted, p) {
  if (!sorted.length) return NaN
  const i = Math.min(
    sorted.length - 1,
    Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)
  )
  return sorted[i]
}

function summary(samples) {
  const ms = samples
    .filter((s) => !s.error)
    .map((s) => s.ms)
    .sort((a, b) => a - b)
  const q = samples.map((s) => s.queries).sort((a, b) => a - b)
  const cpu = samples
    .filter((s) => !s.error)
    .map((s) => s.cpuMs)
    .sort((a, b) => a - b)
  return {
    n: ms.length,
    errors: samples.filter((s) => s.error).length,
    p50: round(pct(ms, 50)),
    p95: round(pct(ms, 95)),
    p99: round(pct(ms, 99)),
    mean: round(ms.reduce((a, b) => a + b, 0) / ms.length),
    queries_median: pct(q, 50),
    server_cpu_ms_median: round(pct(cpu, 50)),
  }
}

const round = (x, d = 2) =>
  Number.isFinite(x) ? Math.round(x * 10 ** d) / 10 ** d : null

function shuffle(a) {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[a[i], a[j]] = [a[j], a[i]]
  }
  return a
}

async function interleaved(kinds, rounds, carts) {
  const samples = Object.fromEntries(kinds.map((k) => [k, []]))
  const errors = []
  for (let i = 0; i < rounds; i++) {
    for (const kind of shuffle([...kinds])) {
      const s = await timed(kind, carts[kind][i])
      if (s.error && errors.length < 5) errors.push(`${kind}: ${s.error}`)
      samples[kind].push(s)
    }
  }
  for (const e of errors) log(`error: ${e}`)
  return samples
}

// ---------------------------------------------------------------- main

async function main() {
  const ports = {
    sandbox: await freePort(),
    medusa: await freePort(),
    probe: await freePort(),
  }
  const db = await throwawayDatabase(
    `paylink_bench_${process.pid}_${Date.now().toString(36)}`,
    PG_SERVER
  )
  const dbUrl = db.url
  log(`database ${db.name} (dropped at the end)`)
  // BENCH_KEEP_DATABASE=1 keeps it for a look after a failure.
  if (process.env.BENCH_KEEP_DATABASE !== "1") cleanups.push(db.drop)

  const sandbox = await startSandbox(ports.sandbox)
  cleanups.push(() => sandbox.close())
  log(`sandbox ${sandbox.url} (in this process, loopback, no added latency)`)

  const BASE = `http://127.0.0.1:${ports.medusa}`
  PROBE = `http://127.0.0.1:${ports.probe}`
  const env = productionEnv({
    DATABASE_URL: dbUrl,
    PAYLINK_BASE_URL: sandbox.url,
    MEDUSA_BACKEND_URL: BASE,
    STORE_CORS: "http://localhost:8000",
  })
  log("migrations (medusa db:migrate)")
  await runCommand("migrate", ["db:migrate"], env)
  log("seed (medusa exec bench/seed.ts)")
  const out = await runCommand("seed", ["exec", "./bench/seed.ts"], env)
  const line = out.split("\n").find((l) => l.startsWith("BENCH_SEED "))
  if (!line)
    throw new Error("the seed printed no BENCH_SEED line (bench/logs/seed.log)")
  SEED = JSON.parse(line.slice("BENCH_SEED ".length))
  API = storeApi(BASE, SEED.publishableKey)

  log("medusa start (NODE_ENV=production, admin disabled)")
  const serverEnv = {
    ...env,
    BENCH_PROBE_PORT: String(ports.probe),
    BENCH_QUERY_LOG: QUERY_LOG ? "1" : "0",
    NODE_OPTIONS: `--expose-gc -r ${path.join(__dirname, "server-probe.js")}`,
  }
  const server = await startServer(ports.medusa, serverEnv)
  cleanups.push(() => stopChild(server.child))
  const pid = server.child.pid
  log(`server pid ${pid}, port ${ports.medusa}`)
  await readyCart()
  if (!SEED.ruleId)
    SEED.ruleId = (await must("GET", "/store/benefits/rules")).rules[0].id

  // Warm-up: every route once or a few times, so module loading and JIT are not in the samples.
  log("warm-up")
  const warm = await readyCarts(30)
  for (let i = 0; i < warm.length; i++) {
    const kind = Object.keys(KINDS)[i % 5]
    const s = await timed(kind, warm[i])
    if (s.error) throw new Error(`warm-up ${kind}: ${s.error}`)
  }

  if (QUERY_LOG) {
    await probe("queries")
    for (const kind of Object.keys(KINDS)) {
      const [c] = await readyCarts(1)
      await probe("queries")
      await timed(kind, c)
      const { queries } = await probe("queries")
      console.log(`\n--- ${kind}: ${queries.length} queries`)
      for (const q of queries)
        console.log(`  ${String(q).replace(/\s+/g, " ").slice(0, 400)}`)
    }
  }

  // 1. Interleaved: sessions (A vs system), the plugin's route, benefit vs promotion code.
  const kinds = Object.keys(KINDS)
  log(`preparing ${SAMPLES * kinds.length} ready carts`)
  const carts = {}
  for (const k of kinds)
    carts[k] = await readyCarts(SAMPLES, {
      collection: k.startsWith("session"),
    })
  log(
    `interleaved: ${SAMPLES} rounds of ${kinds.length} kinds, random order in each round`
  )
  const samples = await interleaved(kinds, SAMPLES, carts)
  const stats = Object.fromEntries(kinds.map((k) => [k, summary(samples[k])]))

  // 2. Concurrency: 16 creations on 16 carts at once, 10 rounds; connections to the sandbox.
  log(
    `concurrency: ${CONCURRENT_ROUNDS} rounds of ${CONCURRENCY} creations on ${CONCURRENCY} carts`
  )
  const ccCarts = await readyCarts(CONCURRENCY * CONCURRENT_ROUNDS)
  const connBefore = sandbox.connectionsAccepted()
  let ccErrors = 0
  const ccErrorTexts = []
  const ccTimes = []
  for (let r = 0; r < CONCURRENT_ROUNDS; r++) {
    const batch = ccCarts.slice(r * CONCURRENCY, (r + 1) * CONCURRENCY)
    const start = performance.now()
    const results = await Promise.all(
      batch.map(async (c) => {
        const [method, p, body] = KINDS["session A"](c)
        const res = await call(method, p, body).catch((e) => ({
          status: 0,
          text: String(e),
          json: null,
        }))
        return check("session A", res)
      })
    )
    ccTimes.push(performance.now() - start)
    for (const e of results.filter(Boolean)) {
      ccErrors++
      if (ccErrorTexts.length < 3) ccErrorTexts.push(e)
    }
  }
  const concurrency = {
    rounds: CONCURRENT_ROUNDS,
    per_round: CONCURRENCY,
    errors: ccErrors,
    error_examples: ccErrorTexts,
    connections_opened: sandbox.connectionsAccepted() - connBefore,
    round_ms_p50: round(
      pct(
        [...ccTimes].sort((a, b) => a - b),
        50
      )
    ),
  }

  // 3. Memory: blocks of sessions of each provider, alternating, each between two readings taken
  // after an idle pause (8 s) and a full GC, after a settling block of each that is not counted. Carts are reused from a pool: the system provider replaces
  // the collection's session each time; gateway A alternates between its two providers so every
  // call makes a new link (and withdraws the one before) rather than handing back the live one.
  log(
    `memory: ${RSS_SESSIONS} sessions of each provider, in alternating blocks`
  )
  const pool = { A: await readyCarts(40), system: await readyCarts(40) }
  const blocks = RSS_SESSIONS >= 1000 ? 2 : 1
  const perBlock = Math.ceil(RSS_SESSIONS / blocks)
  // A longer pause than the agent's 4 s keep-alive, and a full GC, before each reading.
  const reading = async () => {
    await sleep(8000)
    return await probe("gc")
  }
  const growth = {
    A: { rss: 0, heapUsed: 0, sessions: 0, errors: 0 },
    system: { rss: 0, heapUsed: 0, sessions: 0, errors: 0 },
  }
  const lastA = new Map()
  const runBlock = async (who, count, counted = true) => {
    let next = 0
    const worker = async () => {
      while (next < count) {
        const i = next++
        const c = pool[who][i % pool[who].length]
        let provider = SYSTEM
        if (who === "A") {
          provider =
            lastA.get(c.cartId) === PROVIDER_A ? PROVIDER_A_MANUAL : PROVIDER_A
          lastA.set(c.cartId, provider)
        }
        const r = await call(
          "POST",
          `/store/payment-collections/${c.collectionId}/payment-sessions`,
          { provider_id: provider }
        ).catch((e) => ({ status: 0, text: String(e) }))
        if (!counted) continue
        if (r.status !== 200) {
          growth[who].errors++
          if (growth[who].errors <= 3)
            log(`memory ${who}: ${r.status} ${r.text.slice(0, 200)}`)
        }
        growth[who].sessions++
      }
    }
    await Promise.all(Array.from({ length: 4 }, worker))
  }
  // Not counted: a settling block of each provider, so the first reading is not the timed phases'
  // peak (a reading right after them was 785 MB, the next ones 466 to 501 MB).
  const settle = Math.max(50, Math.ceil(perBlock / 5))
  for (const who of ["A", "system"]) await runBlock(who, settle, false)
  const memStart = await reading()
  let before = memStart
  log(
    `memory: start (after ${settle} settling sessions of each): rss ${(memStart.rss / 2 ** 20).toFixed(1)} MB, heap ${(memStart.heapUsed / 2 ** 20).toFixed(1)} MB`
  )
  for (let b = 0; b < blocks; b++) {
    for (const who of ["A", "system"]) {
      await runBlock(who, perBlock)
      const after = await reading()
      growth[who].rss += after.rss - before.rss
      growth[who].heapUsed += after.heapUsed - before.heapUsed
      before = after
      log(
        `memory: ${who} block ${b + 1}: rss ${(after.rss / 2 ** 20).toFixed(1)} MB, heap ${(after.heapUsed / 2 ** 20).toFixed(1)} MB`
      )
    }
  }
  const MB = 2 ** 20
  const memory = {
    gc_forced: memStart.gc,
    rss_start_mb: round(memStart.rss / MB, 1),
    rss_end_mb: round(before.rss / MB, 1),
    A: {
      sessions: growth.A.sessions,
      errors: growth.A.errors,
      rss_mb_per_1000: round((growth.A.rss / MB) * (1000 / growth.A.sessions)),
      heap_mb_per_1000: round(
        (growth.A.heapUsed / MB) * (1000 / growth.A.sessions)
      ),
    },
    system: {
      sessions: growth.system.sessions,
      errors: growth.system.errors,
      rss_mb_per_1000: round(
        (growth.system.rss / MB) * (1000 / growth.system.sessions)
      ),
      heap_mb_per_1000: round(
        (growth.system.heapUsed / MB) * (1000 / growth.system.sessions)
      ),
    },
  }

  const ratio = (a, b, p) => round(stats[a][p] / stats[b][p])
  const ratios = {
    session_A_vs_system: {
      p50: ratio("session A", "session system", "p50"),
      p95: ratio("session A", "session system", "p95"),
      p99: ratio("session A", "session system", "p99"),
    },
    payment_link_vs_system_session: {
      p50: ratio("payment-link A", "session system", "p50"),
      p95: ratio("payment-link A", "session system", "p95"),
      p99: ratio("payment-link A", "session system", "p99"),
    },
    benefit_vs_promotion_code: {
      p50: ratio("benefit apply", "promotion code", "p50"),
      p95: ratio("benefit apply", "promotion code", "p95"),
    },
  }
  const targets = [
    [
      "session A / system, p50",
      ratios.session_A_vs_system.p50,
      "≤ 1.10",
      ratios.session_A_vs_system.p50 <= 1.1,
    ],
    [
      "session A / system, p95",
      ratios.session_A_vs_system.p95,
      "≤ 1.20",
      ratios.session_A_vs_system.p95 <= 1.2,
    ],
    [
      "benefit / promotion code, p50",
      ratios.benefit_vs_promotion_code.p50,
      "≤ 1.5",
      ratios.benefit_vs_promotion_code.p50 <= 1.5,
    ],
    [
      "16 concurrent x 10: errors",
      concurrency.errors,
      "0",
      concurrency.errors === 0,
    ],
    [
      "16 concurrent x 10: connections to the sandbox",
      concurrency.connections_opened,
      "≤ 16",
      concurrency.connections_opened <= 16,
    ],
    // Noise: RSS moves by a few MB between readings of an idle process (malloc arenas, JIT code).
    [
      "RSS growth per 1,000 sessions, A (MB)",
      memory.A.rss_mb_per_1000,
      "< 15 and ≤ system + 5",
      memory.A.rss_mb_per_1000 < 15 &&
        memory.A.rss_mb_per_1000 <=
          Math.max(memory.system.rss_mb_per_1000, 0) + 5,
    ],
    [
      "RSS growth per 1,000 sessions, system (MB)",
      memory.system.rss_mb_per_1000,
      "(reference)",
      true,
    ],
  ]

  const machine = {
    date: new Date().toISOString(),
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model,
    memory_gb: round(os.totalmem() / 2 ** 30, 1),
    loadavg_at_end: os.loadavg().map((x) => round(x)),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
    medusa: require(
      require.resolve("@medusajs/medusa/package.json", { paths: [REPO] })
    ).version,
    postgres: await withPg(
      databaseUrl(PG_SERVER, "postgres"),
      async (c) => (await c.query("show server_version")).rows[0].server_version
    ),
  }
  const results = {
    command: `npm run bench${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
    machine,
    setup: {
      node_env: "production",
      samples_per_kind: SAMPLES,
      order:
        "interleaved, random order within each round, one fresh ready cart per request",
      sandbox: "in the bench process, 127.0.0.1, no added latency",
      rss_sessions_per_provider: RSS_SESSIONS,
    },
    latency_ms: stats,
    ratios,
    concurrency,
    memory,
    sandbox_connections_whole_run: sandbox.connectionsAccepted(),
    targets: targets.map(([name, value, target, met]) => ({
      name,
      value,
      target,
      met,
    })),
  }
  fs.writeFileSync(OUT, JSON.stringify(results, null, 2) + "\n")

  // The table.
  const pad = (s, n) => String(s).padEnd(n)
  const padl = (s, n) => String(s).padStart(n)
  console.log("")
  console.log(
    `${pad("request (ms)", 36)}${padl("n", 5)}${padl("p50", 9)}${padl("p95", 9)}${padl("p99", 9)}${padl("SQL", 6)}${padl("CPU", 7)}${padl("err", 5)}`
  )
  for (const k of kinds) {
    const s = stats[k]
    const label = {
      "session A": "payment-sessions, gateway A",
      "session system": "payment-sessions, pp_system_default",
      "payment-link A": "payment-link route, gateway A",
      "benefit apply": "benefit apply",
      "promotion code": "promotion code apply",
    }[k]
    console.log(
      `${pad(label, 36)}${padl(s.n, 5)}${padl(s.p50.toFixed(1), 9)}${padl(s.p95.toFixed(1), 9)}${padl(s.p99.toFixed(1), 9)}${padl(s.queries_median, 6)}${padl(s.server_cpu_ms_median.toFixed(1), 7)}${padl(s.errors, 5)}`
    )
  }
  console.log("")
  console.log(
    `${pad("ratio", 40)}${padl("p50", 7)}${padl("p95", 7)}${padl("p99", 7)}`
  )
  console.log(
    `${pad("session A / system", 40)}${padl(ratios.session_A_vs_system.p50, 7)}${padl(ratios.session_A_vs_system.p95, 7)}${padl(ratios.session_A_vs_system.p99, 7)}`
  )
  console.log(
    `${pad("payment-link route / system session", 40)}${padl(ratios.payment_link_vs_system_session.p50, 7)}${padl(ratios.payment_link_vs_system_session.p95, 7)}${padl(ratios.payment_link_vs_system_session.p99, 7)}`
  )
  console.log(
    `${pad("benefit / promotion code", 40)}${padl(ratios.benefit_vs_promotion_code.p50, 7)}${padl(ratios.benefit_vs_promotion_code.p95, 7)}`
  )
  console.log("")
  for (const [name, value, target, met] of targets)
    console.log(
      `${met ? "met   " : "MISSED"}  ${pad(name, 48)}${padl(value, 8)}  target ${target}`
    )
  console.log("")
  console.log(
    `machine: ${machine.cpus} cpus (${machine.cpu_model}), node ${machine.node}, PostgreSQL ${machine.postgres}, Medusa ${machine.medusa}, load ${machine.loadavg_at_end.join(" ")}`
  )
  console.log(`written: ${path.relative(process.cwd(), OUT)}`)
}

async function cleanup() {
  if (current) await stopChild(current)
  while (cleanups.length) {
    try {
      await cleanups.pop()()
    } catch (e) {
      console.error(`cleanup: ${e.message}`)
    }
  }
}

let stopping = false
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, async () => {
    if (stopping) return
    stopping = true
    await cleanup()
    process.exit(130)
  })
}

main()
  .then(async () => {
    await cleanup()
    log("done")
    process.exit(0)
  })
  .catch(async (e) => {
    console.error(`bench failed: ${e.stack || e.message}`)
    await cleanup()
    process.exit(1)
  })
