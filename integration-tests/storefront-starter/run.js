#!/usr/bin/env node
"use strict"
/**
 * Medusa's official Next.js storefront against the plugin (`npm run test:starter -- <dtc-starter>`):
 * a guest's purchases on Medusa's own storefront (medusajs/dtc-starter, apps/storefront), the
 * plugin installed from its packed tarball in a stock Medusa app, as a merchant would.
 *
 *   1. the plugin built and packed (or --tarball <file>);
 *   2. a stock Medusa app in a temporary directory with the tarball installed (the pieces of
 *      integration-tests/versions/run.js, in ../helpers/stock-app.js), a throwaway database,
 *      `medusa db:migrate`, seed-store.ts (regions GT and SV, shipping, a product, a publishable
 *      key), the package's own sandbox, `medusa start`;
 *   3. the checkout's storefront copied (the checkout is never written to) and the integration
 *      applied by the package's own command, `paylink-storefront add`, run from the app (kit.js:
 *      a hand-edited copy refused with nothing changed, the add, a second add "already applied"),
 *      @babel/core pinned, `npm install`, the same tarball installed in it, `next build` and
 *      `next start` against that backend;
 *   4. the flows of shopper.js in headless Chromium: a purchase per gateway, one in the second
 *      region, subscription goods, a loyalty card, cancel or leave each gateway's page and pay
 *      again, a gateway error, in English and Spanish; each step checked and screenshotted at 1280 px.
 *
 * The storefront's own backend (apps/backend) is not used: the stock app is what a merchant who
 * installs the plugin has, and the storefront only needs a backend URL and a publishable key. The
 * app's orderConfirmedUrl and paymentStepUrl are the ones README's recipe gives (STARTER_PATHS).
 *
 * Usage: node integration-tests/storefront-starter/run.js <dtc-starter checkout> [patch]
 *   patch: default: none, the integration is applied by `paylink-storefront add`; or a `git diff`
 *          made in the checkout; `baseline`: baseline.patch beside this file, the least change that
 *          lets the stock storefront send a customer to pay; `none`: the stock files.
 *   --tarball <file>   use a packed tarball instead of building and packing
 *   --only <flow,...>  run only these flows (shopper.js `flows`: pay-a, loyalty, leave-b, …)
 *   --keep             keep the work directory (app, storefront, logs) and the database
 *   --work <dir>       work in <dir> and keep it; a later run with the same <dir> reuses its installed
 *                      app (the tarball is installed again) and, when the patched package.json is
 *                      the same, the storefront's node_modules: from ~8 min of installs to ~30 s
 * Screenshots go to PAYLINK_STARTER_SCREENSHOTS or a new /tmp/paylink-starter-shots-* directory.
 * Needs the npm registry (both installs), PostgreSQL (STARTER_DATABASE_URL, default
 * postgres://postgres@localhost:5432) and Chromium at /usr/bin/chromium (PAYLINK_CHROMIUM).
 * Exits 1 when any check failed; the table at the end says which, with what the page showed.
 */
const crypto = require("node:crypto")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { throwawayDatabase } = require("../../demo/lib/throwaway-db")
const { freePort } = require("../../demo/lib/ports")
const { runCommand, startServer } = require("../../demo/lib/medusa")
const app = require("../helpers/stock-app")
const storefront = require("./storefront")
const { runFlows, flows } = require("./shopper")
const { applyWithCommand } = require("./kit")

const { Failure, check, PKG } = app
const T0 = Date.now()
const CHROMIUM = process.env.PAYLINK_CHROMIUM || "/usr/bin/chromium"
const MEDUSA_VERSION = PKG.devDependencies["@medusajs/medusa"]
const DEFAULT_REGION = "gt"
/** The plugin's options for Medusa's Next.js storefront, as README's dtc-starter recipe gives them. */
const STARTER_PATHS = {
  orderConfirmed: "/{country_code}/order/{order_id}/confirmed",
  paymentStep: "/{country_code}/checkout?step=payment&cart_id={cart_id}",
}

const secs = (ms) => `${(ms / 1000).toFixed(1)}s`
const log = (msg) =>
  console.log(`[starter ${secs(Date.now() - T0).padStart(7)}] ${msg}`)

function parseArgs(argv) {
  const opts = {
    keep: false,
    tarball: null,
    work: null,
    only: [],
    positional: [],
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === "--keep") opts.keep = true
    else if (a === "--tarball") opts.tarball = path.resolve(argv[++i] || "")
    else if (a === "--work") opts.work = path.resolve(argv[++i] || "")
    else if (a === "--only")
      opts.only = (argv[++i] || "").split(",").filter(Boolean)
    else if (a.startsWith("--")) throw new Failure(`unknown option ${a}`)
    else opts.positional.push(a)
  }
  const [checkout, patch] = opts.positional
  check(
    checkout,
    "usage: npm run test:starter -- <path of a medusajs/dtc-starter checkout> [patch | none]"
  )
  opts.checkout = path.resolve(checkout)
  opts.command = !patch
  opts.patch =
    !patch || patch === "none"
      ? null
      : path.resolve(
          patch === "baseline" ? path.join(__dirname, "baseline.patch") : patch
        )
  if (opts.patch)
    check(fs.existsSync(opts.patch), `patch ${opts.patch}: no such file`)
  const names = flows().map((f) => f.name)
  for (const n of opts.only)
    check(names.includes(n), `--only ${n}: not a flow (${names.join(", ")})`)
  return opts
}

async function main() {
  const opts = parseArgs(process.argv.slice(2))
  const sourceDir = storefront.storefrontOf(opts.checkout)
  check(
    fs.existsSync(CHROMIUM),
    `Chromium not found at ${CHROMIUM} (set PAYLINK_CHROMIUM)`
  )
  const { chromium } = require("playwright-core")
  const work =
    opts.work || fs.mkdtempSync(path.join(os.tmpdir(), "paylink-starter-"))
  fs.mkdirSync(work, { recursive: true })
  const shotDir =
    process.env.PAYLINK_STARTER_SCREENSHOTS ||
    fs.mkdtempSync(path.join(os.tmpdir(), "paylink-starter-shots-"))
  const appDir = path.join(work, "app")
  const logDir = path.join(work, "logs")
  const phases = []
  const phase = async (name, fn) => {
    const t = Date.now()
    log(`${name}...`)
    const out = await fn()
    phases.push([name, Date.now() - t])
    return out
  }
  let db = null
  let sandbox = null
  let server = null
  let next = null
  let pool = null
  log(
    `storefront ${sourceDir}, ${opts.command ? "applied by paylink-storefront add" : `patch ${opts.patch ? path.relative(process.cwd(), opts.patch) : "none (stock)"}`}, Medusa ${MEDUSA_VERSION}, work ${work}`
  )
  try {
    const tgz = await phase("build and pack the plugin", () =>
      app.packedTarball(work, opts.tarball)
    )

    // The backend: a stock app with the tarball.
    const installed = fs.existsSync(
      path.join(appDir, "node_modules", "@medusajs", "medusa", "package.json")
    )
    app.writeApp(
      appDir,
      MEDUSA_VERSION,
      {
        "seed-starter-store.ts": fs
          .readFileSync(path.join(__dirname, "seed-store.ts"), "utf8")
          .replace('"../../demo/lib/shipping-set-up"', '"./shipping-set-up"'),
        "shipping-set-up.ts": fs.readFileSync(
          path.join(__dirname, "..", "..", "demo", "lib", "shipping-set-up.ts"),
          "utf8"
        ),
      },
      STARTER_PATHS,
      { subscription: true }
    )
    if (installed) log(`reusing the app installed in ${appDir}`)
    else
      await phase("install the stock Medusa app", () =>
        app.npmInstall(appDir, [], "app")
      )
    await phase("install the plugin's tarball", () =>
      app.npmInstall(appDir, [tgz], "plugin")
    )
    app.checkOneMedusa(appDir, MEDUSA_VERSION)

    // The storefront's files: copied, patched, installed (needs nothing from the backend yet).
    const sfDir = await phase("copy the storefront", () =>
      storefront.copyAndPatch(opts.checkout, work, opts.patch)
    )
    const commandChecks = []
    if (opts.command) {
      const applied = await phase(
        "apply the integration (paylink-storefront add)",
        () => applyWithCommand({ appDir, sfDir, work, tarball: tgz })
      )
      commandChecks.push(...applied.checks)
      console.log(applied.output.trimEnd())
      if (!commandChecks.every((c) => c.ok)) {
        report(commandChecks, [], phases, "(none)")
        return false
      }
    }
    storefront.pinBabel(sfDir)
    const ran = await phase("install the storefront (npm install)", () =>
      storefront.install(sfDir)
    )
    if (!ran) log("reused the storefront's node_modules (same package.json)")
    // The recipe imports medusa-plugin-paylink/storefront: this branch's tarball, every run.
    await phase("install the plugin's tarball in the storefront", () =>
      storefront.installPlugin(sfDir, tgz)
    )

    const [sandboxPort, port, sfPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
    ]
    const storefrontUrl = `http://localhost:${sfPort}`
    db = await throwawayDatabase(
      `paylink_starter_${Date.now().toString(36)}${crypto.randomBytes(3).toString("hex")}`,
      process.env.STARTER_DATABASE_URL
    )
    const env = app.appEnv({
      databaseUrl: db.url,
      sandboxPort,
      port,
      storefrontUrl,
    })
    const medusa = {
      logDir,
      cwd: appDir,
      cli: path.join(appDir, "node_modules", "@medusajs", "cli", "cli.js"),
    }
    const fix = `read the logs in ${logDir}`
    await phase("migrate the database", () =>
      runCommand("migrate", ["db:migrate"], env, fix, null, medusa)
    )
    // The seed saves the loyalty program's credentials, which calls the program's setup.
    sandbox = await app.startInstalledSandbox(appDir, {
      port: sandboxPort,
      host: "127.0.0.1",
    })
    const seedLog = await phase("seed the store", () =>
      runCommand(
        "seed",
        ["exec", "./src/scripts/seed-starter-store.ts"],
        env,
        fix,
        null,
        medusa
      )
    )
    const seed = app.seedOutput(seedLog, "STARTER_SEED", `${logDir}/seed.log`)
    server = await phase("boot the backend (medusa start)", () =>
      startServer(port, env, { timeoutMs: 300_000, name: "medusa", ...medusa })
    )
    log(`backend http://localhost:${port}, sandbox ${sandbox.url}`)

    const sfEnv = storefront.storefrontEnv({
      backendUrl: `http://localhost:${port}`,
      publishableKey: seed.publishableKey,
      defaultRegion: DEFAULT_REGION,
      port: sfPort,
    })
    await phase("build the storefront (next build)", () =>
      storefront.build(sfDir, sfEnv)
    )
    next = await phase("start the storefront (next start)", () =>
      storefront.start(sfDir, sfEnv, sfPort)
    )
    log(`storefront ${storefrontUrl}`)

    const t = Date.now()
    const { Pool } = require("pg")
    pool = new Pool({ connectionString: db.url, max: 2 })
    const { checks, times } = await runFlows({
      chromium,
      executablePath: CHROMIUM,
      storefrontUrl,
      sandbox,
      productHandle: seed.productHandle,
      subscriptionHandle: seed.subscriptionHandle,
      db: pool,
      shotDir,
      only: opts.only,
    })
    phases.push(["browser flows", Date.now() - t])
    const all = [...commandChecks, ...checks]
    report(all, times, phases, shotDir)
    return all.every((c) => c.ok)
  } finally {
    if (pool) await pool.end().catch(() => {})
    if (next) await next.stop()
    if (server) await server.stop()
    if (sandbox) await sandbox.close().catch(() => {})
    if (db && !opts.keep) await db.drop().catch(() => {})
    if (opts.keep || opts.work)
      log(`kept: ${work}${db && opts.keep ? `, database ${db.name}` : ""}`)
    else fs.rmSync(work, { recursive: true, force: true })
  }
}

function report(checks, times, phases, shotDir) {
  console.log("")
  for (const c of checks)
    console.log(
      `  ${c.ok ? "ok  " : "FAIL"} ${c.flow} / ${c.name}: ${c.detail}${c.ok ? "" : `\n         ${c.screenshot || "(no screenshot)"}`}`
    )
  console.log("")
  log(`flows: ${times.map(([n, ms]) => `${n} ${secs(ms)}`).join("; ")}`)
  log(`phases: ${phases.map(([n, ms]) => `${n} ${secs(ms)}`).join("; ")}`)
  log(`screenshots in ${shotDir}`)
  const failed = checks.filter((c) => !c.ok)
  log(
    failed.length
      ? `${failed.length} of ${checks.length} checks FAILED`
      : `all ${checks.length} checks passed`
  )
}

main().then(
  (ok) => {
    log(
      ok
        ? `PASSED in ${secs(Date.now() - T0)}`
        : `FAILED in ${secs(Date.now() - T0)}`
    )
    process.exit(ok ? 0 : 1)
  },
  (e) => {
    if (!(e instanceof Failure)) console.error(e)
    console.error(
      `[starter] FAILED after ${secs(Date.now() - T0)}: ${e.message}`
    )
    process.exit(1)
  }
)
