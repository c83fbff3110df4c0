"use strict"
/**
 * README's subscription tour ("Try it"), walked as README tells it. Run after the reconciliation
 * tour, whose counts assume gateway A's export holds no subscription yet:
 *
 *   1. a customer buys the monthly "Club del café" in the storefront (Spanish), pays on gateway A's
 *      subscription hosted page and comes back with an order;
 *   2. the sandbox's front page: "Charge next period" on that subscription (dated now: the sandbox
 *      does not make anyone wait a month), then gateway A's export, downloaded;
 *   3. the admin: Payment links → Reconcile → New reconciliation, gateway A, that file: the renewal
 *      listed; the Apply prompt says "1 renewal order"; Apply;
 *   4. Payment links → Subscriptions lists the subscription; its drawer's timeline shows the first
 *      order and the renewal order; the renewal order's page, captured at the first order's total,
 *      links back to its subscription.
 *
 * The admin's steps are shot at 1280 px in English and in Spanish (the dashboard's "lng" cookie,
 * which its language setting writes).
 */
const fs = require("node:fs")
const path = require("node:path")
const {
  adminApi,
  checkoutAsGuest,
  expectText,
  step,
  UI_MS,
} = require("./flows")
const { requireTs } = require("./ts-source")

const SUBSCRIPTION = "pp_paylink-gateway-a-subscription_monthly"
const PRODUCT = "club-cafe-mensual"
const MINUTE_MS = 60_000
const floorMinute = (ms) => Math.floor(ms / MINUTE_MS) * MINUTE_MS
/** "#5" in an element's text, not "#51". */
const linkRe = (n) => new RegExp(`#${n}(?!\\d)`)
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The admin's words this tour looks for, in each language. */
const WORDS = {
  en: {
    renewalAction: "Renewal order",
    oneRenewalOrder: "1 renewal order",
    apply: "Apply",
    cancel: "Cancel",
    made: "1 renewal order made",
    subscriptions: "Subscriptions",
    renewalEvent: /^Renewal charged/,
    cardLine: /^Renewal order, charged .+ \(report .+\.csv, line \d+\)$/,
  },
  es: {
    renewalAction: "Pedido de renovación",
    oneRenewalOrder: "1 pedido de renovación",
    apply: "Aplicar",
    cancel: "Cancelar",
    made: "1 pedido de renovación creado",
    subscriptions: "Suscripciones",
    renewalEvent: /^Renovación cobrada/,
    cardLine:
      /^Pedido de renovación, cobrado el .+ \(reporte .+\.csv, línea \d+\)$/,
  },
}

/**
 * The dashboard in `lng` from its next load: the cookie its language detector reads first (and its
 * language setting writes), on the admin's origin.
 */
async function adminLanguage(admin, ready, lng) {
  await admin
    .context()
    .addCookies([{ name: "lng", value: lng, url: ready.backend }])
}

/**
 * `shop`: the customer's page; `admin`: the signed-in admin (English); `dir`: where the download is
 * kept; `shot` and `shotOf`: a page's and an element's screenshot.
 */
async function subscriptionTour({
  shop,
  admin,
  ready,
  shot,
  shotOf,
  dir,
  log,
}) {
  const bought = await checkoutAsGuest(shop, ready, shot, {
    prefix: "5-subscription-01",
    product: PRODUCT,
    buyAgain: true,
    attempts: [{ provider: SUBSCRIPTION, action: "pay" }],
    log,
  })
  const api = adminApi(admin, ready)

  const { record, subscription } = await step(
    admin,
    shot,
    "subscription made by the first order",
    async () => {
      const { checkouts } = await api(
        "GET",
        `/admin/paylink/checkouts?number=${bought.link}`
      )
      const record = checkouts[0]
      if (record?.order_id !== bought.id || !record.returned_at)
        throw new Error(
          `link ${bought.link}: ${JSON.stringify(record && { order_id: record.order_id, returned_at: record.returned_at })}, expected order ${bought.id} and a return`
        )
      const { subscriptions } = await api(
        "GET",
        `/admin/paylink/subscriptions?order_id=${bought.id}`
      )
      if (subscriptions.length !== 1)
        throw new Error(
          `order #${bought.display} has ${subscriptions.length} subscriptions`
        )
      return { record, subscription: subscriptions[0] }
    }
  )

  const front = await shop.context().newPage()
  const file = await step(
    front,
    shot,
    "subscription sandbox Charge next period and the export",
    async () => {
      // The export writes minutes, and a row counts as a renewal only when its minute begins after
      // the customer's return. The sandbox never dates a charge in the first payment's minute, so
      // only a return in a later minute than the payment (a payment a moment before the minute
      // turned) needs the next minute before the charge.
      const settled = await (
        await fetch(
          `${ready.sandbox}/__sandbox/checkouts/${record.checkout_id}`
        )
      ).json()
      const paidAt = Date.parse(settled.settledAt)
      const returnedAt = Date.parse(record.returned_at)
      if (floorMinute(paidAt) + MINUTE_MS <= returnedAt) {
        const wait = floorMinute(returnedAt) + MINUTE_MS + 200 - Date.now()
        if (wait > 0) {
          log?.(
            `subscription: returned in the minute after the payment; waiting ${(wait / 1000).toFixed(1)} s for the next one`
          )
          await new Promise((r) => setTimeout(r, wait))
        }
      }

      await front.goto(`${ready.sandbox}/`)
      const row = front.locator("tr").filter({
        has: front.locator(`a[href="/hosted/${record.checkout_id}"]`),
      })
      await expectText(row.locator("td.state-paid"), /^paid$/)
      await shot(front, "5-subscription-02-sandbox-before")
      await row.getByRole("button", { name: "Charge next period" }).click()
      // The form answers 303 back to this page, which says how many times it was charged again.
      await expectText(row, /\(renewed 1 time\)/)
      await expectText(
        front.locator("body"),
        /The sandbox does not make you wait a period: a charge asked for early is dated now; a reconciliation refuses a row dated in the future\./
      )
      await shot(front, "5-subscription-03-sandbox-charged")
      const charged = await (
        await fetch(
          `${ready.sandbox}/__sandbox/checkouts/${record.checkout_id}`
        )
      ).json()
      const renewalAt = Date.parse(charged.renewals[0].at)
      if (
        renewalAt > Date.now() + MINUTE_MS ||
        floorMinute(renewalAt) <= returnedAt
      )
        throw new Error(
          `the renewal is dated ${charged.renewals[0].at}: not a minute after the return (${record.returned_at}), or in the future`
        )

      const exportLink = front
        .locator("tr")
        .filter({ hasText: "Gateway A (" })
        .getByRole("link", { name: "Export transactions (CSV)" })
      const [download] = await Promise.all([
        front.waitForEvent("download", { timeout: UI_MS }),
        exportLink.click(),
      ])
      // Beside the reconciliation tour's download of the same name, not over it.
      fs.mkdirSync(path.join(dir, "subscription"), { recursive: true })
      const file = path.join(dir, "subscription", download.suggestedFilename())
      await download.saveAs(file)
      // The link's first payment and its renewal: two paid rows (No. de enlace first, Estado sixth).
      const lines = fs.readFileSync(file, "utf8").split(/\r?\n/)
      const paid = lines.filter((l) => l.split(";")[5] === "Pagado")
      const ofLink = paid.filter((l) => l.split(";")[0] === bought.link)
      if (ofLink.length !== 2)
        throw new Error(
          `${path.basename(file)} has ${ofLink.length} paid rows for link ${bought.link}, expected the first payment and the renewal`
        )
      log?.(
        `subscription: link ${bought.link} paid ${settled.settledAt}, back ${record.returned_at}, charged again ${charged.renewals[0].at}; export downloaded (${paid.length} paid rows)`
      )
      return { path: file, paidRows: paid.length }
    }
  )
  await front.close()

  const s = (name, fn) => step(admin, shot, `subscription ${name}`, fn)
  const groups = admin.getByTestId("paylink-reconcile-groups")
  const entries = admin.locator(
    '[data-testid="paylink-reconcile-entries-table"] tbody tr'
  )
  const linkRows = entries.filter({ hasText: linkRe(bought.link) })
  /** The reconciliation's page, its Matched group open on the link's two rows, the renewal's action in `lng`. */
  const showRenewal = async (lng) => {
    await groups.waitFor({ timeout: 60_000 })
    await groups.locator('[data-group="matched"]').click()
    await expectText(
      linkRows.filter({ hasText: WORDS[lng].renewalAction }).first(),
      new RegExp(escapeRe(WORDS[lng].renewalAction))
    )
    if ((await linkRows.count()) !== 2)
      throw new Error(
        `link ${bought.link} has ${await linkRows.count()} rows in Matched, expected the first payment and the renewal`
      )
    await linkRows.last().scrollIntoViewIfNeeded()
  }
  const applyEnabled = () =>
    admin.waitForFunction(
      () =>
        !document
          .querySelector('[data-testid="paylink-reconcile-apply"]')
          ?.hasAttribute("disabled"),
      undefined,
      { timeout: UI_MS }
    )

  const reconciliationUrl = await s(
    "reconciliation of gateway A's export: the renewal listed",
    async () => {
      const { uploadToReconcile } = requireTs(
        "integration-tests/consumer/reconcile-dialog.ts"
      )
      const modal = await uploadToReconcile(admin, {
        app: ready.admin,
        file: file.path,
        words: { reconcile: "Reconcile", gateway: "Gateway A" },
        firstLoadMs: 60_000,
        uiMs: UI_MS,
      })
      await modal.getByTestId("paylink-reconcile-start").click()
      await admin.waitForURL(/\/app\/payment-links\/reconciliations\/[^/]+$/, {
        timeout: UI_MS,
      })
      await admin
        .getByTestId("paylink-reconcile-header")
        .getByTestId("paylink-reconcile-progress")
        .waitFor({ state: "detached", timeout: 60_000 })
      await groups.waitFor({ timeout: UI_MS })
      const counts = Object.fromEntries(
        await groups
          .locator("[data-group]")
          .evaluateAll((bs) =>
            bs.map((b) => [
              b.getAttribute("data-group"),
              Number(b.getAttribute("data-count")),
            ])
          )
      )
      // Every paid row matched: the earlier orders, the first payment and its renewal.
      const expected = {
        matched: file.paidRows,
        paid_no_order: 0,
        order_no_payment: 0,
        unknown: 0,
        amount_mismatch: 0,
        bad_rows: 0,
      }
      const wrong = Object.keys({ ...counts, ...expected }).filter(
        (g) => counts[g] !== expected[g]
      )
      if (wrong.length)
        throw new Error(
          `groups ${JSON.stringify(counts)}, expected ${JSON.stringify(expected)}`
        )
      await showRenewal("en")
      await shot(admin, "5-subscription-04-reconciliation-en")
      log?.(`subscription: reconciliation groups ${JSON.stringify(counts)}`)
      return admin.url()
    }
  )

  await s("the Apply prompt in Spanish, canceled", async () => {
    await adminLanguage(admin, ready, "es")
    await admin.goto(reconciliationUrl)
    await showRenewal("es")
    await shot(admin, "5-subscription-04-reconciliation-es")
    await applyEnabled()
    await admin.getByTestId("paylink-reconcile-apply").click()
    const prompt = admin.getByRole("alertdialog")
    await expectText(
      prompt,
      new RegExp(`Esto cambiará: .*\\b${escapeRe(WORDS.es.oneRenewalOrder)}\\b`)
    )
    await shot(admin, "5-subscription-05-apply-prompt-es")
    await prompt
      .getByRole("button", { name: WORDS.es.cancel, exact: true })
      .click()
    await prompt.waitFor({ state: "detached", timeout: UI_MS })
  })

  await s("Apply", async () => {
    await adminLanguage(admin, ready, "en")
    await admin.goto(reconciliationUrl)
    await showRenewal("en")
    await applyEnabled()
    await admin.getByTestId("paylink-reconcile-apply").click()
    const prompt = admin.getByRole("alertdialog")
    const text = await expectText(
      prompt,
      new RegExp(
        `This will change: .*\\b${escapeRe(WORDS.en.oneRenewalOrder)}\\b`
      )
    )
    await shot(admin, "5-subscription-05-apply-prompt-en")
    await prompt
      .getByRole("button", { name: WORDS.en.apply, exact: true })
      .click()
    await expectText(
      admin.getByTestId("paylink-reconcile-applied"),
      new RegExp(`${escapeRe(WORDS.en.made)}`)
    )
    await expectText(
      linkRows.filter({ hasText: WORDS.en.renewalAction }).first(),
      /Done/
    )
    await linkRows.last().scrollIntoViewIfNeeded()
    await shot(admin, "5-subscription-06-applied-en")
    log?.(`subscription: ${text.match(/This will change: [^.]*/)[0]}; applied`)
  })

  const drawer = admin.getByTestId("paylink-subscription-drawer")
  const table = '[data-testid="paylink-subscriptions-table"]'
  const events = drawer.getByTestId("paylink-subscription-event")
  const subscriptionRow = admin
    .locator(`${table} tbody tr`)
    .filter({ hasText: subscription.email })
  /** The drawer's timeline: the first payment with the first order, the renewal with its order. */
  const timeline = async (lng) => {
    await drawer.waitFor({ timeout: 60_000 })
    await events.nth(1).waitFor({ timeout: UI_MS })
    const kinds = await events.evaluateAll((lis) =>
      lis.map((li) => [
        li.getAttribute("data-kind"),
        li.getAttribute("data-order-state"),
      ])
    )
    if (
      JSON.stringify(kinds.map(([k]) => k)) !==
        JSON.stringify(["first_payment", "renewal"]) ||
      kinds[1][1] !== "made"
    )
      throw new Error(`the timeline shows ${JSON.stringify(kinds)}`)
    await expectText(events.nth(1), WORDS[lng].renewalEvent)
    const orderOf = async (i) =>
      (
        await events
          .nth(i)
          .getByTestId("paylink-subscription-event-order")
          .getAttribute("href")
      )
        .split("/")
        .pop()
    const first = await orderOf(0)
    if (first !== bought.id)
      throw new Error(
        `the timeline's first payment links order ${first}, not the first order ${bought.id}`
      )
    return await orderOf(1)
  }

  const renewalOrderId = await s(
    "Payment links → Subscriptions, the drawer's timeline",
    async () => {
      await admin.goto(`${ready.admin}/payment-links`)
      const link = admin
        .locator('a[href="/app/payment-links/subscriptions"]')
        .filter({ hasText: WORDS.en.subscriptions })
      await link.first().click({ timeout: 60_000 })
      await admin.waitForURL(/\/app\/payment-links\/subscriptions$/, {
        timeout: UI_MS,
      })
      await expectText(subscriptionRow.first(), /Every month/)
      await shot(admin, "5-subscription-07-list-en")
      await subscriptionRow.first().click()
      await admin.waitForURL(
        new RegExp(`/subscriptions\\?id=${subscription.id}$`),
        { timeout: UI_MS }
      )
      const renewalOrderId = await timeline("en")
      await drawer
        .getByTestId("paylink-subscription-timeline")
        .scrollIntoViewIfNeeded()
      await shot(admin, "5-subscription-08-drawer-en")
      return renewalOrderId
    }
  )

  const card = admin.getByTestId("paylink-order-subscription")
  /** The renewal order's page and its Subscription card, in `lng`. */
  const renewalCard = async (lng) => {
    await card.waitFor({ timeout: 60_000 })
    if ((await card.getAttribute("data-kind")) !== "renewal")
      throw new Error(
        `the order's Subscription card is of kind ${await card.getAttribute("data-kind")}`
      )
    await expectText(
      card.getByTestId("paylink-order-subscription-line"),
      WORDS[lng].cardLine
    )
  }

  await s(
    "the renewal order's page links back to its subscription",
    async () => {
      await events
        .nth(1)
        .getByTestId("paylink-subscription-event-order")
        .click()
      await admin.waitForURL(new RegExp(`/orders/${renewalOrderId}$`), {
        timeout: UI_MS,
      })
      await renewalCard("en")
      await shot(admin, "5-subscription-09-renewal-order-en")
      await shotOf(card, "5-subscription-09-renewal-order-card-en")
      // What the gateway charged again: the first order's total, recorded captured (paid outside
      // Medusa, as the gateway charged it: no payment provider call).
      const { order: renewal } = await api(
        "GET",
        `/admin/orders/${renewalOrderId}?fields=id,display_id,total,payment_status`
      )
      const { order: first } = await api(
        "GET",
        `/admin/orders/${bought.id}?fields=id,total`
      )
      if (
        renewal.payment_status !== "captured" ||
        Number(renewal.total) !== Number(first.total)
      )
        throw new Error(
          `renewal order #${renewal.display_id}: total ${renewal.total} (${renewal.payment_status}); the first order's total is ${first.total}`
        )
      await card.getByTestId("paylink-order-subscription-open").click()
      await admin.waitForURL(
        new RegExp(`/payment-links/subscriptions\\?id=${subscription.id}$`),
        { timeout: UI_MS }
      )
      await drawer.waitFor({ timeout: UI_MS })
      log?.(
        `subscription: renewal order #${renewal.display_id} of ${renewal.total}, captured; its page links back to subscription ${subscription.id}`
      )
    }
  )

  await s(
    "in Spanish: the reconciliation applied, the list, the drawer, the renewal order",
    async () => {
      await adminLanguage(admin, ready, "es")
      try {
        await admin.goto(reconciliationUrl)
        await showRenewal("es")
        await expectText(
          admin.getByTestId("paylink-reconcile-applied"),
          new RegExp(escapeRe(WORDS.es.made))
        )
        await shot(admin, "5-subscription-06-applied-es")
        await admin.goto(`${ready.admin}/payment-links/subscriptions`)
        await expectText(subscriptionRow.first(), /Cada mes/)
        await shot(admin, "5-subscription-07-list-es")
        await admin.goto(
          `${ready.admin}/payment-links/subscriptions?id=${subscription.id}`
        )
        await timeline("es")
        await drawer
          .getByTestId("paylink-subscription-timeline")
          .scrollIntoViewIfNeeded()
        await shot(admin, "5-subscription-08-drawer-es")
        await admin.goto(`${ready.admin}/orders/${renewalOrderId}`)
        await renewalCard("es")
        await shot(admin, "5-subscription-09-renewal-order-es")
        await shotOf(card, "5-subscription-09-renewal-order-card-es")
      } finally {
        await adminLanguage(admin, ready, "en")
      }
    }
  )
  return { subscription, renewalOrderId }
}

module.exports = { subscriptionTour }
