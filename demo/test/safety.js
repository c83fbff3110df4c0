"use strict"
/**
 * The demo attacked as an outsider would, against the running demo: what its old fixed
 * secrets and open ports allowed must now be refused. Every check runs (a failure does not hide
 * the next ones); the caller gets { passed, failed, skipped }.
 *
 *   - a return link signed with the old public secret is refused and places no order;
 *   - a JWT signed with `supersecret` does not open /admin;
 *   - no server answers on the machine's non-loopback addresses;
 *   - no region offers the system payment provider (it places unpaid orders);
 *   - the old fixed admin password does not sign in;
 *   - .demo/secrets.json exists and only its owner can read it (0600);
 *   - the storefront shows no message taken from its address (`?error=…`): anyone could
 *     send a customer a link that makes the store display "call this number".
 */
const fs = require("node:fs")
const net = require("node:net")
const os = require("node:os")
const path = require("node:path")
const jwt = require("jsonwebtoken")
const {
  storeApi,
  readyCart,
  landingTargetOf,
  orderIdOf,
} = require("../lib/store-api")
const { requireTs } = require("./ts-source")

const REPO = path.resolve(__dirname, "../..")
const SECRETS_FILE = path.join(REPO, ".demo", "secrets.json")

/** What the demo used before per-install secrets: public in this repository's history. */
const OLD = {
  returnLinkSecret: "development-only-secret-0123456789abcdef",
  jwtSecret: "supersecret",
  adminPassword: "demo-paylink-1234",
}

/** The return-link signer itself (src/lib/return/return-link.ts), so the forgery is exactly what the plugin checks. */
function returnLinkModule() {
  return {
    ...requireTs("src/lib/return/return-link.ts"),
    ...requireTs("src/lib/common/money.ts"),
  }
}

/** The machine's addresses other than loopback (and link-local, which needs a scope to reach). */
function nonLoopbackAddresses() {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter(
      (a) =>
        a && !a.internal && !(a.family === "IPv6" && /^fe80:/i.test(a.address))
    )
    .map((a) => a.address)
}

/** Whether a TCP connection to host:port is accepted within `ms`. */
function accepts(host, port, ms = 3000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    const done = (ok) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(ms, () => done(false))
    socket.once("connect", () => done(true))
    socket.once("error", () => done(false))
  })
}

async function regionsAndVariant(api) {
  const { regions } = await api.must(
    "GET",
    "/store/regions?fields=id,currency_code"
  )
  const { products } = await api.must(
    "GET",
    "/store/products?handle=cafe-huehuetenango&fields=id,*variants"
  )
  const variantId = products[0]?.variants?.[0]?.id
  if (!variantId)
    throw new Error("the demo store has no cafe-huehuetenango variant")
  return {
    regions,
    gtq: regions.find((r) => r.currency_code === "gtq"),
    variantId,
  }
}

const CHECKS = {
  async "a return link signed with the old fixed secret is refused and places no order"(
    ctx
  ) {
    const { api, store } = ctx
    const { buildReturnUrl, toCents } = ctx.signer
    const { cartId } = await readyCart(api, {
      regionId: store.gtq.id,
      variantId: store.variantId,
      quantity: 1,
      email: `forger-${Date.now()}@example.gt`,
    })
    const { payment_session: session } = await api.must(
      "POST",
      `/store/carts/${cartId}/payment-link`,
      { provider_id: "pp_paylink-gateway-a_default" }
    )
    const forged = buildReturnUrl(ctx.ready.backend, OLD.returnLinkSecret, {
      session: session.id,
      cents: toCents(session.amount),
      currency: session.currency_code.toUpperCase(),
      outcome: "success",
      exp: Math.floor(Date.now() / 1000) + 3600,
    })
    const u = new URL(forged)
    const res = await api.call("GET", `${u.pathname}${u.search}`)
    const placed = orderIdOf(landingTargetOf(res))
    const { cart } = await api.must(
      "GET",
      `/store/carts/${cartId}?fields=id,completed_at`
    )
    if (placed || cart.completed_at) {
      return `the forged return answered ${res.status} and placed order ${placed ?? "(cart completed)"} with no payment`
    }
    if (res.status !== 403)
      return `the forged return answered ${res.status}, expected 403 (link not accepted)`
  },

  async "a JWT signed with supersecret does not open /admin"(ctx) {
    const token = jwt.sign(
      {
        actor_id: "user_forged",
        actor_type: "user",
        auth_identity_id: "authid_forged",
        app_metadata: { user_id: "user_forged" },
      },
      OLD.jwtSecret,
      { expiresIn: "1h" }
    )
    const res = await fetch(
      `${ctx.ready.backend}/admin/orders?fields=id&limit=1`,
      { headers: { authorization: `Bearer ${token}` } }
    )
    await res.arrayBuffer()
    if (res.status !== 401)
      return `GET /admin/orders with a self-signed token answered ${res.status}, expected 401`
  },

  async "no server answers on the machine's non-loopback addresses"(ctx) {
    const addresses = nonLoopbackAddresses()
    if (!addresses.length)
      return { skip: "this machine has no non-loopback address" }
    const servers = {
      storefront: ctx.ready.storefront,
      medusa: ctx.ready.backend,
      sandbox: ctx.ready.sandbox,
    }
    const open = []
    for (const [name, url] of Object.entries(servers)) {
      const port = Number(new URL(url).port)
      for (const host of addresses)
        if (await accepts(host, port))
          open.push(
            `${name} on ${host.includes(":") ? `[${host}]` : host}:${port}`
          )
    }
    ctx.log?.(`non-loopback addresses tried: ${addresses.join(", ")}`)
    if (open.length) return `reachable from the network: ${open.join(", ")}`
  },

  async "no region offers the system payment provider"(ctx) {
    const offered = []
    for (const region of ctx.store.regions) {
      const { payment_providers } = await ctx.api.must(
        "GET",
        `/store/payment-providers?region_id=${region.id}`
      )
      if (payment_providers.some((p) => p.id === "pp_system_default"))
        offered.push(region.currency_code)
    }
    if (offered.length)
      return `pp_system_default is offered in the ${offered.join(", ")} region(s)`
  },

  async "the old fixed admin password does not sign in"(ctx) {
    const res = await fetch(`${ctx.ready.backend}/auth/user/emailpass`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: ctx.ready.email,
        password: OLD.adminPassword,
      }),
    })
    await res.arrayBuffer()
    if (res.status !== 401)
      return `signing in as ${ctx.ready.email} with the old fixed password answered ${res.status}, expected 401`
  },

  async "the storefront shows no message taken from its address"(ctx) {
    const { cartId } = await readyCart(ctx.api, {
      regionId: ctx.store.gtq.id,
      variantId: ctx.store.variantId,
      quantity: 1,
      email: `spoof-${Date.now()}@example.gt`,
    })
    const fake =
      "Su pago fue rechazado. Llame al +502 5555 0000 para completarlo."
    const shown = []
    for (const step of ["address", "delivery", "payment"]) {
      const res = await fetch(
        `${ctx.ready.storefront}/checkout?step=${step}&cart_id=${encodeURIComponent(cartId)}&error=${encodeURIComponent(fake)}`
      )
      const html = await res.text()
      if (res.status !== 200)
        return `/checkout?step=${step} answered ${res.status}`
      if (html.includes("Llame al +502")) shown.push(`step=${step}`)
    }
    // A code of the store's own list, with no message the store set: nothing shown either.
    const coded = await (
      await fetch(
        `${ctx.ready.storefront}/checkout?step=payment&cart_id=${encodeURIComponent(cartId)}&error=payment`
      )
    ).text()
    if (/id="error"/.test(coded))
      shown.push("?error=payment (a code the store did not set)")
    if (shown.length)
      return `the page displays text from its address: ${shown.join(", ")}`
  },

  async ".demo/secrets.json exists with mode 0600"() {
    if (!fs.existsSync(SECRETS_FILE))
      return `${path.relative(REPO, SECRETS_FILE)} does not exist`
    const mode = fs.statSync(SECRETS_FILE).mode & 0o777
    if (mode !== 0o600)
      return `${path.relative(REPO, SECRETS_FILE)} has mode ${mode.toString(8)}, expected 600`
  },
}

/** Runs every check against the demo `ready` describes (its DEMO_READY line). */
async function checkDemoSafety(ready, { log } = {}) {
  // Compiled before any request: it blocks for seconds, and a kept-alive connection the server
  // closed meanwhile would then fail the next request ("other side closed").
  const signer = returnLinkModule()
  const api = storeApi(ready.backend, ready.publishableKey)
  const ctx = { ready, api, log, signer, store: await regionsAndVariant(api) }
  const result = { passed: [], failed: [], skipped: [] }
  for (const [name, check] of Object.entries(CHECKS)) {
    let outcome
    try {
      outcome = await check(ctx)
    } catch (e) {
      outcome = `threw: ${e.message}${e.cause ? ` (${e.cause.code || e.cause.message})` : ""}`
    }
    if (!outcome) result.passed.push(name)
    else if (outcome.skip) result.skipped.push(`${name}: ${outcome.skip}`)
    else result.failed.push(`${name}: ${outcome}`)
    log?.(
      `safety: ${!outcome ? "ok  " : outcome.skip ? "skip" : "FAIL"} ${name}${outcome ? ` (${outcome.skip ?? outcome})` : ""}`
    )
  }
  return result
}

module.exports = { checkDemoSafety, OLD, SECRETS_FILE }
