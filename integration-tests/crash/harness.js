"use strict"
/**
 * What the crash tests share (run.js: the return flow; reconcile.js: reconciliation): a throwaway
 * database migrated and seeded (integration-tests/cluster/seed.ts: the store and an admin's token),
 * the sandbox in this process, `medusa start` boots paused at a named point (src/lib/testing/crash-point.ts)
 * and killed with SIGKILL of their process group, the checks printed with their figures, and the
 * summary and exit code. Every run has its own database, port, log directory and pause file.
 */
const crypto = require("node:crypto")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const axios = require("axios")
const {
  databaseUrl,
  throwawayDatabase,
  withPg,
} = require("../../demo/lib/throwaway-db")
const { freePort } = require("../../demo/lib/ports")
const { runCommand: runMedusa, startServer } = require("../../demo/lib/medusa")
const { loadSandboxSource } = require("../../demo/lib/sandbox")

/** The caller's environment must not pace or pause a boot unless the test says so. */
const TEST_KNOBS = [
  "PAYLINK_REDIS_URL",
  "PAYLINK_TEST_PAUSE_AT",
  "PAYLINK_TEST_PAUSE_MS",
  "PAYLINK_STRANDED_AFTER_MS",
  "PAYLINK_STRANDED_INTERVAL_MS",
  "PAYLINK_EXPIRY_INTERVAL_MS",
  "PAYLINK_UNANSWERED_AFTER_MS",
  "PAYLINK_STALE_READ_AFTER_MS",
  "PAYLINK_RESUME_READS_INTERVAL_MS",
  "PAYLINK_STALE_APPLY_AFTER_MS",
  "PAYLINK_TEST_TOKEN_INTERVAL_MS",
  "PAYLINK_RENEWAL_ORDERS_INTERVAL_MS",
]

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

function expect(cond, message) {
  if (!cond) throw new Error(message)
}

/** One crash run; `tag` names its database, logs and log lines. */
function crashRun(tag) {
  const T0 = Date.now()
  const RUN_ID = `${Date.now().toString(36)}${crypto.randomBytes(3).toString("hex")}`
  const SERVER_URL = process.env.CRASH_DATABASE_URL
  const DB_NAME = `paylink_${tag}_${RUN_ID}`
  const DATABASE_URL = databaseUrl(SERVER_URL, DB_NAME)
  const LOGS = fs.mkdtempSync(
    path.join(os.tmpdir(), `paylink-${tag}-${RUN_ID}-`)
  )
  const PAUSE_FILE = path.join(LOGS, "paused-at")

  const log = (msg) =>
    console.log(
      `[${tag} ${((Date.now() - T0) / 1000).toFixed(1).padStart(6)}s] ${msg}`
    )
  const sqlOn = (url) => (text, params) =>
    withPg(url, (c) => c.query(text, params)).then((r) => r.rows)
  const sql = sqlOn(DATABASE_URL)
  const results = []
  const cleanups = []
  let server = null
  let base = null
  let port = null
  let boots = 0

  async function until(what, fn, timeoutMs = 60_000) {
    const end = Date.now() + timeoutMs
    let last
    while (Date.now() < end) {
      last = await fn()
      if (last) return last
      await sleep(250)
    }
    throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`)
  }

  const pausedAt = () =>
    fs.existsSync(PAUSE_FILE)
      ? fs.readFileSync(PAUSE_FILE, "utf8").split("\n").filter(Boolean)
      : []

  /** SIGKILL of the server's whole process group: no handler, no compensation, no graceful close. */
  async function kill() {
    if (!server) return
    const { child } = server
    server = null
    if (child.exitCode !== null || child.signalCode !== null) return
    const gone = new Promise((r) => child.once("exit", r))
    process.kill(-child.pid, "SIGKILL")
    await gone
  }
  cleanups.push(kill)

  /** The sandbox, the database migrated and seeded; answers { sandbox, seed, store, admin } (axios, never throwing on a status). */
  async function setUp() {
    const { createSandbox } = loadSandboxSource("index")
    const sandbox = await createSandbox({ port: 0, host: "127.0.0.1" })
    cleanups.push(() => sandbox.close())
    const db = await throwawayDatabase(DB_NAME, SERVER_URL)
    cleanups.push(() => db.drop())
    port = await freePort()
    base = {
      ...process.env,
      NODE_ENV: "production",
      MEDUSA_DISABLE_TELEMETRY: "true",
      PAYLINK_ADMIN: "false",
      DATABASE_URL,
      PAYLINK_BASE_URL: sandbox.url,
      PAYLINK_TIMEOUT_MS: "5000",
      MEDUSA_BACKEND_URL: `http://localhost:${port}`,
      JWT_SECRET: crypto.randomBytes(24).toString("hex"),
      COOKIE_SECRET: crypto.randomBytes(24).toString("hex"),
    }
    delete base.NODE_OPTIONS
    for (const k of TEST_KNOBS) delete base[k]
    const command = (name, args) =>
      runMedusa(name, args, base, "read the log", undefined, { logDir: LOGS })
    await command("migrate", ["db:migrate"])
    const seedOut = await command("seed", [
      "exec",
      "./integration-tests/cluster/seed.ts",
    ])
    const line = seedOut.split("\n").find((l) => l.includes("CLUSTER_SEED "))
    expect(line, "the seed printed no CLUSTER_SEED line")
    const seed = JSON.parse(
      line.slice(line.indexOf("CLUSTER_SEED ") + "CLUSTER_SEED ".length)
    )
    const client = (headers) =>
      axios.create({
        baseURL: `http://localhost:${port}`,
        headers,
        validateStatus: () => true,
        maxRedirects: 0,
      })
    return {
      sandbox,
      seed,
      store: client({ "x-publishable-api-key": seed.publishableKey }),
      admin: client({ authorization: seed.adminAuthorization }),
    }
  }

  /** `medusa start` on the run's port with `env` over the base (a pause point, the jobs' pace, another DATABASE_URL). */
  async function boot(label, env = {}) {
    const started = Date.now()
    fs.rmSync(PAUSE_FILE, { force: true })
    server = await startServer(
      port,
      { ...base, PAYLINK_TEST_PAUSE_FILE: PAUSE_FILE, ...env },
      { name: `boot-${++boots}`, logDir: LOGS, timeoutMs: 300_000 }
    )
    log(`boot ${boots} (${label}) ready in ${Date.now() - started} ms`)
  }

  async function check(name, fn) {
    try {
      const figures = await fn()
      results.push({ name, ok: true, figures })
      log(`PASS ${name}: ${figures}`)
    } catch (e) {
      results.push({ name, ok: false, figures: e.message })
      log(`FAIL ${name}: ${e.stack || e.message}`)
    }
  }

  /**
   * An export uploaded through the admin route and its reconciliation created with the suggested
   * mapping: the reconciliation's id. `admin` answers every status (setUp's client).
   */
  async function startReconciliation(admin, { gateway, name, file }) {
    const ok = (res, what) => {
      expect(
        res.status < 300,
        `${what}: ${res.status} ${JSON.stringify(res.data).slice(0, 400)}`
      )
      return res.data
    }
    const { upload } = ok(
      await admin.post(
        `/admin/paylink/reconciliations/uploads?gateway=${gateway}&file_name=${name}`,
        file,
        { headers: { "content-type": "text/csv" }, maxBodyLength: Infinity }
      ),
      "upload"
    )
    // The local file provider keeps it in the app's private-uploads/ (medusa-config.ts, git-ignored): not left behind.
    cleanups.push(() =>
      fs.rmSync(
        path.join(
          __dirname,
          "../../private-uploads",
          path.basename(upload.file_key)
        ),
        { force: true }
      )
    )
    const { reconciliation } = ok(
      await admin.post("/admin/paylink/reconciliations", {
        gateway,
        file_key: upload.file_key,
        file_name: name,
        mapping: upload.suggested_mapping,
      }),
      "create"
    )
    return reconciliation.id
  }

  /** An error that stopped the run: a failure of its own. */
  function fail(e) {
    log(`ERROR ${e.stack || e.message}`)
    results.push({ name: "run", ok: false, figures: e.message })
  }

  /** Cleans up, prints every check with its figures, sets the exit code; fewer than `expected` checks is a failure. */
  async function finish(title, expected) {
    for (const fn of cleanups.reverse())
      await Promise.resolve()
        .then(fn)
        .catch((e) => log(`cleanup: ${e.message}`))
    const failed = results.filter((r) => !r.ok).length
    console.log(`\n${title}, ${((Date.now() - T0) / 1000).toFixed(1)} s:`)
    for (const r of results)
      console.log(
        `  ${r.ok ? "PASS" : "FAIL"}  ${r.name}\n        ${r.figures}`
      )
    console.log(`${results.length - failed} passed, ${failed} failed`)
    if (failed || results.length < expected) {
      console.log(`FAILED (logs kept in ${LOGS})`)
      process.exitCode = 1
    } else if (process.env.CRASH_KEEP_LOGS) console.log(`logs: ${LOGS}`)
    else fs.rmSync(LOGS, { recursive: true, force: true })
  }

  return {
    RUN_ID,
    DB_NAME,
    DATABASE_URL,
    SERVER_URL,
    LOGS,
    log,
    sql,
    sqlOn,
    until,
    pausedAt,
    kill,
    setUp,
    boot,
    check,
    startReconciliation,
    fail,
    finish,
    cleanups,
  }
}

/** Runs `main` and exits with its code (a server left behind would keep this process alive). */
function exitWith(main) {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (e) => {
      console.error(e)
      process.exit(1)
    }
  )
}

module.exports = { crashRun, exitWith, expect, sleep }
