"use strict"
/**
 * README's reconciliation tour ("Try it"), walked as README tells it, after the
 * purchases of run.js (orders 1 and 2 were paid on gateway A and came back: the tour's "first
 * purchase", Matched):
 *
 *   1. the same customer starts another purchase, reaches gateway A's hosted page and leaves it;
 *   2. the sandbox's front page: "Pay, never return" on that open link (it turns paid), then gateway
 *      A's "Export transactions (CSV)", downloaded by the browser;
 *   3. the admin: Payment links → Reconcile → New reconciliation, gateway A, that file; the columns
 *      guessed; Start; the groups: the orders Matched, the left link "Paid, no order", nothing else;
 *   4. Apply (the prompt says what will change), then the link in Needs attention with its reason,
 *      and Place order: the record is completed with an order whose total is what the customer paid
 *      and whose payment is captured, and the order's page shows the link.
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

const GATEWAY_A = "pp_paylink-gateway-a_default"
/** "#5" in an element's text, not "#51" (its text runs on into the next element's: "#5Order"). */
const linkRe = (n) => new RegExp(`#${n}(?!\\d)`)
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
/** An amount as the admin shows it ("1,234.50"), for finding it in a page's text. */
const amountRe = (n) =>
  new RegExp(
    escapeRe(
      new Intl.NumberFormat("en", {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(n)
    )
  )

/**
 * `shop`: the customer's page (its last order completed); `admin`: the signed-in admin; `paid`: the
 * orders run.js placed on gateway A (each { display, link, id }); `dir`: where the download is kept.
 */
async function reconcileTour({ shop, admin, ready, shot, paid, dir, log }) {
  const open = await checkoutAsGuest(shop, ready, shot, {
    prefix: "4-reconcile-01-open-purchase",
    product: "textil-solola",
    english: true,
    buyAgain: true,
    attempts: [{ provider: GATEWAY_A, action: "leave" }],
    log,
  })
  // The customer goes away from the gateway's page without paying there.
  await shop.goto("about:blank")
  const hostedPath = new URL(open.hosted).pathname

  const front = await shop.context().newPage()
  const { number, file } = await step(
    front,
    shot,
    "reconcile sandbox front page",
    async () => {
      await front.goto(`${ready.sandbox}/`)
      const row = front
        .locator("tr")
        .filter({ has: front.locator(`a[href="${hostedPath}"]`) })
      await expectText(row.locator("td.state-open"), /^open$/)
      const number = (await row.locator("td").nth(2).textContent()).trim()
      if (!/^\d+$/.test(number))
        throw new Error(`the open link's row shows number "${number}"`)
      await row.getByRole("button", { name: "Pay, never return" }).click()
      // The form answers 303 back to this page, where the link is now paid and offers the button no more.
      await row.locator("td.state-paid").waitFor({ timeout: UI_MS })
      if (await row.getByRole("button", { name: "Pay, never return" }).count())
        throw new Error("the paid link still offers Pay, never return")
      await shot(front, "4-reconcile-02-sandbox-front-page")

      const exportLink = front
        .locator("tr")
        .filter({ hasText: "Gateway A (" })
        .getByRole("link", { name: "Export transactions (CSV)" })
      const [download] = await Promise.all([
        front.waitForEvent("download", { timeout: UI_MS }),
        exportLink.click(),
      ])
      const file = path.join(dir, download.suggestedFilename())
      await download.saveAs(file)
      // The paid link is in it as a payment, and so is each order's link (No. de enlace first, Estado sixth).
      const lines = fs.readFileSync(file, "utf8").split(/\r?\n/)
      for (const n of [number, ...paid.map((o) => o.link)]) {
        if (
          !lines.some(
            (l) => l.split(";")[0] === n && l.split(";")[5] === "Pagado"
          )
        )
          throw new Error(
            `${path.basename(file)} has no paid row for link ${n}`
          )
      }
      log?.(
        `reconcile: link ${number} paid on the sandbox's front page, never returned; export downloaded (${lines.filter(Boolean).length - 1} rows)`
      )
      return { number, file }
    }
  )
  await front.close()

  const s = (name, fn) => step(admin, shot, `reconcile ${name}`, fn)
  const groups = admin.getByTestId("paylink-reconcile-groups")
  const entries = admin.locator(
    '[data-testid="paylink-reconcile-entries-table"] tbody tr'
  )
  const showGroup = async (group, links) => {
    await groups.locator(`[data-group="${group}"]`).click()
    for (const link of links)
      await entries
        .filter({ hasText: linkRe(link) })
        .first()
        .waitFor({ timeout: UI_MS })
  }

  await s("upload, the columns mapped, Start, the groups", async () => {
    const { uploadToReconcile } = requireTs(
      "integration-tests/consumer/reconcile-dialog.ts"
    )
    const modal = await uploadToReconcile(admin, {
      app: ready.admin,
      file,
      words: { reconcile: "Reconcile", gateway: "Gateway A" },
      firstLoadMs: 60_000,
      uiMs: UI_MS,
    })
    await expectText(
      modal.getByTestId("paylink-reconcile-mapping-origin"),
      /^Guessed from the column names/
    )
    const verdicts = await modal
      .getByTestId("paylink-reconcile-preview-row")
      .evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-verdict")))
    if (!verdicts.includes("payment"))
      throw new Error(
        `the preview reads no payment with the guessed columns: ${verdicts.join(", ")}`
      )
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
    const expected = {
      matched: paid.length,
      paid_no_order: 1,
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
    await showGroup(
      "matched",
      paid.map((o) => o.link)
    )
    await showGroup("paid_no_order", [number])
    await shot(admin, "4-reconcile-03-groups")
    log?.(`reconcile: groups ${JSON.stringify(counts)}`)
  })

  await s("Apply", async () => {
    await admin.waitForFunction(
      () =>
        !document
          .querySelector('[data-testid="paylink-reconcile-apply"]')
          ?.hasAttribute("disabled"),
      undefined,
      { timeout: UI_MS }
    )
    await admin.getByTestId("paylink-reconcile-apply").click()
    const prompt = admin.getByRole("alertdialog")
    const changes = `1 payment link to Needs attention, ${paid.length} payments verified`
    await expectText(prompt, new RegExp(escapeRe(changes)))
    await prompt.getByRole("button", { name: "Apply", exact: true }).click()
    await expectText(
      admin.getByTestId("paylink-reconcile-applied"),
      new RegExp(`: ${escapeRe(changes)}\\.$`)
    )
    await expectText(
      entries.filter({ hasText: linkRe(number) }).first(),
      /To Needs attention\s*Done/
    )
    await shot(admin, "4-reconcile-04-applied")
  })

  const api = adminApi(admin, ready)
  const placed = await s("Needs attention, Place order", async () => {
    await admin.goto(`${ready.admin}/payment-links`)
    const row = admin
      .getByTestId("paylink-needs-attention-row")
      .filter({ hasText: linkRe(number) })
    await expectText(
      row.getByTestId("paylink-attention-reason"),
      /was paid \(.*report.*never came back to the store/
    )
    await shot(admin, "4-reconcile-05-needs-attention")
    await row.getByRole("button", { name: "Place order" }).click()
    const prompt = admin.getByRole("alertdialog")
    await expectText(
      prompt,
      new RegExp(`Place the order for payment link #${number}\\?`)
    )
    // No return proves this payment: the prompt shows the report's row that does, to check before shipping.
    await expectText(
      prompt,
      /Seen in .+'s report .+\.csv, line \d+: paid .+, card \*{4}\d{4}, authorization /
    )
    await prompt
      .getByRole("button", { name: "Place order", exact: true })
      .click()
    await row.waitFor({ state: "detached", timeout: UI_MS })
    const { checkouts } = await api(
      "GET",
      `/admin/paylink/checkouts?number=${number}`
    )
    const record = checkouts[0]
    if (record?.status !== "completed" || !record.order_id)
      throw new Error(
        `link ${number} after Place order: ${JSON.stringify(record && { status: record.status, order_id: record.order_id })}`
      )
    const fields =
      "id,display_id,total,payment_status,*payment_collections,*payment_collections.payments,*payment_collections.payments.captures"
    const { order } = await api(
      "GET",
      `/admin/orders/${record.order_id}?fields=${encodeURIComponent(fields)}`
    )
    const payments = order.payment_collections.flatMap(
      (pc) => pc.payments ?? []
    )
    const captured = payments
      .flatMap((p) => p.captures ?? [])
      .reduce((sum, c) => sum + Number(c.amount), 0)
    if (
      Number(order.total) !== Number(record.amount) ||
      captured !== Number(record.amount) ||
      order.payment_status !== "captured"
    ) {
      throw new Error(
        `order #${order.display_id}: total ${order.total}, captured ${captured} (${order.payment_status}); the customer paid ${record.amount}`
      )
    }
    if (!payments.some((p) => p.provider_id === GATEWAY_A))
      throw new Error(`order #${order.display_id} has no gateway A payment`)
    return { order, record }
  })

  await s("the placed order's page", async () => {
    const { order, record } = placed
    await admin.goto(`${ready.admin}/orders/${order.id}`)
    await admin
      .getByText(`#${order.display_id}`)
      .first()
      .waitFor({ timeout: UI_MS })
    const entry = admin
      .getByTestId("paylink-order-checkout")
      .filter({ hasText: linkRe(number) })
    await expectText(entry.first(), amountRe(Number(record.amount)))
    await shot(admin, "4-reconcile-06-placed-order")
    log?.(
      `reconcile: Place order made order #${order.display_id} of ${record.amount} ${record.currency_code.toUpperCase()}, captured, from link ${number}`
    )
  })
}

module.exports = { reconcileTour }
