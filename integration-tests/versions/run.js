#!/usr/bin/env node
"use strict"
/**
 * The Medusa versions the package claims (`npm run test:versions`): package.json's peer range of
 * @medusajs/framework and @medusajs/medusa, proved on the lowest and the highest version of it
 * published on the npm registry (`npm view @medusajs/medusa versions`; pre-releases left out).
 *
 * For each version, as a merchant would:
 *   1. a throwaway stock app in a temporary directory (outside this repository, so nothing resolves
 *      from its node_modules): the packages a new Medusa app lists, at that version, `npm install`;
 *   2. `npm install <the packed tarball>`, with npm's ordinary peer checks (no --legacy-peer-deps,
 *      no --force): a peer range that excluded the app's version fails here (ERESOLVE); and one
 *      copy of @medusajs/* (the plugin gets none of its own);
 *   3. a throwaway PostgreSQL database, `medusa db:migrate` (Medusa's tables and the plugin's);
 *   4. a store seeded with `medusa exec` (region GTQ with gateways A, B and C, a product, a
 *      publishable key, an admin token);
 *   5. `medusa start`, the package's own sandbox, and one checkout per gateway over HTTP: cart,
 *      payment link, Pay on the hosted page, the return, and the order with its payment captured.
 *
 * Arguments: `lowest`, `highest` (default: both), or exact versions (e.g. `2.21.1`, which must be
 * in the range). `--tarball <file>` uses a packed tarball instead of building and packing.
 * `--keep` keeps the apps and databases (a failing run keeps the app and its logs, drops the database).
 * Environment: VERSIONS_DATABASE_URL (a server to create the databases on; default
 * postgres://postgres@localhost:5432). The registry must be reachable; with npm's cache warm an
 * app installs in ~1.5 min on 2 busy cores, and one version takes ~2.5 to 3 min in all (README
 * section 12 has the figures).
 */
const crypto = require("node:crypto")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { throwawayDatabase } = require("../../demo/lib/throwaway-db")
const { freePort } = require("../../demo/lib/ports")
const { runCommand, startServer } = require("../../demo/lib/medusa")
const {
  storeApi,
  GUEST_ADDRESS,
  pressOnHostedPage,
  followReturn,
  landingTargetOf,
  orderIdOf,
} = require("../../demo/lib/store-api")
const app = require("../helpers/stock-app")
const { PKG, Failure, check, run, lastLines } = app

const T0 = Date.now()
const KEEP = process.argv.includes("--keep")
const tarballArg = (() => {
  const i = process.argv.indexOf("--tarball")
  return i > 0 ? path.resolve(process.argv[i + 1]) : null
})()
const wanted = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith("--") && all[i - 1] !== "--tarball")

/** The gateways, each with the sandbox's token for it. */
const GATEWAYS = [
  {
    label: "gateway A",
    provider: "pp_paylink-gateway-a_default",
    gateway: "gateway_a",
    token: "sandbox-token-a",
  },
  {
    label: "gateway B",
    provider: "pp_paylink-gateway-b_default",
    gateway: "gateway_b",
    token: "sandbox-token-b",
  },
  {
    label: "gateway C",
    provider: "pp_paylink-gateway-c_default",
    gateway: "gateway_c",
    token: "sandbox-token-c",
  },
]

const secs = (ms) => `${(ms / 1000).toFixed(1)}s`
const log = (msg) =>
  console.log(`[versions ${secs(Date.now() - T0).padStart(7)}] ${msg}`)

// ---------------------------------------------------------------- the range and its versions

/** [x, y, z] of a plain version, or null for a pre-release or anything else. */
function parse(v) {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(v.trim())
  return m ? m.slice(1).map(Number) : null
}
const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]

/** The peer range as [lowest included, highest excluded]; it must read ">=x.y.z <x.y.z". */
function peerRange() {
  const ranges = ["@medusajs/framework", "@medusajs/medusa"].map(
    (n) => PKG.peerDependencies?.[n]
  )
  check(
    ranges[0] && ranges[0] === ranges[1],
    `package.json: @medusajs/framework and @medusajs/medusa must have one peer range (${ranges.join(" / ")})`
  )
  const m = /^>=\s*(\S+)\s+<\s*(\S+)$/.exec(ranges[0])
  check(
    m && parse(m[1]) && parse(m[2]),
    `package.json: the peer range "${ranges[0]}" is not of the form ">=x.y.z <x.y.z" this script reads`
  )
  return { text: ranges[0], from: parse(m[1]), below: parse(m[2]) }
}

function publishedInRange(range) {
  const res = run("npm", ["view", "@medusajs/medusa", "versions", "--json"])
  check(
    res.status === 0,
    `npm view @medusajs/medusa versions failed:\n${lastLines(res.output)}`
  )
  const all = JSON.parse(res.stdout)
  return all
    .map((v) => ({ v, p: parse(v) }))
    .filter(
      ({ p }) => p && compare(p, range.from) >= 0 && compare(p, range.below) < 0
    )
    .sort((a, b) => compare(a.p, b.p))
    .map(({ v }) => v)
}

function versionsToTest(published, range) {
  check(
    published.length > 0,
    `no published @medusajs/medusa version in ${range.text}`
  )
  const lowest = published[0]
  const highest = published[published.length - 1]
  const asked = wanted.length ? wanted : ["lowest", "highest"]
  const out = []
  for (const a of asked) {
    const v = a === "lowest" ? lowest : a === "highest" ? highest : a
    check(
      published.includes(v),
      `${a}: not a published @medusajs/medusa version in ${range.text} (published: ${published.join(", ")})`
    )
    if (!out.includes(v)) out.push(v)
  }
  return out
}

// ---------------------------------------------------------------- the package

// ---------------------------------------------------------------- the stock app

/** The store, with Medusa's workflows; prints `VERSIONS_SEED {...}` for this script. */
const SEED_SCRIPT = `import type { ExecArgs } from "@medusajs/framework/types"
import { generateJwtToken, Modules } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
} from "@medusajs/medusa/core-flows"

export default async function seed({ container }: ExecArgs) {
  const {
    result: [channel],
  } = await createSalesChannelsWorkflow(container).run({ input: { salesChannelsData: [{ name: "Web" }] } })
  const {
    result: [key],
  } = await createApiKeysWorkflow(container).run({ input: { api_keys: [{ title: "storefront", type: "publishable", created_by: "seed" }] } })
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: key.id, add: [channel.id] } })
  const {
    result: [region],
  } = await createRegionsWorkflow(container).run({
    input: { regions: [{ name: "Guatemala", currency_code: "gtq", countries: ["gt"], payment_providers: ${JSON.stringify(GATEWAYS.map((g) => g.provider))} }] },
  })
  const { result: products } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: "Café de Huehuetenango",
          status: "published",
          options: [{ title: "Size", values: ["Bag"] }],
          variants: [{ title: "Bag", options: { Size: "Bag" }, manage_inventory: false, prices: [{ amount: 100, currency_code: "gtq" }] }],
          sales_channels: [{ id: channel.id }],
        },
      ],
    },
  })
  const user = await container.resolve(Modules.USER).createUsers({ email: "versions-check@example.com" })
  const identity = await container.resolve(Modules.AUTH).createAuthIdentities({
    provider_identities: [{ provider: "emailpass", entity_id: user.email }],
    app_metadata: { user_id: user.id },
  })
  const adminToken = generateJwtToken(
    { actor_id: user.id, actor_type: "user", auth_identity_id: identity.id, app_metadata: { user_id: user.id } },
    { secret: process.env.JWT_SECRET!, expiresIn: "1h" }
  )
  const seed = { publishableKey: key.token, regionId: region.id, variantId: products[0].variants[0].id, adminToken }
  console.log(\`VERSIONS_SEED \${JSON.stringify(seed)}\`)
}
`

// ---------------------------------------------------------------- one version

async function checkVersion(version, tgz) {
  const started = Date.now()
  const timings = []
  const step = async (name, fn) => {
    const t = Date.now()
    const out = await fn()
    timings.push(`${name} ${secs(Date.now() - t)}`)
    return out
  }
  const id = `${Date.now().toString(36)}${crypto.randomBytes(3).toString("hex")}`
  const dir = fs.mkdtempSync(
    path.join(os.tmpdir(), `paylink-medusa-${version}-`)
  )
  const logDir = path.join(dir, "logs")
  const cli = path.join(dir, "node_modules", "@medusajs", "cli", "cli.js")
  let db = null
  let sandbox = null
  let server = null
  let passed = false
  log(`Medusa ${version}: stock app in ${dir}`)
  try {
    app.writeApp(dir, version, { "seed-paylink-check.ts": SEED_SCRIPT })
    await step("app install", () => app.npmInstall(dir, [], "app"))
    await step("plugin install", () => app.npmInstall(dir, [tgz], "plugin"))
    app.checkOneMedusa(dir, version)
    log(
      `Medusa ${version}: app and plugin installed with npm's peer checks, one copy of @medusajs/*`
    )

    db = await throwawayDatabase(
      `paylink_versions_${version.replace(/\./g, "_")}_${id}`,
      process.env.VERSIONS_DATABASE_URL
    )
    const [sandboxPort, port] = [await freePort(), await freePort()]
    const env = app.appEnv({ databaseUrl: db.url, sandboxPort, port })
    const medusa = { logDir, cwd: dir, cli }
    const fix = `read the logs in ${logDir}`
    await step("migrate", () =>
      runCommand("migrate", ["db:migrate"], env, fix, null, medusa)
    )
    const seedLog = await step("seed", () =>
      runCommand(
        "seed",
        ["exec", "./src/scripts/seed-paylink-check.ts"],
        env,
        fix,
        null,
        medusa
      )
    )
    const seed = app.seedOutput(seedLog, "VERSIONS_SEED", `${logDir}/seed.log`)

    // The sandbox the installed package ships (medusa-plugin-paylink/sandbox).
    sandbox = await app.startInstalledSandbox(dir, {
      port: sandboxPort,
      host: "127.0.0.1",
    })
    server = await step("boot", () =>
      startServer(port, env, { timeoutMs: 300_000, name: "medusa", ...medusa })
    )
    log(`Medusa ${version}: migrated, seeded, serving on ${port}`)

    await step("checkouts", () =>
      checkouts(version, `http://127.0.0.1:${port}`, seed, sandbox)
    )
    log(
      `Medusa ${version}: PASSED in ${secs(Date.now() - started)} (${timings.join("; ")})`
    )
    passed = true
    return { version, ms: Date.now() - started, timings }
  } catch (e) {
    e.message = `Medusa ${version}: ${e.message}\n  the app and its logs are kept in ${dir}`
    throw e
  } finally {
    if (server) await server.stop()
    if (sandbox) await sandbox.close().catch(() => {})
    if (db && !KEEP) await db.drop().catch(() => {})
    if (passed && !KEEP) fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** One checkout per gateway: a guest's cart, its link, Pay, the return, a captured order. */
async function checkouts(version, baseUrl, seed, sandbox) {
  const api = storeApi(baseUrl, seed.publishableKey)
  const admin = { authorization: `Bearer ${seed.adminToken}` }
  for (const g of GATEWAYS) {
    const { cart } = await api.must("POST", "/store/carts", {
      region_id: seed.regionId,
      items: [{ variant_id: seed.variantId, quantity: 2 }],
      email: `guest-${g.gateway}@example.com`,
      billing_address: GUEST_ADDRESS,
    })
    const before = sandbox.requests.length
    const { payment_session: session } = await api.must(
      "POST",
      `/store/carts/${cart.id}/payment-link`,
      { provider_id: g.provider }
    )
    check(
      session?.provider_id === g.provider && session.data?.url,
      `${g.label}: the payment-link answer has no link: ${JSON.stringify(session)?.slice(0, 300)}`
    )
    const sent = sandbox.requests.slice(before)
    check(
      sent.length === 1 && sent[0].headers["x-token"] === g.token,
      `${g.label}: the sandbox got ${sent.length} calls, not one with ${g.label}'s token`
    )
    const paid = await pressOnHostedPage(session.data.url, "pay")
    check(
      paid.status === 303 && paid.location,
      `${g.label}: the hosted page's Pay answered ${paid.status}`
    )
    const back = await followReturn(api, paid.location)
    const orderId = orderIdOf(landingTargetOf(back))
    check(
      orderId,
      `${g.label}: the return answered ${back.status} ${back.text.slice(0, 200)}, not the landing page to the order page`
    )
    const res = await fetch(
      `${baseUrl}/admin/orders/${orderId}?fields=id,total,payment_status,*payment_collections.payments`,
      { headers: admin }
    )
    check(
      res.ok,
      `${g.label}: GET /admin/orders/${orderId} answered ${res.status}`
    )
    const { order } = await res.json()
    const payment = order.payment_collections?.[0]?.payments?.[0]
    check(
      order.total === 200 &&
        order.payment_status === "captured" &&
        payment?.provider_id === g.provider &&
        payment.captured_at,
      `${g.label}: order ${orderId} is ${JSON.stringify({ total: order.total, payment_status: order.payment_status, provider: payment?.provider_id })}, not GTQ 200 captured by ${g.provider}`
    )
    log(
      `Medusa ${version}: ${g.label}: cart ${cart.id} -> link ${session.data.number} -> paid -> order ${orderId}, GTQ 200 captured`
    )
  }
}

// ----------------------------------------------------------------

async function main() {
  const range = peerRange()
  const published = publishedInRange(range)
  const versions = versionsToTest(published, range)
  log(
    `peer range ${range.text}: published ${published.join(", ")}; testing ${versions.join(" and ")}`
  )
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "paylink-versions-pack-"))
  try {
    const t = Date.now()
    const tgz = app.packedTarball(tmp, tarballArg)
    log(
      `package: ${path.basename(tgz)}${tarballArg ? "" : ` (built and packed in ${secs(Date.now() - t)})`}`
    )
    const results = []
    for (const v of versions) results.push(await checkVersion(v, tgz))
    log(
      `PASSED: ${results.map((r) => `Medusa ${r.version} ${secs(r.ms)}`).join(", ")}; total ${secs(Date.now() - T0)}`
    )
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true })
  }
}

main().catch((e) => {
  if (!(e instanceof Failure) && !e.message?.startsWith("Medusa "))
    console.error(e)
  console.error(
    `[versions] FAILED after ${secs(Date.now() - T0)}: ${e.message}`
  )
  process.exit(1)
})
