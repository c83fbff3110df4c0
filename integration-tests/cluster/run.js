#!/usr/bin/env node
"use strict"
/**
 * Several instances: two `medusa start` servers (workerMode "server") and one
 * worker (workerMode "worker") on one PostgreSQL database and one Redis, with Medusa's Redis
 * modules (event bus, workflow engine, locking, caching; medusa-config.ts registers them when
 * PAYLINK_REDIS_URL is set). Over real HTTP:
 *   1. a link created on instance 1 returns on instance 2 and places one order;
 *   2. a gateway token saved in the admin on instance 1 is what the next checkout on instance 2 sends;
 *   3. 20 concurrent benefit applies on one cart, alternating instances, make one program call (and
 *      the paid order's order.placed reaches the worker, which redeems the benefit);
 *   4. 10 concurrent link creations on one cart, alternating instances, make one service call;
 *   5. the expiry job runs on the worker only, and expires an overdue link once.
 * Prints a summary with figures, removes what it made (processes, database, Redis keys), and exits
 * non-zero when a check fails.
 *
 * Environment: CLUSTER_REDIS_URL (default redis://127.0.0.1:6379), CLUSTER_DATABASE_URL (a server
 * to create the throwaway database on; default postgres://postgres@localhost:5432),
 * CLUSTER_KEEP_LOGS=1 keeps the processes' logs after a passing run (a failing run always keeps them).
 * CLUSTER_WITHOUT_REDIS_MODULES=1 is the control: the same run with Medusa's in-process modules
 * (each instance its own locks and events), which must fail checks 3 and 4.
 */
const crypto = require("node:crypto")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const {
  databaseUrl,
  throwawayDatabase,
  withPg,
} = require("../../demo/lib/throwaway-db")
const Redis = require("ioredis")
const axios = require("axios")
const { freePort } = require("../../demo/lib/ports")
const { landingTargetOf } = require("../../demo/lib/store-api")
const {
  runCommand: runMedusa,
  startServer,
  stopChild,
} = require("../../demo/lib/medusa")
const { loadSandboxSource } = require("../../demo/lib/sandbox")

const T0 = Date.now()

const RUN_ID = `${Date.now().toString(36)}${crypto.randomBytes(3).toString("hex")}`
const DB_NAME = `paylink_cluster_${RUN_ID}`
const DATABASE_URL = databaseUrl(process.env.CLUSTER_DATABASE_URL, DB_NAME)
const REDIS_URL = process.env.CLUSTER_REDIS_URL || "redis://127.0.0.1:6379"
/** Every key this run writes to Redis starts with this (medusa-config.ts: PAYLINK_REDIS_PREFIX). */
const REDIS_PREFIX = `paylink-cluster-${RUN_ID}:`
const LOGS = fs.mkdtempSync(
  path.join(os.tmpdir(), `paylink-cluster-${RUN_ID}-`)
)
/** The expiry job's interval for this run (production: every 15 minutes). */
const EXPIRY_INTERVAL_MS = 2000

const PROVIDERS = {
  gatewayA: "pp_paylink-gateway-a_default",
  gatewayB: "pp_paylink-gateway-b_default",
  gatewayC: "pp_paylink-gateway-c_default",
}
/** The sandbox accepts this for gateway B, not the provider option's default token. */
const ADMIN_TOKEN_B = "cluster-admin-token-b-9k2w"
const CARD = "6011 0000 1234 5678"

const log = (msg) =>
  console.log(
    `[cluster ${((Date.now() - T0) / 1000).toFixed(1).padStart(6)}s] ${msg}`
  )
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

// ---------------------------------------------------------------- processes

const children = new Set()
/** What to undo, last first: run at the end, or on Ctrl-C. */
const cleanups = []
const track = (child) => {
  if (!child) return
  children.add(child)
  child.on("exit", () => children.delete(child))
}

function runCommand(name, args, env) {
  return runMedusa(name, args, env, "read the log", track, { logDir: LOGS })
}

async function startInstance(name, port, env) {
  const started = Date.now()
  const { child, logFile } = await startServer(port, env, {
    timeoutMs: 300_000,
    name,
    logDir: LOGS,
  })
  track(child)
  return {
    name,
    port,
    child,
    logFile,
    url: `http://localhost:${port}`,
    bootMs: Date.now() - started,
  }
}

// ---------------------------------------------------------------- database and Redis

const sql = (text, params) =>
  withPg(DATABASE_URL, (c) => c.query(text, params)).then((r) => r.rows)

async function redisKeys(redis, pattern) {
  const keys = []
  let cursor = "0"
  do {
    const [next, batch] = await redis.scan(
      cursor,
      "MATCH",
      pattern,
      "COUNT",
      1000
    )
    cursor = next
    keys.push(...batch)
  } while (cursor !== "0")
  return keys
}

async function deleteRunKeys(redis) {
  const keys = await redisKeys(redis, `${REDIS_PREFIX}*`)
  for (let i = 0; i < keys.length; i += 500)
    await redis.unlink(...keys.slice(i, i + 500))
  return keys.length
}

// ---------------------------------------------------------------- the store's HTTP side

function client(baseURL, headers = {}) {
  return axios.create({
    baseURL,
    headers,
    validateStatus: () => true,
    maxRedirects: 0,
  })
}

async function pressOnHostedPage(url, button) {
  const page = await axios.get(url)
  if (!String(page.data).includes(`id="${button}"`))
    throw new Error(`hosted page has no ${button} button`)
  const res = await axios.post(`${url}/${button}`, undefined, {
    maxRedirects: 0,
    validateStatus: () => true,
  })
  if (res.status !== 303)
    throw new Error(`hosted page answered ${res.status} to ${button}`)
  return res.headers.location
}

/** The browser arriving at the (signed) return address, on the given instance whatever host was signed. */
function followReturn(api, returnUrl) {
  const u = new URL(returnUrl)
  return api.get(`${u.pathname}${u.search}`)
}

// ---------------------------------------------------------------- checks

const results = []

async function check(name, fn) {
  const started = Date.now()
  try {
    const figures = await fn()
    results.push({ name, ok: true, ms: Date.now() - started, figures })
    log(`PASS ${name} (${Date.now() - started} ms): ${figures}`)
  } catch (e) {
    results.push({
      name,
      ok: false,
      ms: Date.now() - started,
      figures: e.message,
    })
    log(`FAIL ${name}: ${e.stack || e.message}`)
  }
}

function expect(cond, message) {
  if (!cond) throw new Error(message)
}

function countLines(file, pattern) {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => pattern.test(l)).length
}

async function main() {
  log(
    `run ${RUN_ID}: database ${DB_NAME}, Redis ${REDIS_URL} keys ${REDIS_PREFIX}*, logs ${LOGS}`
  )
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
  })
  try {
    await redis.connect()
    await redis.ping()
  } catch (e) {
    throw new Error(
      `Redis at ${REDIS_URL} does not answer (${e.message}); start it: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no`
    )
  }
  const cleanup = async () => {
    for (const fn of cleanups.splice(0).reverse()) {
      try {
        await fn()
      } catch (e) {
        log(`cleanup: ${e.message}`)
      }
    }
  }
  let failed = true
  try {
    // The sandbox (the payment-link service and the benefits program) in this process, on a free port.
    const { createSandbox, DEFAULT_TOKENS } = loadSandboxSource("index")
    const sandbox = await createSandbox({
      port: 0,
      host: "127.0.0.1",
      tokens: { gatewayB: ADMIN_TOKEN_B },
    })
    cleanups.push(() => sandbox.close())

    const db = await throwawayDatabase(
      DB_NAME,
      process.env.CLUSTER_DATABASE_URL
    )
    cleanups.push(async () => {
      await db.drop()
      log(`dropped database ${DB_NAME}`)
    })
    cleanups.push(async () =>
      log(`deleted ${await deleteRunKeys(redis)} Redis key(s) ${REDIS_PREFIX}*`)
    )

    const [port1, port2, portW] = [
      await freePort(),
      await freePort(),
      await freePort(),
    ]
    const base = {
      ...process.env,
      NODE_ENV: "production",
      MEDUSA_DISABLE_TELEMETRY: "true",
      LOG_LEVEL: "debug",
      DATABASE_URL,
      PAYLINK_REDIS_URL: REDIS_URL,
      PAYLINK_REDIS_PREFIX: REDIS_PREFIX,
      PAYLINK_BASE_URL: sandbox.url,
      PAYLINK_TIMEOUT_MS: "5000",
      PAYLINK_EXPIRY_INTERVAL_MS: String(EXPIRY_INTERVAL_MS),
      MEDUSA_BACKEND_URL: `http://localhost:${port1}`,
      JWT_SECRET: crypto.randomBytes(24).toString("hex"),
      COOKIE_SECRET: crypto.randomBytes(24).toString("hex"),
    }
    delete base.PAYLINK_ADMIN
    if (process.env.CLUSTER_WITHOUT_REDIS_MODULES) {
      delete base.PAYLINK_REDIS_URL
      log("control run: without the Redis modules")
    }

    let t = Date.now()
    await runCommand("migrate", ["db:migrate"], base)
    log(`migrated (${Date.now() - t} ms)`)
    t = Date.now()
    const seedOut = await runCommand(
      "seed",
      ["exec", "./integration-tests/cluster/seed.ts"],
      base
    )
    const line = seedOut.split("\n").find((l) => l.includes("CLUSTER_SEED "))
    expect(line, "the seed printed no CLUSTER_SEED line")
    const seed = JSON.parse(
      line.slice(line.indexOf("CLUSTER_SEED ") + "CLUSTER_SEED ".length)
    )
    log(`seeded (${Date.now() - t} ms)`)

    // One at a time: the machine is shared, and three TypeScript apps booting at once starve each other.
    const instances = []
    cleanups.push(() => Promise.all(instances.map((i) => stopChild(i.child))))
    for (const [name, port, mode] of [
      ["server-1", port1, "server"],
      ["server-2", port2, "server"],
      ["worker", portW, "worker"],
    ]) {
      const inst = await startInstance(name, port, {
        ...base,
        MEDUSA_WORKER_MODE: mode,
      })
      instances.push(inst)
      log(
        `${name} (workerMode ${mode}) ready on ${inst.url} in ${inst.bootMs} ms`
      )
    }
    const [s1, s2] = instances
    const storeH = { "x-publishable-api-key": seed.publishableKey }
    const adminH = { authorization: seed.adminAuthorization }
    const store = [client(s1.url, storeH), client(s2.url, storeH)]
    const admin = [client(s1.url, adminH), client(s2.url, adminH)]
    const guest = {
      email: "ana.lopez@example.com",
      billing_address: {
        first_name: "Ana",
        last_name: "López",
        address_1: "6a Avenida 10-25, Zona 1",
        city: "Guatemala",
        country_code: "gt",
      },
    }
    const newCart = async (api, quantity = 1) => {
      const res = await api.post("/store/carts", {
        region_id: seed.gtqRegionId,
        items: [{ variant_id: seed.variantId, quantity }],
        ...guest,
      })
      expect(
        res.status === 200,
        `cart: ${res.status} ${JSON.stringify(res.data)}`
      )
      return res.data.cart
    }
    const link = (api, cartId, providerId) =>
      api.post(`/store/carts/${cartId}/payment-link`, {
        provider_id: providerId,
      })
    const calls = (endpoint) =>
      sandbox.requests.filter((r) => r.endpoint === endpoint)
    const workerProof = []

    // The overdue link for check 5 is made first, so the worker's job has the whole run to find it.
    const overdueCart = await newCart(store[0])
    const overdue = await link(store[0], overdueCart.id, PROVIDERS.gatewayC)
    expect(
      overdue.status === 200,
      `link for the overdue record: ${overdue.status} ${JSON.stringify(overdue.data)}`
    )
    const [overdueRecord] = await sql(
      `update paylink_checkout set return_expires_at = now() - interval '1 minute' where cart_id = $1 returning id, number, now() as overdue_at`,
      [overdueCart.id]
    )
    const overdueAt = Date.now()

    await check(
      "1. link made on instance 1, return on instance 2, one order",
      async () => {
        const cart = await newCart(store[0])
        const made = await link(store[0], cart.id, PROVIDERS.gatewayA)
        expect(
          made.status === 200,
          `link on instance 1: ${made.status} ${JSON.stringify(made.data)}`
        )
        const location = await pressOnHostedPage(
          made.data.payment_session.data.url,
          "pay"
        )
        const back = await followReturn(store[1], location)
        expect(
          landingTargetOf(back),
          `return on instance 2: ${back.status} ${JSON.stringify(back.data)}`
        )
        const orderId = /\/order\/([^/]+)\/confirmed/.exec(
          landingTargetOf(back)
        )?.[1]
        expect(
          orderId,
          `return on instance 2 did not lead to an order page: ${landingTargetOf(back)}`
        )
        // The same return again (a reload), on instance 1: the same order, no second one.
        const again = await followReturn(store[0], location)
        expect(
          landingTargetOf(again) === landingTargetOf(back),
          `repeated return on instance 1: ${again.status} ${landingTargetOf(again)}`
        )
        const orders = await sql(
          `select order_id from order_cart where cart_id = $1 and deleted_at is null`,
          [cart.id]
        )
        expect(
          orders.length === 1 && orders[0].order_id === orderId,
          `orders for the cart: ${JSON.stringify(orders)}`
        )
        const order = (
          await admin[1].get(
            `/admin/orders/${orderId}?fields=id,total,payment_status,*paylink_checkouts`
          )
        ).data.order
        expect(
          order.payment_status === "captured",
          `order payment_status ${order.payment_status}`
        )
        expect(
          order.paylink_checkouts.length === 1 &&
            order.paylink_checkouts[0].status === "completed",
          `links: ${JSON.stringify(order.paylink_checkouts)}`
        )
        return `order ${orderId} (GTQ ${order.total}, ${order.payment_status}); orders for the cart after returns on both instances: ${orders.length}; link records: 1 completed`
      }
    )

    await check(
      "2. gateway token saved on instance 1 is used by the next checkout on instance 2",
      async () => {
        const before = await link(
          store[1],
          (await newCart(store[1])).id,
          PROVIDERS.gatewayB
        )
        const beforeCall = calls("gatewayB").at(-1)
        expect(
          before.status !== 200 && beforeCall?.status === 401,
          `before the save: ${before.status}, sandbox ${beforeCall?.status}`
        )
        expect(
          beforeCall.headers["x-token"] === DEFAULT_TOKENS.gatewayB,
          "before the save the provider option's token is sent"
        )
        const saved = await admin[0].post("/admin/paylink/gateways/gateway_b", {
          token: ADMIN_TOKEN_B,
        })
        expect(
          saved.status === 200,
          `save on instance 1: ${saved.status} ${JSON.stringify(saved.data)}`
        )
        const savedAt = Date.now()
        const after = await link(
          store[1],
          (await newCart(store[1])).id,
          PROVIDERS.gatewayB
        )
        const afterCall = calls("gatewayB").at(-1)
        expect(
          after.status === 200,
          `after the save, on instance 2: ${after.status} ${JSON.stringify(after.data)}`
        )
        expect(
          afterCall.status === 201 &&
            afterCall.headers["x-token"] === ADMIN_TOKEN_B,
          `after the save the sandbox got ${afterCall.status} with another token`
        )
        return `instance 2 before: ${before.status} (sandbox 401, option token); saved on instance 1 (version ${saved.data.gateway.version}); next checkout on instance 2 (${Date.now() - savedAt} ms later, new cart + link): 200 (sandbox 201, admin token …${ADMIN_TOKEN_B.slice(-4)})`
      }
    )

    await check(
      "3. 20 concurrent benefit applies on one cart over both instances: one program call",
      async () => {
        const enabled = await admin[0].post("/admin/benefits/settings", {
          user: "sandbox",
          password: "sandbox-password",
          branch: 1,
          enabled: true,
        })
        expect(
          enabled.status === 200,
          `program settings: ${enabled.status} ${JSON.stringify(enabled.data)}`
        )
        const rule = await admin[1].post("/admin/benefits/rules", {
          code: 501,
          name: "Club 10%",
          kind: "percentage",
          value: 10,
          cap: 50,
          min_total: 50,
        })
        expect(
          rule.status === 201 || rule.status === 200,
          `rule: ${rule.status} ${JSON.stringify(rule.data)}`
        )
        const cart = await newCart(store[0], 2)
        const before = calls("discount").length
        const started = Date.now()
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            store[i % 2].post(`/store/carts/${cart.id}/benefits`, {
              card: CARD,
              rule_id: rule.data.rule.id,
            })
          )
        )
        const wall = Date.now() - started
        const statuses = answers.map((a) => a.status)
        const ok = statuses.filter((s) => s === 200).length
        const programCalls = calls("discount").length - before
        const total = (
          await store[1].get(`/store/carts/${cart.id}?fields=id,total`)
        ).data.cart.total
        const byInstance = [0, 1].map(
          (k) => statuses.filter((s, i) => i % 2 === k && s === 200).length
        )
        expect(
          ok === 1 && statuses.filter((s) => s === 400).length === 19,
          `statuses ${JSON.stringify(statuses)}`
        )
        expect(programCalls === 1, `program calls: ${programCalls}`)
        expect(total === 180, `cart total ${total}`)
        // Paid through a link made on instance 2 and returned on instance 1: order.placed, emitted by a
        // server, is handled by the worker (servers run no event worker), which redeems the benefit.
        const made = await link(store[1], cart.id, PROVIDERS.gatewayA)
        expect(
          made.status === 200 &&
            made.data.payment_session.data.amount === "180.00",
          `link after the benefit: ${made.status} ${made.data.payment_session?.data?.amount}`
        )
        const back = await followReturn(
          store[0],
          await pressOnHostedPage(made.data.payment_session.data.url, "pay")
        )
        expect(
          /\/order\//.test(landingTargetOf(back) ?? ""),
          `return: ${back.status} ${landingTargetOf(back) ?? String(back.data).slice(0, 200)}`
        )
        const paidAt = Date.now()
        let redemptions = []
        while (Date.now() - paidAt < 30_000) {
          redemptions =
            (
              await admin[1].get(
                `/admin/benefits/redemptions?cart_id=${cart.id}`
              )
            ).data.redemptions ?? []
          if (redemptions.some((r) => r.status === "redeemed")) break
          await sleep(250)
        }
        const redeemedMs = Date.now() - paidAt
        expect(
          redemptions.length === 1 && redemptions[0].status === "redeemed",
          `redemptions after the order: ${JSON.stringify(redemptions.map((r) => r.status))}`
        )
        return (
          `20 applies (10 per instance) in ${wall} ms: 1 × 200 (on instance ${byInstance[0] ? 1 : 2}), 19 × 400; program calls ${programCalls}; cart total GTQ 200 -> ${total}; ` +
          `paid GTQ 180 (link on 2, return on 1), redemption "redeemed" by the worker's order.placed subscriber within ${redeemedMs} ms`
        )
      }
    )

    await check(
      "4. 10 concurrent link creations on one cart over both instances: one service call",
      async () => {
        const cart = await newCart(store[0])
        const before = calls("gatewayASingle").length
        const started = Date.now()
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            link(store[i % 2], cart.id, PROVIDERS.gatewayA)
          )
        )
        const wall = Date.now() - started
        const statuses = answers.map((a) => a.status)
        expect(
          statuses.every((s) => s === 200),
          `statuses ${JSON.stringify(statuses)} ${JSON.stringify(answers.find((a) => a.status !== 200)?.data)}`
        )
        const sessions = new Set(answers.map((a) => a.data.payment_session.id))
        const urls = new Set(
          answers.map((a) => a.data.payment_session.data.url)
        )
        const serviceCalls = calls("gatewayASingle").length - before
        const records = await sql(
          `select status from paylink_checkout where cart_id = $1 and deleted_at is null`,
          [cart.id]
        )
        expect(
          sessions.size === 1 && urls.size === 1,
          `sessions ${sessions.size}, urls ${urls.size}`
        )
        expect(serviceCalls === 1, `service calls: ${serviceCalls}`)
        expect(
          records.length === 1 && records[0].status === "created",
          `records ${JSON.stringify(records)}`
        )
        return `10 creations (5 per instance) in ${wall} ms: 10 × 200, 1 session, 1 link; service calls ${serviceCalls}; records 1 (created)`
      }
    )

    await check(
      "5. the expiry job runs on the worker only, and expires the overdue link once",
      async () => {
        let status
        do {
          ;[{ status }] = await sql(
            `select status from paylink_checkout where id = $1`,
            [overdueRecord.id]
          )
          if (status === "expired") break
          await sleep(500)
        } while (Date.now() - overdueAt < 60_000)
        expect(
          status === "expired",
          `the overdue record is ${status} after 60 s`
        )
        // When the job's update was written, measured from when the record became overdue (both database time).
        const [{ after_s }] = await sql(
          `select extract(epoch from updated_at - $2::timestamptz) as after_s from paylink_checkout where id = $1`,
          [overdueRecord.id, overdueRecord.overdue_at]
        )
        // A few more runs, to count them per process.
        await sleep(3 * EXPIRY_INTERVAL_MS)
        const runs = instances.map((i) =>
          countLines(i.logFile, /paylink: expiry job ran/)
        )
        const expiries = instances.map((i) =>
          countLines(i.logFile, /paylink: 1 payment link\(s\) expired/)
        )
        const jobsLoaded = instances.map((i) =>
          countLines(
            i.logFile,
            /Registering job from .*expire-paylink-checkouts/
          )
        )
        workerProof.push(runs, expiries)
        expect(
          runs[0] === 0 && runs[1] === 0 && runs[2] >= 2,
          `job runs per process (server-1, server-2, worker): ${runs}`
        )
        expect(
          expiries.join() === "0,0,1",
          `"1 payment link(s) expired" lines per process: ${expiries}`
        )
        expect(
          jobsLoaded[0] === 0 && jobsLoaded[1] === 0,
          `servers registered the job: ${jobsLoaded}`
        )
        return (
          `record #${overdueRecord.number} expired ${Number(after_s).toFixed(1)} s after it became overdue (interval ${EXPIRY_INTERVAL_MS} ms); ` +
          `job runs server-1/server-2/worker: ${runs.join("/")}; "expired" log lines: ${expiries.join("/")}`
        )
      }
    )

    // Redis really carried it: the run's keys (BullMQ queues, locks) are there.
    const keys = await redisKeys(redis, `${REDIS_PREFIX}*`)
    const families = [
      ...new Set(
        keys.map((k) =>
          k.slice(REDIS_PREFIX.length).split(":").slice(0, 2).join(":")
        )
      ),
    ].sort()
    log(
      `Redis keys under the run's prefix: ${keys.length} (${families.join(", ")})`
    )
    failed = results.some((r) => !r.ok)
  } catch (e) {
    log(`ERROR ${e.stack || e.message}`)
  } finally {
    await cleanup()
    await redis.quit().catch(() => {})
  }

  const wall = ((Date.now() - T0) / 1000).toFixed(1)
  console.log(
    `\nSeveral instances (2 servers + 1 worker, ${process.env.CLUSTER_WITHOUT_REDIS_MODULES ? "CONTROL: without the Redis modules" : "Redis modules"}):`
  )
  for (const r of results)
    console.log(`  ${r.ok ? "PASS" : "FAIL"}  ${r.name}\n        ${r.figures}`)
  console.log(`  wall time ${wall} s`)
  if (failed || results.length < 5) {
    console.log(`FAILED (logs kept in ${LOGS})`)
    process.exitCode = 1
  } else {
    console.log("PASSED")
    if (process.env.CLUSTER_KEEP_LOGS) console.log(`logs: ${LOGS}`)
    else fs.rmSync(LOGS, { recursive: true, force: true })
  }
}

for (const sig of ["SIGINT", "SIGTERM"]) {
  process.once(sig, async () => {
    log(`${sig}: stopping`)
    await Promise.all([...children].map((c) => stopChild(c)))
    for (const fn of cleanups.splice(0).reverse())
      await Promise.resolve()
        .then(fn)
        .catch(() => {})
    process.exit(130)
  })
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e) => {
    console.error(e)
    process.exit(1)
  }
)
