#!/usr/bin/env node
"use strict"
/**
 * `npm run soak`: checkouts through the store API on all four payment-link
 * providers while the sandbox fails a share of the service's calls (500, 401, hang past the
 * deadline, a cut-off answer, and an answer that arrives after the deadline), each followed by the
 * customer paying, canceling, or walking away; then the money invariants, each of which must be 0.
 *
 *   throwaway database -> sandbox in this process (seeded random faults) -> `medusa db:migrate` ->
 *   `medusa exec demo/seed.ts` (the demo's Guatemalan store: A, A subscription, B, C, the loyalty
 *   program and its rule) -> `medusa start` (NODE_ENV=production, PAYLINK_TIMEOUT_MS short) ->
 *   the checkouts, a few at a time -> the report -> everything stopped, the database dropped.
 *
 * Options: --checkouts N (default 500), --short (50: what .ci/run runs), --concurrency N (4),
 * --share X (the share of service calls that fail, default 0.25), --seed N (the faults' and the
 * customers' dice; printed, so a run can be repeated), --timeout-ms N (the plugin's deadline, 1000),
 * --out FILE (the report as JSON), --plant (after the checks pass, breaks the database the way each
 * invariant guards against and checks again: each must count its break; soak/plant.js). SOAK_DATABASE_URL: the PostgreSQL server to make the database
 * on (default postgres://postgres@localhost:5432). SOAK_KEEP=1 keeps the database and the logs.
 *
 * Exit status 1 when an invariant is not 0, a failure's message is unclear, or the run breaks.
 */
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { freePort } = require("../demo/lib/ports")
const {
  productionEnv,
  runCommand,
  startServer,
  stopChild,
} = require("../demo/lib/medusa")
const { throwawayDatabase, withPg } = require("../demo/lib/throwaway-db")
const { startSandbox } = require("../demo/lib/sandbox")
const {
  storeApi,
  readyCart,
  pressOnHostedPage,
  followReturn,
  landingTargetOf,
  orderIdOf,
} = require("../demo/lib/store-api")
const { invariants, figures } = require("./checks")
const { plantBreaks } = require("./plant")
const { PROVIDERS, scenarioFor } = require("./scenarios")

function arg(name, fallback) {
  const i = process.argv.indexOf(name)
  return i >= 0 && process.argv[i + 1] !== undefined
    ? process.argv[i + 1]
    : fallback
}
const SHORT = process.argv.includes("--short")
const CHECKOUTS = Number(arg("--checkouts", SHORT ? 50 : 500))
const CONCURRENCY = Number(arg("--concurrency", 4))
const SHARE = Number(arg("--share", 0.25))
const SEED = Number(arg("--seed", Math.floor(Math.random() * 2 ** 31)))
const TIMEOUT_MS = Number(arg("--timeout-ms", 1000))
const OUT = process.argv.includes("--out") ? path.resolve(arg("--out")) : null
const KEEP = process.env.SOAK_KEEP === "1"
const PLANT = process.argv.includes("--plant")

for (const [name, value, ok] of [
  [
    "--checkouts",
    CHECKOUTS,
    Number.isInteger(CHECKOUTS) && CHECKOUTS > 0 && CHECKOUTS <= 9999,
  ],
  [
    "--concurrency",
    CONCURRENCY,
    Number.isInteger(CONCURRENCY) && CONCURRENCY > 0,
  ],
  ["--share", SHARE, SHARE >= 0 && SHARE <= 1],
  ["--seed", SEED, Number.isInteger(SEED)],
  [
    "--timeout-ms",
    TIMEOUT_MS,
    Number.isInteger(TIMEOUT_MS) && TIMEOUT_MS >= 200 && TIMEOUT_MS < 3000,
  ],
]) {
  if (!ok) {
    console.error(
      `soak: ${name} ${value} is not accepted (checkouts 1 to 9999; share 0 to 1; timeout 200 to 2999 ms, under the sandbox's 3 s late answer)`
    )
    process.exit(2)
  }
}

const t0 = Date.now()
const log = (msg) =>
  console.log(
    `[soak ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)}s] ${msg}`
  )
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const LOGS = fs.mkdtempSync(path.join(os.tmpdir(), "paylink-soak-"))

// ---------------------------------------------------------------- one customer

/** What a failed call must name, by step: the thing that failed, in words a developer can act on. */
const NAMES_WHAT_FAILED = {
  // The store's customer sentences (docs/storefront.md#error-codes) name the payment method; the log names the gateway.
  link: /gateway|payment link|payment session|provider|payment method|payment service/i,
  benefit: /benefit|program|loyalty|card|discount/i,
}

/**
 * What a failed store call said, and whether a customer (and the developer reading the log) can
 * act on it: a 4xx/5xx whose message names what failed, never Medusa's or the sandbox's generic
 * text, never a token, a password or the card number.
 */
function failureOf(step, r, secrets) {
  const message = typeof r.json?.message === "string" ? r.json.message : ""
  const clear =
    r.status >= 400 &&
    NAMES_WHAT_FAILED[step].test(message) &&
    !/an unknown error occurred|internal server error|^unauthorized$/i.test(
      message.trim()
    ) &&
    !secrets.some((t) => message.includes(t))
  return {
    step,
    status: r.status,
    message: message || r.text.slice(0, 200),
    clear,
  }
}

/**
 * One checkout: a ready cart, sometimes a loyalty card, a payment link (the customer clicks again
 * after a failure, up to 3 times), then Pay (sometimes twice at once, as a double click or a reload
 * does), Cancel, or nothing. Some customers switch gateway after their first link and then pay the
 * first one from its old tab.
 */
async function runCheckout(ctx, i) {
  const plan = scenarioFor(ctx.seed, i)
  const out = {
    i,
    plan,
    cartId: null,
    benefit: null,
    attempts: [],
    links: [],
    returns: [],
    result: null,
    failures: [],
  }
  const api = ctx.api
  const { cartId, collectionId } = await readyCart(api, {
    regionId: ctx.seedIds.regionId,
    variantId: plan.subscription
      ? ctx.seedIds.subscriptionVariantId
      : ctx.seedIds.variantId,
    email: `soak-${ctx.seed}-${i}@example.com`,
    collection: plan.route === "payment-sessions",
  })
  out.cartId = cartId

  const secrets = plan.card
    ? [...ctx.secrets, plan.card, plan.card.replace(/\D/g, "")]
    : ctx.secrets
  if (plan.farmCarts) {
    // A card farmer: the same card on other carts, applied and removed on each. Past the per-card
    // limit the store must refuse before asking the program.
    out.farm = []
    for (let k = 0; k < plan.farmCarts; k++) {
      const other = await readyCart(api, {
        regionId: ctx.seedIds.regionId,
        variantId: ctx.seedIds.variantId,
        email: `soak-${ctx.seed}-${i}-farm${k}@example.com`,
      })
      const r = await api.call(
        "POST",
        `/store/carts/${other.cartId}/benefits`,
        { card: plan.card, rule_id: ctx.seedIds.ruleId }
      )
      const removed =
        r.status === 200
          ? (await api.call("DELETE", `/store/carts/${other.cartId}/benefits`))
              .status
          : null
      out.farm.push({ cartId: other.cartId, status: r.status, removed })
      if (r.status !== 200)
        out.failures.push({ ...failureOf("benefit", r, secrets), farm: k })
    }
  }
  if (plan.card) {
    for (let attempt = 1; attempt <= (plan.retryCard ? 2 : 1); attempt++) {
      const r = await api.call("POST", `/store/carts/${cartId}/benefits`, {
        card: plan.card,
        rule_id: ctx.seedIds.ruleId,
      })
      out.benefit = {
        cardLast4: plan.card.slice(-4),
        attempts: attempt,
        status: r.status,
        redemption: r.json?.benefit?.status ?? null,
      }
      if (r.status === 200) break
      out.failures.push({ ...failureOf("benefit", r, secrets), attempt })
    }
  }

  const requestLink = (provider) =>
    plan.route === "payment-link"
      ? api.call("POST", `/store/carts/${cartId}/payment-link`, {
          provider_id: provider,
        })
      : api.call(
          "POST",
          `/store/payment-collections/${collectionId}/payment-sessions`,
          { provider_id: provider }
        )
  const sessionOf = (r, provider) =>
    plan.route === "payment-link"
      ? r.json?.payment_session
      : r.json?.payment_collection?.payment_sessions?.find(
          (s) => s.provider_id === provider
        )

  const createLink = async (provider, { twice = false } = {}) => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      // A double click: the same request twice at once; both answers must be the same link.
      const answers = await Promise.all(
        Array.from({ length: twice && attempt === 1 ? 2 : 1 }, () =>
          requestLink(provider)
        )
      )
      let link = null
      for (const r of answers) {
        out.attempts.push({ provider, status: r.status })
        const session = sessionOf(r, provider)
        if (r.status === 200 && session?.data?.url) {
          const mine = {
            provider,
            url: session.data.url,
            checkoutId: session.data.checkout_id,
            sessionId: session.id,
          }
          if (link && link.sessionId !== mine.sessionId)
            out.twoLinksAtOnce = [link.sessionId, mine.sessionId]
          link ??= mine
        } else {
          out.failures.push({
            ...failureOf("link", r, secrets),
            provider,
            attempt,
          })
        }
      }
      if (link) {
        out.links.push(link)
        return link
      }
    }
    return null
  }

  const first = await createLink(plan.provider, { twice: plan.doubleClick })
  if (!first) {
    out.result = "failed"
    return out
  }
  let toPay = first
  if (plan.switchTo) {
    // A second gateway withdraws the first link; the customer still pays the first, then the second.
    const second = await createLink(plan.switchTo)
    if (second) toPay = second
  }
  if (plan.completeFirst) {
    // A storefront that completes the cart before the customer paid: it must not become an order.
    const r = await api.call("POST", `/store/carts/${cartId}/complete`)
    out.completeFirst = {
      status: r.status,
      type: r.json?.type ?? null,
      order_id: r.json?.order?.id ?? null,
    }
  }
  if (plan.changeCart) {
    // One more item after the link was made: the link no longer pays this cart.
    const r = await api.call("POST", `/store/carts/${cartId}/line-items`, {
      variant_id: ctx.seedIds.variantId,
      quantity: 1,
    })
    out.changedCart = r.status
  }

  const pay = async (link) => {
    const pressed = await pressOnHostedPage(link.url, "pay")
    const answers = await Promise.all(
      Array.from({ length: plan.doubleReturn ? 2 : 1 }, () =>
        followReturn(api, pressed.location)
      )
    )
    // The link the cart was left with, for the cart as it was: its paid return must place the order.
    const current = link === toPay && !plan.changeCart
    const orderIds = answers.map((a) => orderIdOf(landingTargetOf(a)))
    answers.forEach((a, k) =>
      out.returns.push({
        checkoutId: link.checkoutId,
        sessionId: link.sessionId,
        status: a.status,
        orderId: orderIds[k],
        current,
      })
    )
    return orderIds.find(Boolean) ?? null
  }

  if (plan.outcome === "pay") {
    if (toPay !== first) await pay(first)
    const orderId = await pay(toPay)
    out.result = orderId ? "ordered" : "paid, no order"
    if (plan.changeCart) {
      // Their paid link awaits the merchant: a new link would let them pay twice for one cart.
      const r = await requestLink(plan.provider)
      out.linkAfterPaying = {
        status: r.status,
        message: typeof r.json?.message === "string" ? r.json.message : "",
      }
    }
  } else if (plan.outcome === "cancel") {
    const pressed = await pressOnHostedPage(toPay.url, "cancel")
    if (pressed.status === 303) {
      const a = await followReturn(api, pressed.location)
      out.returns.push({
        checkoutId: toPay.checkoutId,
        sessionId: toPay.sessionId,
        status: a.status,
        canceled: true,
      })
    }
    out.result = "canceled"
  } else {
    out.result = "abandoned"
  }
  return out
}

// ---------------------------------------------------------------- main

const cleanups = []

async function main() {
  const db = await throwawayDatabase(
    `paylink_soak_${process.pid}_${Date.now().toString(36)}`,
    process.env.SOAK_DATABASE_URL
  )
  const dbUrl = db.url
  log(
    `${CHECKOUTS} checkouts, ${CONCURRENCY} at a time, ${Math.round(SHARE * 100)} % of service calls failing, seed ${SEED}, deadline ${TIMEOUT_MS} ms`
  )
  log(
    `database ${db.name}${KEEP ? " (kept: SOAK_KEEP=1)" : " (dropped at the end)"}, logs ${LOGS}`
  )
  if (!KEEP) cleanups.push(db.drop)

  const ports = { sandbox: await freePort(), medusa: await freePort() }
  const sandbox = await startSandbox(ports.sandbox)
  cleanups.push(() => sandbox.close())
  const backend = `http://localhost:${ports.medusa}`
  const env = productionEnv({
    DATABASE_URL: dbUrl,
    PAYLINK_BASE_URL: sandbox.url,
    PAYLINK_TIMEOUT_MS: String(TIMEOUT_MS),
    MEDUSA_BACKEND_URL: backend,
    STOREFRONT_URL: "http://localhost:8000",
  })
  const logOptions = { logDir: LOGS }
  log("migrations (medusa db:migrate)")
  await runCommand(
    "migrate",
    ["db:migrate"],
    env,
    "read the log",
    null,
    logOptions
  )
  log("seed (medusa exec demo/seed.ts)")
  const seedOut = await runCommand(
    "seed",
    ["exec", "./demo/seed.ts"],
    env,
    "read the log",
    null,
    logOptions
  )
  const seedLine = seedOut.split("\n").find((l) => l.startsWith("DEMO_SEED "))
  if (!seedLine)
    throw new Error(`the seed printed no DEMO_SEED line (${LOGS}/seed.log)`)
  const { publishableKey } = JSON.parse(seedLine.slice("DEMO_SEED ".length))
  const seedIds = await withPg(dbUrl, readSeedIds)

  log("medusa start (production)")
  const server = await startServer(ports.medusa, env, {
    logDir: LOGS,
    name: "medusa",
  })
  cleanups.push(() => stopChild(server.child))

  const ctx = {
    seed: SEED,
    seedIds,
    api: storeApi(backend, publishableKey),
    secrets: [...Object.values(sandbox.tokens), sandbox.benefits.password],
  }
  // A warm-up checkout without faults: the first requests of a fresh process compile and connect.
  await readyCart(ctx.api, {
    regionId: seedIds.regionId,
    variantId: seedIds.variantId,
    email: "warm-up@example.com",
  })

  sandbox.setRandomFaults({
    share: SHARE,
    modes: ["500", "401", "hang", "malformed", "late"],
    endpoints: [
      "gatewayASingle",
      "gatewayASubscription",
      "gatewayB",
      "gatewayC",
      "discount",
    ],
    seed: SEED,
  })
  log(`checkouts: ${CHECKOUTS}`)
  const results = []
  const broken = []
  let next = 0
  const started = Date.now()
  const worker = async () => {
    while (next < CHECKOUTS) {
      const i = next++
      try {
        results.push(await runCheckout(ctx, i))
      } catch (e) {
        broken.push({ i, error: e.stack || e.message })
      }
      if ((results.length + broken.length) % 50 === 0)
        log(`  ${results.length + broken.length} / ${CHECKOUTS}`)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  const runMs = Date.now() - started
  sandbox.setRandomFaults(null)
  // Answers held back by "late" faults (3 s) land now; nothing may change the verdicts after this.
  await sleep(3500)

  const checks = await withPg(dbUrl, (db) =>
    invariants(db, { sandbox, results })
  )
  const report = {
    command: `npm run soak${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model?.trim(),
      node: process.version,
      loadavg_at_end: os.loadavg().map((x) => Math.round(x * 100) / 100),
    },
    setup: {
      checkouts: CHECKOUTS,
      concurrency: CONCURRENCY,
      fault_share: SHARE,
      seed: SEED,
      deadline_ms: TIMEOUT_MS,
      providers: Object.values(PROVIDERS),
    },
    run_seconds: Math.round(runMs / 100) / 10,
    ...(await withPg(dbUrl, (db) => figures(db, { sandbox, results }))),
    broken: broken.length,
    invariants: checks,
  }
  printReport(report, broken)
  if (OUT) {
    fs.writeFileSync(OUT, `${JSON.stringify(report, null, 2)}\n`)
    log(`report written to ${path.relative(process.cwd(), OUT)}`)
  }
  const failed = Object.entries(checks)
    .filter(([, v]) => v.count !== 0)
    .map(([k]) => k)
  if (report.failures.unclear > 0)
    failed.push("failures with an unclear message")
  if (broken.length) failed.push("checkouts the run could not drive")
  if (!failed.length && PLANT) {
    // The checks passed; now break the database as each invariant guards against: each must count it.
    const planted = await withPg(dbUrl, (db) =>
      plantBreaks(db, { results, sandbox })
    )
    const again = await withPg(dbUrl, (db) =>
      invariants(db, { sandbox, results })
    )
    for (const [k, what] of Object.entries(planted))
      log(`planted: ${what} -> "${k}" counts ${again[k]?.count ?? "nothing"}`)
    const missed = Object.keys(planted).filter(
      (k) => !again[k] || again[k].count === 0
    )
    if (missed.length)
      failed.push(`planted breaks not caught: ${missed.join("; ")}`)
  }
  if (failed.length) {
    fs.writeFileSync(
      path.join(LOGS, "checkouts.json"),
      JSON.stringify({ results, broken }, null, 2)
    )
    log(`FAILED: ${failed.join("; ")} (logs kept in ${LOGS})`)
    return 1
  }
  if (!KEEP) fs.rmSync(LOGS, { recursive: true, force: true })
  log(
    `PASSED: every invariant is 0${PLANT ? ", and every planted break was caught" : ""}`
  )
  return 0
}

/** The ids the customers need, from the seeded database (the demo seed prints only the key). */
async function readSeedIds(db) {
  const one = async (text, params) => {
    const { rows } = await db.query(text, params)
    if (!rows[0]) throw new Error(`seeded database has nothing for: ${text}`)
    return rows[0].id
  }
  const variant = (handle) =>
    one(
      "select v.id from product_variant v join product p on p.id = v.product_id where p.handle = $1 and v.deleted_at is null",
      [handle]
    )
  return {
    regionId: await one(
      "select id from region where currency_code = 'gtq' and deleted_at is null"
    ),
    variantId: await variant("cafe-huehuetenango"),
    subscriptionVariantId: await variant("club-cafe-mensual"),
    ruleId: await one(
      "select id from benefit_rule where deleted_at is null order by created_at limit 1"
    ),
  }
}

function printReport(r, broken) {
  const line = "-".repeat(78)
  const rows = [
    "",
    line,
    `soak: ${r.setup.checkouts} checkouts in ${r.run_seconds} s, ${r.setup.concurrency} at a time, ${Math.round(r.setup.fault_share * 100)} % of service calls failing (seed ${r.setup.seed}), deadline ${r.setup.deadline_ms} ms`,
    line,
    `attempted            ${r.checkouts.attempted}   (pay ${r.checkouts.planned.pay}, cancel ${r.checkouts.planned.cancel}, abandon ${r.checkouts.planned.abandon}; switched gateway ${r.checkouts.planned.switched}, double return ${r.checkouts.planned.double_return}, loyalty card ${r.checkouts.planned.card})`,
    `ordered              ${r.checkouts.ordered}`,
    `paid, no order       ${r.checkouts.paid_no_order}   (each a needs_attention record: see the invariants)`,
    `canceled / abandoned ${r.checkouts.canceled} / ${r.checkouts.abandoned}`,
    `no link after 3 tries ${r.checkouts.failed}   (${r.checkouts.link_attempts} link requests; ${r.checkouts.double_clicks} double clicks; ${r.checkouts.card_retries} card retries)`,
    `complete before pay  ${fmt(r.checkouts.complete_before_paying)}   (status and answer type of POST /store/carts/:id/complete)`,
    `cart changed, paid   ${fmt(r.checkouts.cart_changed_after_link)}`,
    `new link after paying ${fmt(r.checkouts.link_asked_after_paying)}   (status of the new link asked for after paying the old one)`,
    `card farmers         ${r.checkouts.farmers}   (applies on other carts by status: ${fmt(r.checkouts.farm_applies)})`,
    `failed store calls   ${r.failures.total}   clear ${r.failures.clear}, unclear ${r.failures.unclear}; by status ${fmt(r.failures.by_status)}`,
    `faults injected      ${fmt(r.faults_injected)}`,
    `records by status    ${fmt(r.records_by_status)}`,
    `redemptions          ${fmt(r.redemptions_by_status)}`,
    `service              ${r.service.checkouts} checkouts (${r.service.paid} paid, ${r.service.canceled} canceled, ${r.service.answered_late} answered late), ${r.service.discounts} discounts (${r.service.discounts_late} late)`,
    "what the failed store calls said (digits as N):",
    ...Object.entries(r.failures.messages)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([m, n]) => `  ${String(n).padStart(4)}  ${m.slice(0, 110)}`),
    "",
    "invariant                                                      count  target",
    ...Object.entries(r.invariants).map(
      ([name, v]) =>
        `${v.count === 0 ? "ok  " : "FAIL"} ${name.padEnd(56)} ${String(v.count).padStart(6)}       0`
    ),
    line,
  ]
  console.log(rows.join("\n"))
  for (const [name, v] of Object.entries(r.invariants))
    if (v.count) console.log(`${name}: ${JSON.stringify(v.examples)}`)
  if (r.failures.unclear)
    console.log(
      `unclear failures: ${JSON.stringify(r.failures.unclear_examples)}`
    )
  for (const b of broken.slice(0, 5))
    console.log(`checkout ${b.i} broke the run: ${b.error}`)
}

const fmt = (o) =>
  Object.entries(o)
    .map(([k, v]) => `${k} ${typeof v === "object" ? `{${fmt(v)}}` : v}`)
    .join(", ") || "none"

async function shutdown(code) {
  while (cleanups.length) {
    const fn = cleanups.pop()
    await Promise.resolve()
      .then(fn)
      .catch((e) => console.error(`[soak] while stopping: ${e.message}`))
  }
  process.exit(code)
}

process.on("SIGINT", () => shutdown(130))
process.on("SIGTERM", () => shutdown(143))
main().then(shutdown, (e) => {
  console.error(
    `[soak] FAILED: ${e.stack || e.message}\n[soak] logs in ${LOGS}`
  )
  shutdown(1)
})
