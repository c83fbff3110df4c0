#!/usr/bin/env node
"use strict"
/**
 * `npm run demo`: a clickable Guatemalan store on this machine, from one command.
 *
 *   database (DATABASE_URL, else localhost:5432, else embedded) -> sandbox on a free port ->
 *   admin build (cached) and migrations side by side -> seed once -> Medusa (`medusa start`) ->
 *   the plugin's storefront entry compiled (cached) -> storefront -> one block with the URLs and
 *   the admin login.
 *
 * `npm run demo -- --reset` drops the demo database and seeds again; `-- --migrate` runs Medusa's
 * migrations even when nothing changed since the last ones (demo/lib/migrations.js).
 * Ctrl-C stops what this started. A failed step prints what failed and how to fix it, and exits 1.
 *
 * A restart keeps what the first run handed out: the same ports (DEMO_STORE_PORT, DEMO_MEDUSA_PORT,
 * DEMO_SANDBOX_PORT when set; else the last run's, kept in .demo/<database>/ports.json, when free;
 * else free ones, said), so open links and the admin's sign-in (a JWT the browser keeps per
 * address, demo/lib/admin-build.js) still work; the sandbox's checkouts, payments and discounts
 * (.demo/<database>/sandbox.json), so earlier purchases are paid, exported and reconciled; and the
 * migrated database (db:migrate runs only when the code that defines migrations changed).
 *
 * Safe to point at the real service, always: its secrets (return-link signing, Medusa's JWT and
 * cookie secrets, the encryption key, the admin password, the embedded database's password) are
 * made for this install in .demo/secrets.json (demo/lib/secrets.js), every server listens on
 * loopback only, and the store offers no payment provider that places an order without a payment.
 */
const fs = require("node:fs")
const path = require("node:path")
const { buildAdmin } = require("./lib/admin-build")
const { ADMIN_EMAIL } = require("./lib/constants")
const { chooseDatabase, demoDatabaseName, readSeed } = require("./lib/database")
const { DemoError } = require("./lib/errors")
const {
  medusaEnv,
  runCommand,
  startServer,
  stopChild,
} = require("./lib/medusa")
const {
  migrationsFingerprint,
  migrationsPending,
  recordMigrated,
} = require("./lib/migrations")
const { choosePorts } = require("./lib/ports")
const { loadSecrets, secretsEnv } = require("./lib/secrets")
const { startSandbox } = require("./lib/sandbox")
const { loadStorefrontEntry } = require("./lib/storefront-entry")
const { startStorefront } = require("./storefront/server")

const REPO = path.resolve(__dirname, "..")
const RESET = process.argv.includes("--reset")
const FORCE_MIGRATE = process.argv.includes("--migrate")
const REAL_SERVICE = process.env.PAYLINK_BASE_URL || ""
const started = Date.now()
const secs = (ms) => `${(ms / 1000).toFixed(1)}s`
const log = (msg) =>
  console.log(`[demo ${secs(Date.now() - started).padStart(6)}] ${msg}`)

// What is running, stopped in reverse order on exit.
const cleanups = []
let current = null // a one-shot medusa command under way
let stopping = false

async function step(name, fn) {
  const t = Date.now()
  log(`${name}...`)
  try {
    const result = await fn()
    log(`${name}: done in ${secs(Date.now() - t)}`)
    return result
  } catch (e) {
    if (e instanceof DemoError) e.step = name
    throw e
  }
}

/** Medusa serves <repo>/static at /static: the product images' home (see demo/seed.ts). */
function publishImages() {
  const dest = path.join(REPO, "static", "demo")
  fs.mkdirSync(dest, { recursive: true })
  for (const f of fs.readdirSync(path.join(__dirname, "images")))
    fs.copyFileSync(path.join(__dirname, "images", f), path.join(dest, f))
}

async function main() {
  const {
    secrets,
    created: secretsCreated,
    added,
    file: secretsFile,
  } = loadSecrets()
  const secretsPath = path.relative(REPO, secretsFile)
  log(
    secretsCreated
      ? `secrets: made for this install in ${secretsPath} (mode 0600)`
      : `secrets: ${secretsPath}${added.length ? ` (added ${added.join(", ")})` : ""}`
  )

  // What is kept beside this database between runs.
  const keep = path.join(REPO, ".demo", demoDatabaseName())
  const {
    ports,
    notes: portNotes,
    reused,
  } = await choosePorts(path.join(keep, "ports.json"))
  for (const note of portNotes) log(`ports: ${note}`)
  if (reused.length) log(`ports: the last run's for the ${reused.join(", ")}`)
  const urls = {
    store: `http://localhost:${ports.store}`,
    medusa: `http://localhost:${ports.medusa}`,
  }

  const db = await step(
    RESET ? "database (--reset: dropping the demo database)" : "database",
    () =>
      chooseDatabase({
        reset: RESET,
        log,
        embeddedPassword: secrets.databasePassword,
      })
  )
  if (db.stop) cleanups.push(() => db.stop())
  log(`database: ${db.label}`)

  const sandboxState = path.join(keep, "sandbox.json")
  // The checkouts of a dropped store name carts and orders that are gone.
  if (RESET) fs.rmSync(sandboxState, { force: true })
  const sandbox = await step("sandbox", () =>
    startSandbox(ports.sandbox, { stateFile: sandboxState })
  )
  if (sandbox.checkouts.size)
    log(
      `sandbox: ${sandbox.checkouts.size} checkouts of earlier runs (${path.relative(REPO, sandboxState)})`
    )
  cleanups.push(() => sandbox.close())

  const env = medusaEnv({
    DATABASE_URL: db.url,
    // The real service when PAYLINK_BASE_URL names it (tokens in PAYLINK_TOKEN_A/B/C), else the sandbox.
    PAYLINK_BASE_URL: REAL_SERVICE || sandbox.url,
    // The plugin's clockSkewMinutes and renewalGapMinutes: a subscription link's row counts as a
    // renewal only when dated more than both after the customer's return (by default 10 minutes and
    // half a period). The sandbox runs here, on this machine's clock, and dates a renewal charged
    // early at its now: 0 and 0, so a renewal charged a minute after the first payment is one. The
    // real service's clock and calendar are its own: the plugin's defaults then.
    ...(REAL_SERVICE
      ? {}
      : { PAYLINK_CLOCK_SKEW_MINUTES: "0", PAYLINK_RENEWAL_GAP_MINUTES: "0" }),
    // The names medusa-config.ts reads: a .env made from .env.example (MEDUSA_BACKEND_URL=
    // http://localhost:9000) must not send the demo's returns to a port it does not listen on.
    MEDUSA_BACKEND_URL: urls.medusa,
    STOREFRONT_URL: urls.store,
    PAYLINK_ADMIN: "true",
    STORE_CORS: urls.store,
    ADMIN_CORS: urls.medusa,
    AUTH_CORS: `${urls.store},${urls.medusa}`,
    // The install's, never the development defaults of medusa-config.ts (public in the repository).
    ...secretsEnv(secrets),
  })
  const track = (child) => (current = child)

  // The admin build (Vite, in this process) and the migrations (a child) overlap: the first run's
  // two slowest steps. Migrations run only when some may be pending (demo/lib/migrations.js).
  const fingerprint = migrationsFingerprint(env)
  const migrations = FORCE_MIGRATE
    ? { pending: true, reason: "--migrate" }
    : await migrationsPending(db.url, fingerprint)
  const [admin] = await Promise.all([
    step("admin build", () => buildAdmin()).then((r) => {
      if (!r.built)
        log("admin build: reused public/admin (src/admin unchanged)")
      return r
    }),
    migrations.pending
      ? step(`migrations (medusa db:migrate: ${migrations.reason})`, () =>
          runCommand(
            "migrate",
            ["db:migrate"],
            env,
            "read the log; `npm run demo -- --reset` starts from an empty database",
            track
          )
        ).then(() => recordMigrated(db.url, fingerprint))
      : log(
          `migrations: none pending (${migrations.reason}; \`npm run demo -- --migrate\` runs them anyway)`
        ),
  ])
  publishImages()

  let seed = await readSeed(db.url)
  if (seed && seed.installId !== secrets.installId) {
    // Its admin password and the program credentials it keeps sealed are not this install's.
    throw new DemoError(
      `the demo database was seeded ${seed.installId ? "with other secrets than" : "before"} ${secretsPath}`,
      "`npm run demo -- --reset` seeds it again with this install's secrets"
    )
  }
  if (!seed) {
    // Only the seed needs the admin password, to register the user.
    const seedEnv = {
      ...env,
      DEMO_ADMIN_PASSWORD: secrets.adminPassword,
      DEMO_INSTALL_ID: secrets.installId,
    }
    const out = await step("seeding the store (medusa exec demo/seed.ts)", () =>
      runCommand(
        "seed",
        ["exec", "./demo/seed.ts"],
        seedEnv,
        "`npm run demo -- --reset` drops the half-seeded database and seeds again",
        track
      )
    )
    const line = out.split("\n").find((l) => l.startsWith("DEMO_SEED "))
    if (!line)
      throw new DemoError(
        "the seed printed no DEMO_SEED line (see .demo/logs/seed.log)",
        "`npm run demo -- --reset`"
      )
    seed = JSON.parse(line.slice("DEMO_SEED ".length))
  } else {
    log(
      "store already seeded: reusing it (`npm run demo -- --reset` starts over)"
    )
  }

  const medusa = await step("Medusa server (medusa start)", () =>
    startServer(ports.medusa, env)
  )
  cleanups.push(() => medusa.stop())

  const paylink = await step(
    "storefront entry (medusa-plugin-paylink/storefront)",
    () => {
      const r = loadStorefrontEntry()
      if (!r.built)
        log(
          "storefront entry: reused .demo/storefront-entry (src/storefront unchanged)"
        )
      return r.entry
    }
  )
  const store = await step("storefront", () =>
    // Server to server on the address Medusa listens on, whatever "localhost" resolves to first.
    startStorefront({
      port: ports.store,
      medusaUrl: `http://127.0.0.1:${ports.medusa}`,
      publishableKey: seed.publishableKey,
      paylink,
    })
  )
  cleanups.push(() => store.close())

  const readyMs = Date.now() - started
  const line = "─".repeat(72)
  console.log(
    [
      "",
      line,
      `  Paylink demo is running (ready in ${secs(readyMs)}${admin.built ? `, admin built in ${secs(admin.ms)}` : ""})`,
      "",
      `  Storefront   ${urls.store}`,
      `  Admin        ${urls.medusa}/app`,
      // The password is shown once, when it is made; afterwards the file says it.
      secretsCreated
        ? `               e-mail ${ADMIN_EMAIL}   password ${secrets.adminPassword}\n               (shown this once; kept in ${secretsPath} as "adminPassword")`
        : `               e-mail ${ADMIN_EMAIL}   password: "adminPassword" in ${secretsPath}`,
      REAL_SERVICE
        ? `  Service      ${REAL_SERVICE}   (PAYLINK_BASE_URL; the sandbox at ${sandbox.url} is not used)`
        : `  Sandbox      ${sandbox.url}   (its checkouts, each with its Pay / Cancel page, and fault switches)`,
      `  Database     ${db.label}`,
      "",
      "  Loyalty card for the discount: any 8 to 19 digits, e.g. 6011 0000 1234 5678",
      `  Listening on 127.0.0.1 only. Logs in .demo/logs. Ctrl-C stops everything the demo started.`,
      line,
      "",
    ].join("\n")
  )
  // For the browser test and other tools driving the demo: one machine-readable line (no secret
  // in it: the admin password is read from the secrets file).
  console.log(
    `DEMO_READY ${JSON.stringify({ storefront: urls.store, admin: `${urls.medusa}/app`, backend: urls.medusa, sandbox: sandbox.url, publishableKey: seed.publishableKey, email: ADMIN_EMAIL, secretsFile, readyMs, migrated: migrations.pending, sandboxCheckouts: sandbox.checkouts.size })}`
  )
}

async function shutdown(code) {
  if (stopping) return
  stopping = true
  if (current) await stopChild(current)
  while (cleanups.length) {
    const fn = cleanups.pop()
    await Promise.resolve()
      .then(fn)
      .catch((e) => console.error(`[demo] while stopping: ${e.message}`))
  }
  process.exit(code)
}

process.on("SIGINT", () => {
  log("stopping...")
  shutdown(0)
})
process.on("SIGTERM", () => shutdown(0))

main().catch((e) => {
  if (e instanceof DemoError) {
    console.error(
      `\n[demo] FAILED${e.step ? ` at "${e.step}"` : ""}: ${e.message}\n[demo] How to fix: ${e.fix}\n`
    )
  } else {
    console.error("\n[demo] FAILED:", e)
  }
  shutdown(1)
})
