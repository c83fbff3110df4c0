"use strict"
/**
 * A guest shopping on Medusa's Next.js storefront in headless Chromium: the product page, the
 * checkout's address, delivery, payment and review steps, the sandbox's hosted page, and where the
 * browser lands after it. Each step is a check (passed or failed, with what was seen) and a
 * screenshot at 1280 px. The storefront's own data-testid attributes are used, so the steps follow
 * the stock starter and any recipe that keeps them.
 *
 * The sandbox listens on 127.0.0.1 and the backend and storefront on localhost: the gateway is
 * another site than the store, as in production, so SameSite cookies behave as they would there.
 */
const fs = require("node:fs")
const path = require("node:path")

const WIDTH = 1280
const STEP_TIMEOUT = 30_000

const A = "pp_paylink-gateway-a_default"
const B = "pp_paylink-gateway-b_default"
const C = "pp_paylink-gateway-c_default"
const SUBSCRIPTION = "pp_paylink-gateway-a-subscription_monthly"

/** How each provider's option may read on the payment step: the stock starter shows the id. */
const PROVIDER_LABEL = {
  [SUBSCRIPTION]:
    /pp_paylink-gateway-a-subscription_monthly|subscription \(gateway a\)|suscripción mensual/i,
  "pp_paylink-gateway-a_default":
    /pp_paylink-gateway-a_default|card — gateway a\b|tarjeta — pasarela a\b|^gateway a$/i,
  "pp_paylink-gateway-b_default":
    /pp_paylink-gateway-b_default|gateway b\b|pasarela b\b/i,
  "pp_paylink-gateway-c_default":
    /pp_paylink-gateway-c_default|gateway c\b|pasarela c\b/i,
}

/** A guest's address in `country` (gt or sv). */
function guest(country, n) {
  return {
    first: "Ana",
    last: "López",
    address: country === "sv" ? "Calle Arce 1010" : "6a Avenida 10-25, Zona 1",
    postal: country === "sv" ? "1101" : "01001",
    city: country === "sv" ? "San Salvador" : "Guatemala",
    country,
    email: `guest-${n}-${Date.now().toString(36)}@example.com`,
    phone: country === "sv" ? "+503 2222 1234" : "+502 5555 1234",
  }
}

/**
 * One flow's record: checks and screenshots. `step(name, fn)` runs fn, takes a screenshot named
 * after the step, and records { ok, detail }; a step that throws fails the flow's remaining steps
 * unless it was marked `soft` (a finding that lets the customer go on).
 */
function recorder(flow, page, shotDir) {
  const checks = []
  let n = 0
  const shot = async (name) => {
    const file = path.join(
      shotDir,
      `${flow}-${String(++n).padStart(2, "0")}-${name}.png`
    )
    try {
      await page.screenshot({ path: file, fullPage: true })
      return file
    } catch {
      return null
    }
  }
  const record = async (name, ok, detail) => {
    const screenshot = await shot(name)
    checks.push({ flow, name, ok, detail, screenshot, url: page.url() })
    return ok
  }
  return { checks, shot, record }
}

class StepFailed extends Error {}

/** The shopper's actions on one page of one browser context. */
function shopper({ page, storefrontUrl, sandboxOrigin, productHandle, rec }) {
  const sf = (p) => `${storefrontUrl}${p}`
  let hostedUrl = null

  /** Fails the flow with what the page shows. */
  async function must(name, cond, detail) {
    await rec.record(name, !!cond, detail)
    if (!cond) throw new StepFailed(`${name}: ${detail}`)
  }

  async function pageText() {
    return (
      await page
        .locator("body")
        .innerText()
        .catch(() => "")
    )
      .replace(/\s+/g, " ")
      .trim()
  }

  async function addToCart(
    country,
    { soft = false, name = "add-to-cart", handle = productHandle } = {}
  ) {
    await page.goto(sf(`/${country}/products/${handle}`))
    const button = page.getByTestId("add-product-button")
    // While the page streams, the Suspense fallback's (disabled) button can sit beside the real one.
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="add-product-button"]')
          .length === 1,
      null,
      { timeout: STEP_TIMEOUT }
    )
    // Hydrated: a click before React attached its handler would do nothing.
    await page
      .waitForLoadState("networkidle", { timeout: STEP_TIMEOUT })
      .catch(() => {})
    const before = await cartCount()
    await button.click()
    // The button shows a spinner while the server action runs; done when the nav's count moves.
    // The nav can hold two counts (its Suspense fallback, "Cart (0)"), so the highest is read.
    let added = await page
      .waitForFunction(
        (b) =>
          Array.from(
            document.querySelectorAll('[data-testid="nav-cart-link"]')
          ).some(
            (el) =>
              Number((/\((\d+)\)/.exec(el.textContent || "") || [])[1]) > b
          ),
        before,
        { timeout: STEP_TIMEOUT }
      )
      .then(() => true)
      .catch(() => false)
    // And the button is back: a failed action leaves it spinning ("Loading...") for good.
    const settled = await page
      .waitForFunction(
        () =>
          !document.querySelector('[data-testid="add-product-button"]')
            ?.disabled,
        null,
        { timeout: STEP_TIMEOUT }
      )
      .then(() => true)
      .catch(() => false)
    const buttonText =
      (await button.innerText().catch(() => "?")).trim() || "(spinner)"
    if (!settled) added = false
    else if (!added) {
      // The page may only have missed the refresh: the server's count after a reload decides.
      await page.reload()
      await page
        .waitForLoadState("networkidle", { timeout: STEP_TIMEOUT })
        .catch(() => {})
      added = (await cartCount()) > before
    }
    const detail = added
      ? `the cart holds ${await cartCount()} item(s)`
      : `after ${STEP_TIMEOUT / 1000} s the button read "${buttonText}", and after a reload the cart count is still ${await cartCount()}`
    if (soft) return rec.record(name, added, detail)
    await must(name, added, detail)
  }

  async function cartCount() {
    const texts = await page
      .getByTestId("nav-cart-link")
      .allInnerTexts()
      .catch(() => [])
    return Math.max(
      0,
      ...texts.map((t) => Number((/\((\d+)\)/.exec(t) || [])[1] || 0))
    )
  }

  async function address(g) {
    await page.goto(sf(`/${g.country}/checkout?step=address`))
    await page
      .getByTestId("shipping-first-name-input")
      .waitFor({ timeout: STEP_TIMEOUT })
    await page.getByTestId("shipping-first-name-input").fill(g.first)
    await page.getByTestId("shipping-last-name-input").fill(g.last)
    await page.getByTestId("shipping-address-input").fill(g.address)
    await page.getByTestId("shipping-postal-code-input").fill(g.postal)
    await page.getByTestId("shipping-city-input").fill(g.city)
    await page.getByTestId("shipping-country-select").selectOption(g.country)
    await page.getByTestId("shipping-email-input").fill(g.email)
    await page.getByTestId("shipping-phone-input").fill(g.phone)
    await page.getByTestId("submit-address-button").click()
    const ok = await page
      .waitForURL(/step=delivery/, { timeout: STEP_TIMEOUT })
      .then(
        () => true,
        () => false
      )
    await must(
      "address",
      ok,
      ok
        ? "address saved"
        : `still on ${page.url()}: ${(await pageText()).slice(0, 200)}`
    )
  }

  async function delivery() {
    await page.getByTestId("delivery-option-radio").first().click()
    const button = page.getByTestId("submit-delivery-option-button")
    await page.waitForFunction(
      () =>
        !document
          .querySelector('[data-testid="submit-delivery-option-button"]')
          ?.hasAttribute("disabled"),
      null,
      {
        timeout: STEP_TIMEOUT,
      }
    )
    await button.click()
    const ok = await page
      .waitForURL(/step=payment/, { timeout: STEP_TIMEOUT })
      .then(
        () => true,
        () => false
      )
    await must(
      "delivery",
      ok,
      ok ? "shipping method chosen" : `still on ${page.url()}`
    )
  }

  /** Picks the provider and continues; answers the error the payment step shows, if any. */
  async function choosePayment(provider) {
    // The title's own element: an option's whole text also holds its icon's letter ("gateway AA").
    const option = page
      .getByRole("radio")
      .filter({ has: page.getByText(PROVIDER_LABEL[provider]) })
    const found = await option
      .first()
      .waitFor({ timeout: STEP_TIMEOUT })
      .then(
        () => true,
        () => false
      )
    const label = found
      ? (await option.first().innerText()).replace(/\s+/g, " ").trim()
      : null
    await must(
      "payment-option",
      found,
      found
        ? `offered as "${label}"`
        : `no option for ${provider}; the step shows: ${(await pageText()).slice(0, 300)}`
    )
    await option.first().click()
    await page.getByTestId("submit-payment-button").click()
    const outcome = await Promise.race([
      page
        .waitForURL(/step=review/, { timeout: STEP_TIMEOUT })
        .then(() => "review"),
      page
        .getByTestId("payment-method-error-message")
        .filter({ hasText: /\S/ })
        .waitFor({ timeout: STEP_TIMEOUT })
        .then(() => "error"),
    ]).catch(() => "timeout")
    const error =
      outcome === "error"
        ? (
            await page.getByTestId("payment-method-error-message").innerText()
          ).trim()
        : null
    return { outcome, label, error }
  }

  /** Presses the review step's button; must reach the sandbox's hosted page with its buttons. */
  async function toHostedPage() {
    const button = page.getByTestId("submit-order-button")
    if (
      !(await button.waitFor({ timeout: STEP_TIMEOUT }).then(
        () => true,
        () => false
      ))
    ) {
      // The stock starter's fallback for a provider it does not know: a disabled button, no test id.
      const shown = await page
        .getByRole("button", { name: /select a payment method|place order/i })
        .first()
        .innerText()
        .catch(() => "(no button)")
      await must(
        "review",
        false,
        `the review step has no Place order button, it shows "${shown.trim()}" disabled: the storefront cannot send the customer to pay`
      )
    }
    const text = (await button.innerText()).trim()
    const enabled = await button.isEnabled()
    await must(
      "review",
      enabled,
      enabled
        ? `"${text}" is enabled`
        : `the review step's button reads "${text}" and is disabled: the storefront cannot send the customer to pay`
    )
    await button.click()
    const reached = await page
      .waitForURL((u) => u.origin === sandboxOrigin, { timeout: STEP_TIMEOUT })
      .then(
        () => true,
        () => false
      )
    const live = reached && (await page.locator("#pay").count()) > 0
    hostedUrl = page.url()
    await must(
      "hosted-page",
      live,
      !reached
        ? `the browser stayed on ${page.url()}`
        : live
          ? `on the sandbox's page ${new URL(page.url()).pathname}`
          : `the hosted page answers: ${(await pageText()).slice(0, 400)}`
    )
  }

  /** Presses Pay or Cancel and waits for the browser to leave the sandbox and settle. */
  async function press(button) {
    await page.locator(`#${button}`).click()
    await page
      .waitForURL((u) => u.origin !== sandboxOrigin, { timeout: STEP_TIMEOUT })
      .catch(() => {})
    await page
      .waitForLoadState("networkidle", { timeout: STEP_TIMEOUT })
      .catch(() => {})
  }

  /** After Pay: the storefront's own order page, in the shopper's country. */
  async function expectConfirmed(country) {
    const u = new URL(page.url())
    const onPage =
      u.origin === new URL(storefrontUrl).origin &&
      /\/order\/[^/]+\/confirmed/.test(u.pathname)
    const shown =
      onPage && (await page.getByTestId("order-complete-container").count()) > 0
    await must(
      "order-confirmed",
      shown,
      shown
        ? `${u.pathname}`
        : `landed on ${page.url()}: ${(await pageText()).slice(0, 200)}`
    )
    const landedCountry = u.pathname.split("/")[1]
    await rec.record(
      "order-page-country",
      landedCountry === country,
      landedCountry === country
        ? `in /${country}/`
        : `the cart was bought in /${country}/, the order page opened in /${landedCountry}/`
    )
  }

  /** After an order: the storefront forgot the completed cart (the cart page is empty). */
  async function expectCartForgotten(country) {
    await page.goto(sf(`/${country}/cart`))
    await page
      .waitForLoadState("networkidle", { timeout: STEP_TIMEOUT })
      .catch(() => {})
    const empty = (await page.getByTestId("empty-cart-message").count()) > 0
    await rec.record(
      "cart-forgotten",
      empty,
      empty
        ? "the cart page is empty"
        : `the cart page still lists the ordered items (${await cartCount()} in the nav)`
    )
  }

  /** The payment options' labels as the step shows them. */
  async function paymentOptions() {
    await page
      .getByTestId("submit-payment-button")
      .waitFor({ timeout: STEP_TIMEOUT })
    return (await page.getByRole("radio").allInnerTexts()).map((t) =>
      t.replace(/\s+/g, " ").trim()
    )
  }

  /** Types a card in the payment step's loyalty field and applies it; answers what the field shows. */
  async function applyCard(card) {
    const field = page.getByTestId("paylink-loyalty")
    await field.locator("input[name=card]").fill(card)
    await field.locator("button[type=submit]").click()
    const shown = await Promise.race([
      page
        .getByTestId("paylink-loyalty-applied")
        .waitFor({ timeout: STEP_TIMEOUT })
        .then(() => "applied"),
      page
        .getByTestId("paylink-loyalty-error")
        .waitFor({ timeout: STEP_TIMEOUT })
        .then(() => "error"),
    ]).catch(() => "timeout")
    const text =
      shown === "applied"
        ? await page.getByTestId("paylink-loyalty-applied").innerText()
        : shown === "error"
          ? await page.getByTestId("paylink-loyalty-error").innerText()
          : ""
    return { shown, text: text.replace(/\s+/g, " ").trim() }
  }

  /** Back from the gateway's pages to the store with the browser's Back button. */
  async function backToStore() {
    for (
      let i = 0;
      i < 4 && new URL(page.url()).origin === sandboxOrigin;
      i++
    ) {
      await page.goBack({ timeout: STEP_TIMEOUT }).catch(() => {})
    }
    await page
      .waitForLoadState("networkidle", { timeout: STEP_TIMEOUT })
      .catch(() => {})
    return new URL(page.url()).origin === new URL(storefrontUrl).origin
  }

  return {
    hostedUrl: () => hostedUrl,
    paymentOptions,
    applyCard,
    backToStore,
    must,
    pageText,
    addToCart,
    address,
    delivery,
    choosePayment,
    toHostedPage,
    press,
    expectConfirmed,
    expectCartForgotten,
  }
}

/**
 * The flows, each in a new browser context (a new guest). `english`: the shopper chose English
 * (the starter's `_medusa_locale` cookie); otherwise none is set and the route's country decides
 * (gt, sv: Spanish).
 *   pay-a, pay-b, pay-c: a purchase of ordinary goods on each gateway (no subscription offered,
 *                        the reason said in the shopper's language), the cart page, a new product;
 *   pay-a-sv:            a purchase in the second region (/sv/), to see the country kept;
 *   subscription:        subscription goods paid with the subscription link;
 *   loyalty:             a refused card number, a card applied (discount and authorization shown),
 *                        removed, applied again, paid: the order carries the program's codes;
 *   cancel-a:            Cancel on A's hosted page, back to the payment step, pay with A again,
 *                        then buy again (a new cart) with B;
 *   cancel-b:            Cancel on B's hosted page (no way back from it), Back to the store, Place
 *                        order: a new link, paid;
 *   leave-b, leave-c:    Back from the hosted page without paying; the review step asks: a new
 *                        payment gives a new link, paid; the link left behind, paid too, never
 *                        makes a second order;
 *   resume-c:            the same, but "Back to the payment page": the same link, paid;
 *   error-b:             gateway B answers 500: what the payment step shows.
 */
function flows() {
  const f = (name, provider, run, extra = {}) => ({
    name,
    provider,
    run,
    country: "gt",
    english: false,
    ...extra,
  })
  return [
    f("pay-a", A, payFlow, { english: true }),
    f("pay-b", B, payFlow),
    f("pay-c", C, payFlow, { english: true }),
    f("pay-a-sv", A, payFlow, { country: "sv" }),
    f("subscription", SUBSCRIPTION, subscriptionFlow, { english: true }),
    f("loyalty", A, loyaltyFlow),
    f("cancel-a", A, cancelFlow),
    f("cancel-b", B, cancelThenBackFlow),
    f("leave-b", B, leaveFlow, { english: true }),
    f("leave-c", C, leaveFlow),
    f("resume-c", C, resumeFlow, { english: true }),
    f("error-b", B, errorFlow),
  ]
}

/** What the plugin says on the payment step, per language (the loyalty field's title, a reason). */
const LANGUAGE = {
  es: {
    left: /Salió de la página de pago sin terminar/,
    loyalty: "Tarjeta de lealtad (opcional)",
    notSubscription: /Solo para productos de suscripción/,
    badCard: /tarjeta/i,
  },
  en: {
    left: /You left the payment page without finishing/,
    loyalty: "Loyalty card (optional)",
    notSubscription: /Only for products sold by subscription/,
    badCard: /card/i,
  },
}
const langOf = (f) => (f.english ? "en" : "es")

/** On the payment step of ordinary goods: no subscription offered, its reason and the loyalty field in the shopper's language. */
async function checkPaymentStep(s, f, { page, rec }) {
  const options = await s.paymentOptions()
  const subscriptionOffered = options.some((o) =>
    PROVIDER_LABEL[SUBSCRIPTION].test(o)
  )
  await rec.record(
    "no-subscription-for-ordinary-goods",
    !subscriptionOffered,
    `offered: ${options.join(" | ")}`
  )
  const t = LANGUAGE[langOf(f)]
  const reasons = await page
    .getByTestId("paylink-unavailable-providers")
    .innerText()
    .catch(() => "")
  const title = await page
    .getByTestId("paylink-loyalty")
    .locator("h3")
    .innerText()
    .catch(() => "")
  // Only Guatemala's region offers the subscription, so only there is it left out with a reason.
  const ok =
    (f.country !== "gt" || t.notSubscription.test(reasons)) &&
    title.trim() === t.loyalty
  await rec.record(
    "shopper-language",
    ok,
    `${langOf(f)}: loyalty field "${title.trim()}"; not offered: "${reasons.replace(/\s+/g, " ").trim()}"`
  )
}

async function checkoutToHostedPage(
  s,
  f,
  n,
  ctx,
  { handle, onPaymentStep } = {}
) {
  const g = guest(f.country, n)
  await s.addToCart(f.country, { handle })
  await s.address(g)
  await s.delivery()
  if (onPaymentStep) await onPaymentStep(g)
  const chosen = await s.choosePayment(f.provider)
  await s.must(
    "continue-to-review",
    chosen.outcome === "review",
    chosen.outcome === "review"
      ? "on the review step"
      : `the payment step shows: ${chosen.error || "(nothing; timed out)"}`
  )
  await s.toHostedPage()
  return g
}

async function payFlow(s, f, ctx) {
  await checkoutToHostedPage(s, f, f.name, ctx, {
    onPaymentStep: () => checkPaymentStep(s, f, ctx),
  })
  await s.press("pay")
  await s.expectConfirmed(f.country)
  await s.expectCartForgotten(f.country)
  await s.addToCart(f.country, { soft: true, name: "add-after-order" })
}

async function cancelFlow(s, f, ctx) {
  const { rec, page, storefrontUrl } = ctx
  await checkoutToHostedPage(s, f, f.name, ctx)
  await s.press("cancel")
  const u = new URL(page.url())
  const onStep =
    u.origin === new URL(storefrontUrl).origin &&
    /\/checkout/.test(u.pathname) &&
    (await page.getByTestId("submit-payment-button").count()) > 0
  await rec.record(
    "cancel-lands-on-payment-step",
    onStep,
    onStep
      ? `${u.pathname}${u.search}`
      : `landed on ${u.pathname}${u.search}: "${(await s.pageText()).slice(0, 160)}"`
  )
  if (!onStep) {
    // What the customer can still do: open the checkout again from the store (now a same-site
    // navigation, so the cart cookie is sent).
    await page.goto(`${storefrontUrl}/${f.country}/checkout?step=payment`)
    await rec.record(
      "payment-step-reopened",
      (await page.getByTestId("submit-payment-button").count()) > 0,
      "opened /checkout?step=payment by hand"
    )
  }
  // Pay again with the same provider: the link must be live.
  try {
    const again = await s.choosePayment(f.provider)
    await s.must(
      "pay-again-review",
      again.outcome === "review",
      again.outcome === "review"
        ? "on the review step"
        : `the payment step shows: ${again.error || "(nothing)"}`
    )
    await s.toHostedPage()
    await s.press("pay")
    await s.expectConfirmed(f.country)
  } catch (e) {
    if (!(e instanceof StepFailed)) throw e
    // Recorded; buying again below shows whether the customer can still get out of it.
  }
  // Buy again: another gateway (and, when the order above was placed, a new cart).
  await checkoutToHostedPage(
    s,
    { ...f, provider: "pp_paylink-gateway-b_default" },
    `${f.name}-again`,
    ctx
  )
  await s.press("pay")
  await s.expectConfirmed(f.country)
}

async function subscriptionFlow(s, f, ctx) {
  await checkoutToHostedPage(s, f, f.name, ctx, {
    handle: ctx.subscriptionHandle,
  })
  await s.press("pay")
  await s.expectConfirmed(f.country)
  await s.expectCartForgotten(f.country)
}

async function loyaltyFlow(s, f, ctx) {
  const { rec, page, db } = ctx
  const t = LANGUAGE[langOf(f)]
  await checkoutToHostedPage(s, f, f.name, ctx, {
    onPaymentStep: async () => {
      const bad = await s.applyCard("12")
      await rec.record(
        "card-refused-in-language",
        bad.shown === "error" && t.badCard.test(bad.text),
        `${bad.shown}: "${bad.text}"`
      )
      const applied = await s.applyCard("6012 3456 7890 1234")
      await s.must(
        "card-applied",
        applied.shown === "applied" &&
          /\d/.test(applied.text) &&
          /•••• 1234/.test(applied.text),
        `${applied.shown}: "${applied.text}"`
      )
      await page.getByTestId("paylink-loyalty").getByRole("button").click()
      const removed = await page
        .getByTestId("paylink-loyalty")
        .locator("input[name=card]")
        .waitFor({ timeout: STEP_TIMEOUT })
        .then(
          () => true,
          () => false
        )
      await rec.record(
        "card-removed",
        removed,
        removed ? "the card field is back" : "still applied"
      )
      const again = await s.applyCard("6012 3456 7890 1234")
      await s.must(
        "card-applied-again",
        again.shown === "applied",
        `${again.shown}: "${again.text}"`
      )
    },
  })
  await s.press("pay")
  await s.expectConfirmed(f.country)
  const orderId = new URL(page.url()).pathname.split("/")[3]
  const { rows } = await db.query(
    `SELECT status, "authorization", confirmation FROM benefit_redemption WHERE order_id = $1`,
    [orderId]
  )
  const r = rows[0]
  await rec.record(
    "order-carries-codes",
    rows.length === 1 && !!r.authorization && !!r.confirmation,
    rows.length
      ? `redemption ${r.status}, authorization ${r.authorization}, confirmation ${r.confirmation}`
      : `no redemption for order ${orderId}`
  )
}

/** Orders placed with this guest's e-mail. */
async function ordersOf(db, email) {
  const { rows } = await db.query(
    `SELECT count(*)::int AS n FROM "order" WHERE email = $1 AND deleted_at IS NULL`,
    [email]
  )
  return rows[0].n
}

/**
 * Back at the store from the gateway without a success return: the review step asks whether to go
 * back to that page or start a new payment, in the shopper's language. `restart`: a new payment,
 * which must be a new, payable link; otherwise the same link again.
 */
async function payAfterComingBack(s, f, ctx, first, { restart = true } = {}) {
  const back = await s.backToStore()
  await s.must(
    "back-at-the-store",
    back,
    back ? ctx.page.url() : `still on ${ctx.page.url()}`
  )
  const notice = ctx.page.getByTestId("paylink-left-notice")
  const shown = await notice.waitFor({ timeout: STEP_TIMEOUT }).then(
    () => notice.innerText(),
    () => ""
  )
  await s.must(
    "asked-new-payment-or-back",
    LANGUAGE[langOf(f)].left.test(shown),
    shown ? `"${shown.trim()}"` : "no choice shown"
  )
  if (!restart) {
    await ctx.page.getByTestId("paylink-resume-button").click()
    const again = await ctx.page
      .waitForURL((u) => u.href === first, { timeout: STEP_TIMEOUT })
      .then(
        () => true,
        () => false
      )
    await s.must(
      "same-link-again",
      again && (await ctx.page.locator("#pay").count()) > 0,
      again ? "back on the same, payable page" : `on ${ctx.page.url()}`
    )
    await s.press("pay")
    await s.expectConfirmed(f.country)
    return
  }
  await s.toHostedPage()
  const second = s.hostedUrl()
  await s.must(
    "new-link",
    second !== first,
    second !== first
      ? `a new link (${new URL(second).pathname})`
      : `the same link again: ${first}`
  )
  await s.press("pay")
  await s.expectConfirmed(f.country)
}

async function cancelThenBackFlow(s, f, ctx) {
  const g = await checkoutToHostedPage(s, f, f.name, ctx)
  const first = s.hostedUrl()
  await s.press("cancel")
  await payAfterComingBack(s, f, ctx, first)
  const n = await ordersOf(ctx.db, g.email)
  await ctx.rec.record("one-order", n === 1, `${n} order(s) for ${g.email}`)
}

async function leaveFlow(s, f, ctx) {
  const g = await checkoutToHostedPage(s, f, f.name, ctx)
  const first = s.hostedUrl()
  await payAfterComingBack(s, f, ctx, first)
  // The link left behind is still payable at the gateway (the service has no cancel call): paid,
  // it must reach the merchant, never a second order.
  await ctx.page.goto(first)
  if ((await ctx.page.locator("#pay").count()) > 0) await s.press("pay")
  const n = await ordersOf(ctx.db, g.email)
  await ctx.rec.record(
    "old-link-paid-no-second-order",
    n === 1,
    `${n} order(s) for ${g.email}; after paying the old link the shopper sees: "${(await s.pageText()).slice(0, 160)}"`
  )
}

/** Back from C's page without paying, then "Back to the payment page": the same link, paid. */
async function resumeFlow(s, f, ctx) {
  const g = await checkoutToHostedPage(s, f, f.name, ctx)
  await payAfterComingBack(s, f, ctx, s.hostedUrl(), { restart: false })
  const n = await ordersOf(ctx.db, g.email)
  await ctx.rec.record("one-order", n === 1, `${n} order(s) for ${g.email}`)
}

/** A message a customer can read: no HTTP status, gateway letter, provider id or setup jargon. */
const TECHNICAL =
  /HTTP \d{3}|gateway [abc]\b|pp_paylink|Error setting up|status code|ECONN|Invalid request|Server Components|digest/i

async function errorFlow(s, f, { rec, sandbox }) {
  const g = guest(f.country, f.name)
  await s.addToCart(f.country)
  await s.address(g)
  await s.delivery()
  // Enough faults for any retry the plugin makes; this flow runs last.
  sandbox.failNext(5, "500", "gatewayB")
  const chosen = await s.choosePayment(f.provider)
  const readable = chosen.outcome === "error" && !TECHNICAL.test(chosen.error)
  await rec.record(
    "error-readable",
    readable,
    chosen.outcome === "error"
      ? `the payment step shows: "${chosen.error}"`
      : `no error shown (${chosen.outcome})`
  )
}

/** Runs every flow (or those named); answers { checks, times }. */
async function runFlows({
  chromium,
  executablePath,
  storefrontUrl,
  sandbox,
  productHandle,
  subscriptionHandle,
  db,
  shotDir,
  only,
}) {
  fs.mkdirSync(shotDir, { recursive: true })
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ["--disable-background-networking", "--no-sandbox"],
  })
  const checks = []
  const times = []
  try {
    for (const f of flows().filter(
      (x) => !only.length || only.includes(x.name)
    )) {
      const t = Date.now()
      const context = await browser.newContext({
        viewport: { width: WIDTH, height: 900 },
        locale: f.english ? "en-US" : "es-GT",
      })
      // The starter's language switch keeps the choice in this cookie.
      if (f.english)
        await context.addCookies([
          { name: "_medusa_locale", value: "en-US", url: storefrontUrl },
        ])
      const page = await context.newPage()
      page.setDefaultTimeout(STEP_TIMEOUT)
      const rec = recorder(f.name, page, shotDir)
      const s = shopper({
        page,
        storefrontUrl,
        sandboxOrigin: new URL(sandbox.url).origin,
        productHandle,
        rec,
      })
      try {
        await f.run(s, f, {
          rec,
          page,
          storefrontUrl,
          sandbox,
          db,
          subscriptionHandle,
        })
      } catch (e) {
        if (!(e instanceof StepFailed))
          await rec.record("unexpected", false, e.message.split("\n")[0])
      } finally {
        await context.close()
      }
      checks.push(...rec.checks)
      times.push([f.name, Date.now() - t])
    }
  } finally {
    await browser.close()
  }
  return { checks, times }
}

module.exports = { runFlows, flows }
