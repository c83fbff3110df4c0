"use strict"
/** What the browser test does on each site: a guest's checkout on the storefront, the merchant's admin. */

const UI_MS = 30_000

/** Runs one named step; a failure names it and keeps a screenshot of the page at that moment. */
async function step(page, shot, name, fn) {
  try {
    return await fn()
  } catch (e) {
    await shot(page, `failed-${name.replace(/[^a-z0-9]+/gi, "-")}`).catch(
      () => {}
    )
    e.message = `step "${name}" failed at ${page.url()}: ${e.message}`
    throw e
  }
}

async function expectText(locator, re) {
  await locator.waitFor({ timeout: UI_MS })
  // Read again until it matches: a page refetches its parts one after the other (the reconcile
  // page's header can say "applied" a moment before its entries table does).
  const until = Date.now() + UI_MS
  for (;;) {
    const text = (await locator.textContent()) || ""
    if (re.test(text)) return text.trim()
    if (Date.now() > until)
      throw new Error(`expected ${re} in "${text.trim()}"`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/**
 * A guest buys one product in GTQ: product page → cart → address (with a NIT) → shipping →
 * optional loyalty card (a mistyped one first, refused by the card rule before any request) →
 * each attempt on the sandbox's hosted page (cancel, pay, or leave: the customer goes away from the
 * live page without pressing anything). After a cancel, paying again with the same gateway must
 * reach a live link, not the canceled one; on B and C (no way back from their page: the customer
 * comes back by hand) that takes "Start a new payment" (`newPayment`). `buyAgain`: this browser ordered before, and its new
 * cart must hold only the product just added. Answers what the confirmation page shows; that page
 * must have forgotten the cart (the header's cart is empty). A last attempt "leave" answers the
 * hosted page's address instead (no order).
 */
async function checkoutAsGuest(
  page,
  ready,
  shot,
  { prefix, product, card, english, attempts, buyAgain, log }
) {
  const s = (name, fn) => step(page, shot, `${prefix} ${name}`, fn)
  await s("product list", async () => {
    await page.goto(`${ready.storefront}/${english ? "?lang=en" : "?lang=es"}`)
    await expectText(page.locator("h1"), english ? /Products/ : /Productos/)
    await page.locator(".product img").first().waitFor()
    // Every image loaded (shipped with the demo, no network).
    const broken = await page.$$eval(
      ".product img",
      (imgs) => imgs.filter((i) => !i.complete || i.naturalWidth === 0).length
    )
    if (broken) throw new Error(`${broken} product images did not load`)
    await shot(page, `${prefix}-01-products`)
  })
  await s("product page and add to cart", async () => {
    await page.click(`.product[data-handle="${product}"] h3 a`)
    await page.locator("#add-to-cart").waitFor()
    await shot(page, `${prefix}-02-product`)
    await page.click("#add-to-cart")
    await page.waitForURL(/\/cart$/)
    if (buyAgain) {
      // A new cart after the order: only this product, and the header counts it alone.
      const rows = await page.locator("main table:not(.totals) tr").count()
      if (rows !== 2)
        throw new Error(
          `the cart after an order has ${rows - 1} lines, expected only the product just added`
        )
      await expectText(page.locator("#cart-link"), /\(1\)/)
    }
    await shot(page, `${prefix}-03-cart`)
    await page.click("#checkout")
  })
  await s("address", async () => {
    await page.waitForURL(/\/checkout/)
    await page.fill("#email", `guest-${prefix}@example.gt`)
    await page.fill("#first_name", "Ana")
    await page.fill("#last_name", "López")
    await page.fill("#address_1", "5a Calle 3-45, Zona 1")
    await page.fill("#city", "Guatemala")
    // A NIT with its check digit (modulo 11): the store refuses one whose digit is wrong.
    await page.fill("#nit", "1234567-9")
    await shot(page, `${prefix}-04-address`)
    await page.click("#to-delivery")
  })
  await s("shipping", async () => {
    await page.waitForURL(/step=delivery/)
    await page.locator('input[name="option_id"]').first().waitFor()
    await shot(page, `${prefix}-05-shipping`)
    await page.click("#to-payment")
    await page.waitForURL(/step=payment/)
  })
  let benefit = null
  if (card) {
    await s("mistyped loyalty card", async () => {
      await page.fill("#card", "6011 00")
      await page.click("#apply-benefit")
      await expectText(
        page.locator("#error"),
        english ? /8 to 19 digits/ : /de 8 a 19 dígitos/
      )
      // The page answered to the refused card keeps what was typed.
      const kept = await page.inputValue("#card")
      if (kept !== "6011 00")
        throw new Error(`the refused card's field holds "${kept}"`)
      await shot(page, `${prefix}-06-loyalty-mistyped`)
    })
    await s("loyalty card", async () => {
      const before = await page.locator("#cart-total").textContent()
      await page.fill("#card", card)
      await page.click("#apply-benefit")
      benefit = (
        await expectText(page.locator("#benefit-authorization"), /\S/)
      ).trim()
      await expectText(page.locator("#discount"), /\d/)
      const after = await page.locator("#cart-total").textContent()
      if (after === before)
        throw new Error(
          `the total did not change with the discount (${before})`
        )
      await shot(page, `${prefix}-06-loyalty-applied`)
    })
  }
  const canceled = new Map() // provider → the hosted page it canceled
  for (const [i, attempt] of attempts.entries()) {
    await s(`pay with ${attempt.provider} then ${attempt.action}`, async () => {
      await page.check(`input[name="provider_id"][value="${attempt.provider}"]`)
      if (attempt.action === "refused")
        return await refusedInPageLanguage(page, ready, shot, {
          prefix,
          english,
          endpoint: attempt.endpoint,
        })
      await shot(page, `${prefix}-07-payment-step-${i + 1}`)
      // "Start a new payment" is offered only back from a gateway's page without a success return.
      await page.click(attempt.newPayment ? "#pay-new" : "#pay")
      // The sandbox's hosted page.
      await page.waitForURL((u) => u.href.startsWith(ready.sandbox), {
        timeout: UI_MS,
      })
      const hosted = page.url()
      if (canceled.get(attempt.provider) === hosted)
        throw new Error(
          `paying again after the cancel reached the canceled link ${hosted}`
        )
      // A live link shows its buttons (a canceled one only says it was canceled).
      await page
        .locator(attempt.action === "leave" ? "#pay" : `#${attempt.action}`)
        .waitFor()
      await shot(page, `${prefix}-08-hosted-page-${i + 1}`)
      if (attempt.action === "leave") return
      await page.click(`#${attempt.action}`)
      if (attempt.action === "cancel") {
        canceled.set(attempt.provider, hosted)
        // Gateways B and C have no cancel address: their page says there is nowhere to go back
        // to, and the shopper comes back to the store by hand.
        if (!attempt.provider.includes("gateway-a")) {
          await page
            .getByText(/nowhere to send you back/i)
            .waitFor({ timeout: UI_MS })
          await page.goto(`${ready.storefront}/checkout?step=payment`)
        }
        await page.waitForURL(/\/checkout\?step=payment/, { timeout: UI_MS })
        await page.locator("#payment-canceled").waitFor({ timeout: UI_MS })
        await shot(page, `${prefix}-09-back-after-cancel`)
      }
    })
  }
  if (attempts[attempts.length - 1].action === "leave")
    return { hosted: page.url() }
  return await s("order confirmation", async () => {
    await page.waitForURL(/\/order\/[^/]+\/confirmed/, { timeout: UI_MS })
    const display = (
      await expectText(page.locator("#order-number"), /#\d+/)
    ).replace("#", "")
    const link = (
      await expectText(page.locator("#link-number"), /^\d+$/)
    ).trim()
    let shownBenefit = null
    if (benefit) {
      shownBenefit = (
        await expectText(page.locator("#benefit-code"), /\S/)
      ).trim()
      if (shownBenefit !== benefit)
        throw new Error(
          `confirmation shows benefit code ${shownBenefit}, checkout showed ${benefit}`
        )
    }
    // The completed cart is forgotten: the header's cart is empty, and so is the cart page.
    await expectText(page.locator("#cart-link"), /\(0\)/)
    await shot(page, `${prefix}-10-confirmed`)
    log?.(`${prefix}: confirmed order #${display}`)
    return {
      display,
      link,
      benefit: shownBenefit,
      id: page.url().match(/\/order\/([^/]+)\//)[1],
    }
  })
}

/**
 * The gateway is down for one call (the sandbox's fault): Pay comes back to the payment step with
 * the store's sentence and at most the plugin's, both in the page's language: never a second
 * sentence in the other language.
 */
async function refusedInPageLanguage(
  page,
  ready,
  shot,
  { prefix, english, endpoint }
) {
  const fault = await fetch(`${ready.sandbox}/__sandbox/fail`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ count: 1, mode: "500", endpoint }),
  })
  if (!fault.ok)
    throw new Error(`the sandbox refused the fault: ${fault.status}`)
  await page.click("#pay")
  await page.waitForURL(/\/checkout\?step=payment/, { timeout: UI_MS })
  const text = await expectText(
    page.locator("#error"),
    english
      ? /could not prepare your payment link/
      : /No pudimos preparar su enlace de pago/
  )
  const other = english
    ? /no está disponible|Inténtelo|forma de pago/
    : /not available|Try again|payment method/
  if (other.test(text))
    throw new Error(
      `the ${english ? "English" : "Spanish"} page shows a sentence in the other language: "${text}"`
    )
  await shot(page, `${prefix}-07-refused-in-page-language`)
}

/** The merchant signs in with the printed login and sees each order with its link (and benefit codes). */
async function signInToAdmin(page, ready, shot, orders, log, shotOf) {
  const s = (name, fn) => step(page, shot, `admin ${name}`, fn)
  await s("sign in", async () => {
    await page.goto(`${ready.admin}/login`)
    await page.locator('input[name="email"]').waitFor({ timeout: 60_000 })
    await shot(page, "3-admin-01-login")
    await page.fill('input[name="email"]', ready.email)
    await page.fill('input[name="password"]', ready.password)
    await page.getByRole("button", { name: "Continue with Email" }).click()
    await page.waitForURL(/\/app\/orders/, { timeout: 60_000 })
    await page
      .getByText(`#${orders[0].display}`)
      .first()
      .waitFor({ timeout: UI_MS })
    await shot(page, "3-admin-02-orders")
  })
  for (const order of orders) {
    await s(`order #${order.display}`, async () => {
      await page.goto(`${ready.admin}/orders/${order.id}`)
      await page
        .getByText(`#${order.display}`)
        .first()
        .waitFor({ timeout: UI_MS })
      // The plugin's Payment links widget lists the order's link by its number (it loads after the page).
      const entry = page
        .locator('[data-testid="paylink-order-checkout"]')
        .filter({ hasText: new RegExp(`#${order.link}\\b`) })
      await entry.first().waitFor({ timeout: UI_MS })
      await shotOf(
        page.locator('[data-testid="paylink-order-widget"]'),
        `3-admin-order-${order.display}-links-widget`
      )
      if (order.benefit) {
        const widget = page.locator('[data-testid="loyalty-order-widget"]')
        await expectText(
          widget,
          new RegExp(order.benefit.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        )
      }
      await shot(page, `3-admin-order-${order.display}`)
      log?.(
        `admin: order #${order.display} shows link ${order.link}${order.benefit ? ` and benefit ${order.benefit}` : ""}`
      )
    })
  }
}

/**
 * The token the dashboard signed in with: the demo's admin runs Medusa's JWT mode
 * (demo/lib/admin-build.js), the token kept in the page's localStorage.
 */
async function adminToken(page) {
  const token = await page.evaluate(() =>
    window.localStorage.getItem("medusa_auth_token")
  )
  if (!token) throw new Error("the admin page holds no sign-in token")
  return token
}

/** The admin API with the page's signed-in token: answers the JSON, throws on any other status. */
function adminApi(page, ready) {
  return async (method, url, data) => {
    const res = await page.request.fetch(`${ready.backend}${url}`, {
      method,
      data,
      headers: { Authorization: `Bearer ${await adminToken(page)}` },
    })
    if (!res.ok())
      throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`)
    return res.json()
  }
}

/**
 * The merchant guide (docs/merchant-guide.md) promises a Payment links card on a draft order's page. The merchant's way there:
 * a draft order (made here through the admin API, with the signed-in session) opened at
 * /app/draft-orders/:id, a page of Medusa's @medusajs/draft-order plugin that must be in the
 * dashboard's build (demo/lib/admin-build.js).
 */
async function draftOrderCard(page, ready, shot, log) {
  return step(page, shot, "admin draft order card", async () => {
    const api = adminApi(page, ready)
    const { regions } = await api(
      "GET",
      "/admin/regions?currency_code=gtq&fields=id"
    )
    const { products } = await api(
      "GET",
      "/admin/products?handle=cafe-huehuetenango&fields=id,*variants"
    )
    const { draft_order: draft } = await api("POST", "/admin/draft-orders", {
      email: "borrador@example.com",
      region_id: regions[0].id,
      items: [{ variant_id: products[0].variants[0].id, quantity: 1 }],
    })
    await page.goto(`${ready.admin}/draft-orders/${draft.id}`)
    await page
      .getByText(`#${draft.display_id}`)
      .first()
      .waitFor({ timeout: UI_MS })
    // The card with what the draft owes (its options loaded), not only its loading frame.
    const widget = page.locator('[data-testid="paylink-order-widget"]')
    await expectText(
      widget.locator('[data-testid="paylink-outstanding"]'),
      /100[.,]00/
    )
    await widget.getByRole("button").first().waitFor({ timeout: UI_MS })
    await shot(page, "3-admin-draft-order")
    log?.(
      `admin: draft order #${draft.display_id} shows the Payment links card`
    )
    return draft
  })
}

module.exports = {
  adminApi,
  adminToken,
  checkoutAsGuest,
  draftOrderCard,
  expectText,
  signInToAdmin,
  step,
  UI_MS,
}
