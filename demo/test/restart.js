"use strict"
/**
 * What a restart of the demo must keep (README, "Try it"): a shopper leaves a payment link open and
 * the merchant is signed in; the demo is stopped with Ctrl-C and started again (no --reset). Then:
 *   (a) every server is back on its port;
 *   (b) the admin's sign-in from before still opens the admin API and the dashboard;
 *   (c) the link opened before is paid after, and its payment reaches the order confirmation;
 *   (d) the sandbox still lists every checkout it had.
 * Answers the second start's time (the demo's own "ready in", and the wall time to its URLs).
 */
const {
  adminToken,
  checkoutAsGuest,
  expectText,
  step,
  UI_MS,
} = require("./flows")

async function sandboxCheckoutIds(sandboxUrl) {
  const res = await fetch(`${sandboxUrl}/__sandbox/checkouts`)
  if (!res.ok) throw new Error(`sandbox checkouts: ${res.status}`)
  return (await res.json()).checkouts.map((c) => c.id)
}

async function restartKeepsPromises({
  browser,
  admin,
  ready,
  restart,
  shot,
  log,
}) {
  // A new shopper, so the cart is theirs alone.
  const ctx = await browser.newContext({
    viewport: { width: 1280, height: 900 },
  })
  const shop = await ctx.newPage()
  try {
    const left = await checkoutAsGuest(shop, ready, shot, {
      prefix: "5-restart-link-left-open",
      product: "miel-peten",
      attempts: [{ provider: "pp_paylink-gateway-a_default", action: "leave" }],
      log,
    })
    const token = await adminToken(admin)
    const before = await sandboxCheckoutIds(ready.sandbox)
    log(
      `restart: link ${left.hosted} left open, ${before.length} sandbox checkouts; stopping the demo (Ctrl-C)`
    )

    const t0 = Date.now()
    const again = await restart()
    const wallMs = Date.now() - t0
    log(
      `restart: second start ready in ${(again.readyMs / 1000).toFixed(1)} s (demo's own count; ${(wallMs / 1000).toFixed(1)} s from Ctrl-C to its URLs), migrations ${again.migrated ? "RAN" : "skipped"}`
    )

    // (a) the same ports.
    for (const key of ["storefront", "admin", "backend", "sandbox"])
      if (again[key] !== ready[key])
        throw new Error(
          `restart: ${key} moved from ${ready[key]} to ${again[key]}`
        )

    // (b) the sign-in from before the restart: the admin API, then the dashboard without a login.
    const me = await fetch(`${again.backend}/admin/users/me`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    if (me.status !== 200)
      throw new Error(
        `restart: the admin token from before answers ${me.status} on /admin/users/me`
      )
    await step(admin, shot, "restart admin still signed in", async () => {
      await admin.goto(`${again.admin}/orders`)
      await admin.waitForURL(/\/app\/orders/, { timeout: UI_MS })
      await admin.locator("table").first().waitFor({ timeout: 60_000 })
      if (/\/login/.test(admin.url()))
        throw new Error("the dashboard asks to sign in again")
      await shot(admin, "5-restart-admin-still-signed-in")
    })

    // (d) the sandbox remembers its checkouts.
    const after = await sandboxCheckoutIds(again.sandbox)
    const lost = before.filter((id) => !after.includes(id))
    if (lost.length)
      throw new Error(
        `restart: the sandbox forgot ${lost.length} of ${before.length} checkouts`
      )

    // (c) the link opened before is paid after, and reaches its order.
    const order = await step(
      shop,
      shot,
      "restart pay the link left open",
      async () => {
        await shop.goto(left.hosted)
        await shop.locator("#pay").waitFor({ timeout: UI_MS })
        await shop.click("#pay")
        await shop.waitForURL(/\/order\/[^/]+\/confirmed/, { timeout: 60_000 })
        const display = await expectText(shop.locator("#order-number"), /#\d+/)
        await shot(shop, "5-restart-paid-after-restart")
        return display
      }
    )
    log(
      `restart: same ports, admin still signed in, ${before.length} sandbox checkouts kept, the link left open paid after the restart → order ${order}`
    )
    return { readyMs: again.readyMs, wallMs, migrated: again.migrated }
  } finally {
    await ctx.close()
  }
}

module.exports = { restartKeepsPromises }
