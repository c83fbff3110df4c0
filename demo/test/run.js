#!/usr/bin/env node
"use strict"
/**
 * `npm run test:demo`: the demo as a visitor and a merchant use it, in headless Debian Chromium
 * (playwright-core, never a downloaded browser).
 *
 *   1. starts `npm run demo -- --reset` on free ports with a throwaway database
 *      (DEMO_DATABASE_NAME=paylink_demo_test_<pid>, dropped at the end);
 *   2. order 1, GTQ: product → cart → address with NIT → shipping → a mistyped loyalty card (the
 *      card rule's message) → the card → gateway A → the sandbox's hosted page → Pay →
 *      confirmation with the link number and the benefit code;
 *   3. order 2, GTQ, in English: same path without a card → gateway A → Cancel → back on the
 *      payment step → gateway A again (a new, live link, not the canceled one) → Pay →
 *      confirmation; then buy again in the same browser: a new cart holding only the new
 *      product → gateway B → Cancel (B's page has no way back: back to the store by hand) →
 *      "Start a new payment" → a new, live link → Pay → order 3 (each confirmation page forgets
 *      the completed cart);
 *   4. the admin: signs in with the e-mail printed and the password kept in .demo/secrets.json,
 *      opens both orders and sees their payment links and, on order 1, the benefit's codes;
 *      makes a draft order and sees the Payment links card on its page (/app/draft-orders/:id);
 *   5. README's reconciliation tour (demo/test/reconcile-tour.js): a purchase left on gateway A's
 *      hosted page, paid with the sandbox front page's "Pay, never return"; gateway A's export
 *      downloaded there and reconciled in the admin (orders 1 and 2 Matched, the left link "Paid, no
 *      order"); Apply; Place order in Needs attention makes its order, captured;
 *   6. README's subscription tour (demo/test/subscription-tour.js): the monthly subscription bought
 *      in the storefront (Spanish) and paid on gateway A's subscription page; "Charge next period"
 *      on the sandbox's front page; gateway A's export reconciled in the admin, the renewal listed,
 *      the Apply prompt saying "1 renewal order"; Apply; Payment links → Subscriptions, its
 *      drawer's timeline with the first order and the renewal order, whose page links back to the
 *      subscription; the admin's steps shot in English and Spanish;
 *   7. a restart (demo/test/restart.js): a link left open and the admin signed in, Ctrl-C, `npm run
 *      demo` again: the same ports, the admin still signed in, the link paid after the restart
 *      reaching its order, the sandbox's checkouts kept, no migrations run; the second start's
 *      time printed;
 *   8. the safety checks of demo/test/safety.js (forged return, self-signed JWT, ports reachable
 *      from the network, system payment provider, old admin password, secrets file mode).
 * Screenshots go to DEMO_SCREENSHOTS (default: a temporary directory, printed). Exits non-zero on
 * the first failure, naming the step, with a screenshot of it.
 */
const { spawn } = require("node:child_process")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { Client } = require("pg")
const { chromium } = require("playwright-core")
const { checkoutAsGuest, draftOrderCard, signInToAdmin } = require("./flows")
const { reconcileTour } = require("./reconcile-tour")
const { restartKeepsPromises } = require("./restart")
const { subscriptionTour } = require("./subscription-tour")
const { checkDemoSafety } = require("./safety")

const REPO = path.resolve(__dirname, "../..")
const CHROMIUM = process.env.PAYLINK_CHROMIUM || "/usr/bin/chromium"
const DB_NAME = `paylink_demo_test_${process.pid}`
const SHOTS =
  process.env.DEMO_SCREENSHOTS ||
  fs.mkdtempSync(path.join(os.tmpdir(), "paylink-demo-screenshots-"))
const started = Date.now()
const log = (m) =>
  console.log(
    `[test:demo ${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s] ${m}`
  )

let demo
let demoOutput = ""

/** Starts the demo (`--reset` the first time) and waits for its DEMO_READY line. */
function startDemo(args) {
  demoOutput = ""
  return new Promise((resolve, reject) => {
    const env = { ...process.env, DEMO_DATABASE_NAME: DB_NAME }
    for (const k of [
      "DEMO_STORE_PORT",
      "DEMO_MEDUSA_PORT",
      "DEMO_SANDBOX_PORT",
    ])
      delete env[k]
    demo = spawn(
      process.execPath,
      [path.join(REPO, "demo", "run.js"), ...args],
      { cwd: REPO, env, stdio: ["ignore", "pipe", "pipe"] }
    )
    const timer = setTimeout(
      () =>
        reject(
          new Error(`the demo printed no URLs within 5 minutes:\n${demoOutput}`)
        ),
      300_000
    )
    const onData = (chunk) => {
      demoOutput += chunk
      const line = demoOutput
        .split("\n")
        .find((l) => l.startsWith("DEMO_READY "))
      if (line) {
        clearTimeout(timer)
        resolve(JSON.parse(line.slice("DEMO_READY ".length)))
      }
    }
    demo.stdout.on("data", onData)
    demo.stderr.on("data", onData)
    demo.on("exit", (code) => {
      clearTimeout(timer)
      reject(
        new Error(
          `the demo exited (${code}) before it was ready:\n${demoOutput}`
        )
      )
    })
  })
}

/** Ctrl-C, as a user stops it: the demo stops what it started. */
function stopDemo() {
  return new Promise((resolve) => {
    if (!demo || demo.exitCode !== null) return resolve()
    demo.removeAllListeners("exit")
    const timer = setTimeout(() => demo.kill("SIGKILL"), 20_000)
    demo.once("exit", () => (clearTimeout(timer), resolve()))
    demo.kill("SIGINT")
  })
}

async function dropDatabase(url) {
  const u = new URL(url || "postgres://postgres@localhost:5432/postgres")
  u.pathname = "/postgres"
  const client = new Client({ connectionString: u.toString() })
  await client.connect()
  await client
    .query(`drop database if exists "${DB_NAME}" with (force)`)
    .finally(() => client.end())
}

async function main() {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(
      `Chromium not found at ${CHROMIUM}: apt-get install -y chromium, or set PAYLINK_CHROMIUM`
    )
  log("starting npm run demo -- --reset (throwaway database)")
  const ready = await startDemo(["--reset"])
  log(
    `demo ready: storefront ${ready.storefront}, admin ${ready.admin}, sandbox ${ready.sandbox}`
  )

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--disable-background-networking", "--no-sandbox"],
  })
  try {
    const ctx = await browser.newContext({
      viewport: { width: 1280, height: 900 },
    })
    const shop = await ctx.newPage()
    const shot = (page, name) =>
      page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })

    const first = await checkoutAsGuest(shop, ready, shot, {
      prefix: "1-gateway-a-loyalty",
      product: "cafe-huehuetenango",
      card: "6011 0000 1234 5678",
      attempts: [
        // Gateway A down once: the refusal reads in Spanish only.
        {
          provider: "pp_paylink-gateway-a_default",
          action: "refused",
          endpoint: "gatewayASingle",
        },
        { provider: "pp_paylink-gateway-a_default", action: "pay" },
      ],
      log,
    })
    log(
      `order 1: #${first.display} link ${first.link} benefit ${first.benefit}`
    )

    const second = await checkoutAsGuest(shop, ready, shot, {
      prefix: "2-cancel-then-pay-again",
      product: "chocolate-coban",
      english: true,
      attempts: [
        // Gateway A down once: the refusal reads in English only.
        {
          provider: "pp_paylink-gateway-a_default",
          action: "refused",
          endpoint: "gatewayASingle",
        },
        { provider: "pp_paylink-gateway-a_default", action: "cancel" },
        { provider: "pp_paylink-gateway-a_default", action: "pay" },
      ],
      log,
    })
    log(`order 2: #${second.display} link ${second.link}`)

    const third = await checkoutAsGuest(shop, ready, shot, {
      prefix: "2b-buy-again-gateway-b",
      product: "miel-peten",
      english: true,
      buyAgain: true,
      attempts: [
        // Cancel on B's page (it has no way back), back to the store by hand, a new payment.
        { provider: "pp_paylink-gateway-b_default", action: "cancel" },
        {
          provider: "pp_paylink-gateway-b_default",
          action: "pay",
          newPayment: true,
        },
      ],
      log,
    })
    log(`order 3 (bought again): #${third.display} link ${third.link}`)

    const admin = await ctx.newPage()
    const shotOf = (locator, name) =>
      locator.screenshot({ path: path.join(SHOTS, `${name}.png`) })
    // The demo prints the password only when it makes it; the file always has it.
    const { adminPassword } = JSON.parse(
      fs.readFileSync(ready.secretsFile, "utf8")
    )
    await signInToAdmin(
      admin,
      { ...ready, password: adminPassword },
      shot,
      [first, second, third],
      log,
      shotOf
    )
    await draftOrderCard(admin, ready, shot, log)
    const tourStarted = Date.now()
    await reconcileTour({
      shop,
      admin,
      ready,
      shot,
      paid: [first, second],
      dir: SHOTS,
      log,
    })
    log(
      `reconciliation tour: ${((Date.now() - tourStarted) / 1000).toFixed(1)} s`
    )
    // After the reconciliation tour: its groups count gateway A's export without a subscription.
    const subscriptionStarted = Date.now()
    await subscriptionTour({
      shop,
      admin,
      ready,
      shot,
      shotOf,
      dir: SHOTS,
      log,
    })
    log(
      `subscription tour: ${((Date.now() - subscriptionStarted) / 1000).toFixed(1)} s`
    )
    const restarted = await restartKeepsPromises({
      browser,
      admin,
      ready,
      restart: async () => {
        await stopDemo()
        return startDemo([])
      },
      shot,
      log,
    })
    if (restarted.migrated)
      throw new Error(
        "restart: the second start ran db:migrate although nothing changed"
      )
    log(
      `first start: ${(ready.readyMs / 1000).toFixed(1)} s; second start: ${(restarted.readyMs / 1000).toFixed(1)} s`
    )
  } finally {
    await browser.close()
  }

  const safety = await checkDemoSafety(ready, { log })
  log(
    `safety: ${safety.passed.length} passed, ${safety.failed.length} failed, ${safety.skipped.length} skipped`
  )
  if (safety.failed.length)
    throw new Error(
      `${safety.failed.length} safety checks failed:\n  - ${safety.failed.join("\n  - ")}`
    )
}

/** What the demo kept beside the throwaway database (its ports, the sandbox's checkouts). */
function forgetKept() {
  fs.rmSync(path.join(REPO, ".demo", DB_NAME), { recursive: true, force: true })
}

main()
  .then(async () => {
    await stopDemo()
    forgetKept()
    await dropDatabase(process.env.DATABASE_URL).catch((e) =>
      log(`could not drop ${DB_NAME}: ${e.message}`)
    )
    log(`PASSED; screenshots in ${SHOTS}`)
  })
  .catch(async (e) => {
    console.error(`[test:demo] FAILED: ${e.message}`)
    console.error(
      `[test:demo] screenshots in ${SHOTS}; demo logs in .demo/logs`
    )
    // The storefront's errors go to the demo's own output: its last lines say what a page hid.
    console.error(
      `[test:demo] the demo's last output:\n${String(demoOutput).split("\n").slice(-40).join("\n")}`
    )
    await stopDemo()
    forgetKept()
    await dropDatabase(process.env.DATABASE_URL).catch(() => {})
    process.exit(1)
  })
