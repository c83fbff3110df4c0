/**
 * The plugin's admin extensions in a real browser, run by integration-tests/consumer/run.js
 * (`npm run test:consumer`) after it has built the host's dashboard with `medusa build`: the
 * dashboard served by the host at /app, with the installed package's "Payment links" page and order
 * widget, driven in headless Chromium (/usr/bin/chromium, through playwright-core).
 *
 * A merchant signs in through the dashboard's own login form, finds the store's payment links on
 * the "Payment links" page (and filters them by status), and confirms a manual-mode payment from the
 * order's page; the order's payment is then captured. Then the links a customer paid after the
 * store had replaced them ("Needs attention"): the merchant places one order from the page, is
 * told why the other cannot become an order (its cart changed), and records its refund by hand.
 * Screenshots of each page go to PAYLINK_ADMIN_SCREENSHOTS (a temporary directory that run.js
 * prints).
 */
import { paylinkSuite } from "../helpers/suite"
import { consumerHost } from "./host"
import type { Page } from "playwright-core"
import { PROVIDERS } from "../helpers/seed"
import { adminWithPassword } from "../helpers/admin"
import { createCart, createPaymentLink, followReturn, orderIdFrom, pressOnHostedPage, storeHeaders } from "../helpers/storefront"
import {
  baseUrlOf,
  FIRST_LOAD_MS,
  gtq,
  chromiumForSpec,
  makeStep,
  newMerchantContext,
  openFromSidebar,
  PageLog,
  shot,
  signIn,
  UI_MS,
  waitForRows as waitForTableRows,
  waitForToast,
} from "./dashboard"

const host = consumerHost("admin.spec.ts")
const HOST_DIR = host.dir


const browser = chromiumForSpec()

paylinkSuite((ctx) => {
  const { api, getContainer } = ctx

  /** A guest pays 2 × GTQ 100 through a link on `providerId` and comes back: an order. */
  async function orderThrough(providerId: string) {
    const cart = await createCart(api, ctx.seed.publishableKey, ctx.seed.gtqRegionId, [{ variant_id: ctx.seed.variantId, quantity: 2 }])
    const { data } = await createPaymentLink(api, ctx.seed.publishableKey, cart.id, providerId)
    const back = await followReturn(api, await pressOnHostedPage(data.payment_session.data.url, "pay"))
    expect(back.status).toBe(303)
    const orderId = orderIdFrom(back.headers.location)
    const { data: listed } = await api.get(`/admin/paylink/checkouts?order_id=${orderId}`, ctx.admin)
    expect(listed.checkouts).toHaveLength(1)
    return { orderId, number: listed.checkouts[0].number as number, checkout: listed.checkouts[0] }
  }

  it("shows the payment links page and the order widget, and confirms a manual-mode payment from the order's page", async () => {
    // The store's links: one paid on gateway A (return mode), one paid on gateway A in manual
    // confirmation mode, and one on gateway C nobody paid yet.
    const paid = await orderThrough(PROVIDERS.gatewayA)
    const manual = await orderThrough(PROVIDERS.gatewayAManual)
    expect(paid.checkout).toMatchObject({ status: "completed", confirmation: "return" })
    expect(manual.checkout).toMatchObject({ status: "completed", confirmation: "manual", confirmed_at: null })
    const openCart = await createCart(api, ctx.seed.publishableKey, ctx.seed.gtqRegionId, [{ variant_id: ctx.seed.variantId, quantity: 2 }])
    const open = (await createPaymentLink(api, ctx.seed.publishableKey, openCart.id, PROVIDERS.gatewayC)).data.payment_session.data
    const paymentStatus = async (orderId: string) =>
      (await api.get(`/admin/orders/${orderId}?fields=id,payment_status`, ctx.admin)).data.order.payment_status
    expect(await paymentStatus(manual.orderId)).not.toBe("captured")

    const merchant = await adminWithPassword(getContainer(), "marta.perez@example.com", "Cafe-de-Huehue-2026")
    const base = baseUrlOf(api)
    const context = await newMerchantContext(browser(), base)
    const page = await context.newPage()
    const pageLog = new PageLog()
    pageLog.watch(page)
    const step = makeStep(page, pageLog)

    try {
      await step("sign in through the dashboard's login form at /app/login", async () => {
        await signIn(page, context, base, merchant)
      })

      await step("open the Payment links page from the sidebar", async () => {
        await openFromSidebar(page, "/app/payment-links", "Payment links")
        await page.getByRole("heading", { name: "Payment links", level: 1 }).waitFor({ timeout: UI_MS })
      })

      await step("the table lists the three links with number, gateway, status and amount", async () => {
        const rows = await waitForRows(page, 3)
        expect(rows.map((r) => r.slice(0, 4))).toEqual([
          // Newest first.
          [`#${open.number}`, "Gateway C", "Created", gtq(200)],
          [`#${manual.number}`, "Gateway A", "Awaiting confirmation", gtq(200)],
          [`#${paid.number}`, "Gateway A", "Completed", gtq(200)],
        ])
        expect(rows.map((r) => r[4])).toEqual(["—", "View order", "View order"])
        // Only the manual-mode link waiting for the merchant has a confirm button.
        expect(rows.map((r) => r[6])).toEqual(["", "Confirm payment", ""])
        await shot(page, "1-payment-links")
      })

      await step('filter by status "Created"', async () => {
        await chooseStatus(page, "Created")
        const rows = await waitForRows(page, 1)
        expect(rows[0].slice(0, 3)).toEqual([`#${open.number}`, "Gateway C", "Created"])
        await shot(page, "2-payment-links-created")
      })

      await step('filter by status "Completed"', async () => {
        await chooseStatus(page, "Completed")
        const rows = await waitForRows(page, 2)
        expect(rows.map((r) => r.slice(0, 3))).toEqual([
          [`#${manual.number}`, "Gateway A", "Awaiting confirmation"],
          [`#${paid.number}`, "Gateway A", "Completed"],
        ])
      })

      await step('filter by status "Expired" (none)', async () => {
        await chooseStatus(page, "Expired")
        await waitForRows(page, 0)
        await page.getByText("No payment links match these filters.").waitFor({ timeout: UI_MS })
      })

      await step("back to all statuses", async () => {
        await chooseStatus(page, "All statuses")
        await waitForRows(page, 3)
      })

      const widget = page.locator('[data-testid="paylink-order-widget"]')
      await step("the manual-mode order's page shows its link awaiting confirmation", async () => {
        await page.goto(`/app/orders/${manual.orderId}`)
        await widget.waitFor({ timeout: FIRST_LOAD_MS })
        await widget.getByText("Awaiting confirmation").waitFor({ timeout: UI_MS })
        const text = await widget.innerText()
        expect(text).toContain("Payment links")
        expect(text).toContain(`#${manual.number} · Gateway A`)
        expect(text).toContain(gtq(200))
        expect(text).toContain("Customer returned")
        expect(text).not.toContain("Confirmed ")
        expect(await widget.getByRole("button", { name: "Confirm payment" }).count()).toBe(1)
        await shot(page, "3-order-manual-awaiting")
      })

      await step('click "Confirm payment" and confirm in the prompt', async () => {
        await widget.getByRole("button", { name: "Confirm payment" }).click()
        const prompt = page.getByRole("alertdialog")
        await prompt.waitFor({ timeout: UI_MS })
        expect(await prompt.innerText()).toContain(`Confirm payment link #${manual.number}?`)
        await shot(page, "4-order-manual-prompt")
        await prompt.getByRole("button", { name: "Confirm payment" }).click()
        await prompt.waitFor({ state: "detached", timeout: UI_MS })
      })

      await step("the widget then shows the confirmation time and no button", async () => {
        await widget.getByText(/^Confirmed /).waitFor({ timeout: UI_MS })
        await widget.getByRole("button", { name: "Confirm payment" }).waitFor({ state: "detached", timeout: UI_MS })
        const text = await widget.innerText()
        expect(text).not.toContain("Awaiting confirmation")
        expect(text).toContain("Completed")
        await waitForToast(page, `Payment link #${manual.number} confirmed`, "success")
        await shot(page, "5-order-manual-confirmed")
      })

      await step("the order's payment is captured (admin API)", async () => {
        expect(await paymentStatus(manual.orderId)).toBe("captured")
        const { data } = await api.get(`/admin/paylink/checkouts/${manual.checkout.id}`, ctx.admin)
        expect(data.checkout.confirmed_at).toBeTruthy()
      })

      await step("the return-mode order's page shows its link completed, with no confirm button", async () => {
        await page.goto(`/app/orders/${paid.orderId}`)
        await widget.waitFor({ timeout: FIRST_LOAD_MS })
        await widget.getByText(`#${paid.number} · Gateway A`).waitFor({ timeout: UI_MS })
        const text = await widget.innerText()
        expect(text).toContain("Completed")
        expect(text).toContain(gtq(200))
        expect(text).not.toContain("Awaiting confirmation")
        expect(await widget.getByRole("button", { name: "Confirm payment" }).count()).toBe(0)
        expect(await paymentStatus(paid.orderId)).toBe("captured")
        await shot(page, "6-order-return-mode")
      })
    } finally {
      await context.close()
    }
  })

  /**
   * A guest asks for a link on gateway A, then for one on gateway B for the same cart (which
   * withdraws A), and pays A anyway: the record of A needs the merchant's attention.
   */
  async function paidWithdrawnLink() {
    const cart = await createCart(api, ctx.seed.publishableKey, ctx.seed.gtqRegionId, [{ variant_id: ctx.seed.variantId, quantity: 1 }])
    const a = (await createPaymentLink(api, ctx.seed.publishableKey, cart.id, PROVIDERS.gatewayA)).data.payment_session.data
    await createPaymentLink(api, ctx.seed.publishableKey, cart.id, PROVIDERS.gatewayB)
    await followReturn(api, await pressOnHostedPage(a.url, "pay"))
    const { data } = await api.get(`/admin/paylink/checkouts?number=${a.number}`, ctx.admin)
    expect(data.checkouts).toHaveLength(1)
    const checkout = data.checkouts[0]
    expect(checkout).toMatchObject({ status: "needs_attention", order_id: null, amount: 100 })
    expect(checkout.attention_reason).toBeTruthy()
    return { cartId: cart.id, number: a.number as number, checkout }
  }

  it("lists paid links that need attention first; places one order, and records the other's refund by hand", async () => {
    const first = await paidWithdrawnLink()
    const second = await paidWithdrawnLink()
    // The second cart changes after it was paid: its total no longer matches the payment.
    await api.post(`/store/carts/${second.cartId}/line-items`, { variant_id: ctx.seed.variantId, quantity: 1 }, storeHeaders(ctx.seed.publishableKey))
    const record = async (id: string) => (await api.get(`/admin/paylink/checkouts/${id}`, ctx.admin)).data.checkout
    // The links the store replaced (B took A's place on each cart, and adding the item withdrew B
    // on the second), as the admin API counts them.
    const withdrawnCount = (await api.get(`/admin/paylink/checkouts?status=withdrawn`, ctx.admin)).data.count as number

    const merchant = await adminWithPassword(getContainer(), "marta.perez@example.com", "Cafe-de-Huehue-2026")
    const base = baseUrlOf(api)
    const context = await newMerchantContext(browser(), base)
    const page = await context.newPage()
    const pageLog = new PageLog()
    pageLog.watch(page)
    const step = makeStep(page, pageLog, "attention-")
    const section = page.locator('[data-testid="paylink-needs-attention"]')
    const row = (n: number) => page.locator(`${ATTENTION} tbody tr`).nth(n)
    const note = "Refunded Q100.00 in gateway A's dashboard on 22 Nov 2026, reference R-4411"
    let orderId = ""

    try {
      await step("sign in and open the Payment links page", async () => {
        await signIn(page, context, base, merchant)
        await openFromSidebar(page, "/app/payment-links", "Payment links")
        await page.getByRole("heading", { name: "Payment links", level: 1 }).waitFor({ timeout: UI_MS })
      })

      await step("the Needs attention section, above the list, shows both paid links with their reasons", async () => {
        await section.waitFor({ timeout: UI_MS })
        const rows = await waitForAttentionRows(page, 2)
        // Oldest first.
        expect(rows.map((r) => r.slice(0, 4))).toEqual([
          [`#${first.number}`, "Gateway A", gtq(100), first.checkout.attention_reason],
          [`#${second.number}`, "Gateway A", gtq(100), second.checkout.attention_reason],
        ])
        for (const r of rows) expect(r[4]).not.toBe("—")
        expect(rows.map((r) => r[5])).toEqual([first.cartId, second.cartId])
        expect(rows.map((r) => r[6])).toEqual(["Place orderMark refunded by hand", "Place orderMark refunded by hand"])
        // The section comes before the list of every link.
        const above = await page.evaluate(() => {
          const a = document.querySelector('[data-testid="paylink-needs-attention"]')
          const b = document.querySelector('[data-testid="paylink-checkouts-table"]')
          return !!a && !!b && !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING)
        })
        expect(above).toBe(true)
        await shot(page, "7-needs-attention")
      })

      await step('the list shows them as "Needs attention", and the status filter finds them', async () => {
        await chooseStatus(page, "Needs attention")
        const rows = await waitForRows(page, 2)
        expect(rows.map((r) => r.slice(0, 3))).toEqual([
          [`#${second.number}`, "Gateway A", "Needs attention"],
          [`#${first.number}`, "Gateway A", "Needs attention"],
        ])
        await chooseStatus(page, "Withdrawn")
        const withdrawn = await waitForRows(page, withdrawnCount)
        for (const r of withdrawn) expect(r[2]).toBe("Withdrawn")
        await chooseStatus(page, "All statuses")
      })

      await step('"Place order" on the first asks for confirmation, then places its order', async () => {
        await row(0).getByRole("button", { name: "Place order" }).click()
        const prompt = page.getByRole("alertdialog")
        await prompt.waitFor({ timeout: UI_MS })
        const text = await prompt.innerText()
        expect(text).toContain(`Place the order for payment link #${first.number}?`)
        expect(text).toContain(gtq(100))
        await shot(page, "8-place-order-prompt")
        await prompt.getByRole("button", { name: "Place order" }).click()
        await prompt.waitFor({ state: "detached", timeout: UI_MS })
        await waitForToast(page, `Order placed for payment link #${first.number}`, "success")
        const rows = await waitForAttentionRows(page, 1)
        expect(rows[0][0]).toBe(`#${second.number}`)
        await shot(page, "9-order-placed")
      })

      await step("the first link is completed with an order whose payment is captured (admin API)", async () => {
        const checkout = await record(first.checkout.id)
        expect(checkout).toMatchObject({ status: "completed", settled_by: merchant.userId })
        expect(checkout.order_id).toMatch(/^order_/)
        orderId = checkout.order_id
        const { data } = await api.get(`/admin/orders/${orderId}?fields=id,payment_status,total`, ctx.admin)
        expect(data.order).toMatchObject({ payment_status: "captured", total: 100 })
      })

      await step('"Place order" on the second (its cart changed) shows why the server refuses', async () => {
        await row(0).getByRole("button", { name: "Place order" }).click()
        const prompt = page.getByRole("alertdialog")
        await prompt.waitFor({ timeout: UI_MS })
        await prompt.getByRole("button", { name: "Place order" }).click()
        await prompt.waitFor({ state: "detached", timeout: UI_MS })
        const toast = await waitForToast(page, "was paid GTQ 100.00, but the cart's total is GTQ 200.00 (GTQ 100.00 more)", "error")
        expect(toast).toContain(`Could not place the order for payment link #${second.number}`)
        expect(toast).toContain("refund the payment by hand")
        await shot(page, "10-place-order-refused")
        expect((await record(second.checkout.id)).status).toBe("needs_attention")
        await waitForAttentionRows(page, 1)
      })

      await step('"Mark refunded by hand" asks for a note, and refuses an empty one', async () => {
        await row(0).getByRole("button", { name: "Mark refunded by hand" }).click()
        const drawer = page.getByRole("dialog")
        await drawer.waitFor({ timeout: UI_MS })
        expect(await drawer.innerText()).toContain(`Mark payment link #${second.number} refunded by hand`)
        await drawer.getByRole("button", { name: "Mark refunded", exact: true }).click()
        await drawer.getByText("Say how and when the customer was refunded").waitFor({ timeout: UI_MS })
        expect((await record(second.checkout.id)).status).toBe("needs_attention")
        await shot(page, "11-mark-refunded-empty-note")
      })

      await step("with a note, the second link is recorded refunded by hand; the section goes away", async () => {
        const drawer = page.getByRole("dialog")
        await drawer.getByLabel("Note").fill(note)
        await shot(page, "12-mark-refunded-note")
        await drawer.getByRole("button", { name: "Mark refunded", exact: true }).click()
        await drawer.waitFor({ state: "detached", timeout: UI_MS })
        await waitForToast(page, `Payment link #${second.number} marked refunded by hand`, "success")
        await section.waitFor({ state: "detached", timeout: UI_MS })
        const rows = await waitForRows(page, 4)
        const byNumber = Object.fromEntries(rows.map((r) => [r[0], r[2]]))
        expect(byNumber[`#${first.number}`]).toBe("Completed")
        expect(byNumber[`#${second.number}`]).toBe("Refunded by hand")
        await shot(page, "13-settled")
      })

      await step("in the list, the refunded link's details show who refunded it and the note", async () => {
        await page.getByRole("button", { name: `Details of payment link #${second.number}`, exact: true }).hover()
        const details = page.locator('[data-testid="paylink-checkout-details"]').first()
        await details.waitFor({ timeout: UI_MS })
        // The admin's name is read once the details open: wait for it rather than for the first paint.
        await details.getByText("Refunded by hand by Marta Pérez", { exact: false }).waitFor({ timeout: UI_MS })
        const text = await details.innerText()
        expect(text).toContain(second.checkout.attention_reason)
        expect(text).toContain("Refunded by hand by Marta Pérez")
        expect(text).toContain(note)
        await shot(page, "13b-settled-details")
        await page.mouse.move(0, 0)
      })

      await step("the refund is recorded with the merchant, the time and the note (admin API)", async () => {
        const checkout = await record(second.checkout.id)
        expect(checkout).toMatchObject({ status: "refunded", order_id: null, settled_by: merchant.userId, settlement_note: note })
        expect(checkout.settled_at).toBeTruthy()
      })

      await step("the placed order's page shows the link completed, placed by hand by the merchant", async () => {
        await page.goto(`/app/orders/${orderId}`)
        const widget = page.locator('[data-testid="paylink-order-widget"]')
        await widget.waitFor({ timeout: FIRST_LOAD_MS })
        await widget.getByText("Order placed by hand by Marta Pérez").waitFor({ timeout: UI_MS })
        const text = await widget.innerText()
        expect(text).toContain(`#${first.number} · Gateway A`)
        expect(text).toContain("Completed")
        expect(text).toContain("Customer returned")
        await shot(page, "14-order-placed-by-hand")
      })
    } finally {
      await context.close()
    }
  })
}, { cwd: HOST_DIR, startSandbox: host.startSandbox, timeoutMs: 420_000 })

const LIST = '[data-testid="paylink-checkouts"]'
const TABLE = '[data-testid="paylink-checkouts-table"]'
const FILTER_MENU = '[data-testid="paylink-checkouts-filter-menu"]'
const ATTENTION = '[data-testid="paylink-needs-attention-table"]'

/** The Needs attention table's body rows as cell texts, once it has exactly `n` rows. */
function waitForAttentionRows(page: Page, n: number) {
  return waitForTableRows(page, ATTENTION, n, "the Needs attention table")
}

/** The payment links table's body rows as cell texts, once it has exactly `n` rows (the list refetches on a filter). */
function waitForRows(page: Page, n: number) {
  return waitForTableRows(page, TABLE, n, "the payment links table")
}

/**
 * The list's status filter (Medusa UI's DataTable filters): "All statuses" clears it ("Clear all",
 * the only filter these tests set); a status is added from the filter menu (funnel → "Status"),
 * picked, and shows as the filter's value.
 */
async function chooseStatus(page: Page, label: string) {
  const list = page.locator(LIST)
  const clearAll = list.getByRole("button", { name: "Clear all", exact: true })
  if (await clearAll.count()) {
    await clearAll.click()
    await clearAll.waitFor({ state: "detached", timeout: UI_MS })
  }
  if (label === "All statuses") {
    return
  }
  await page.locator(`${FILTER_MENU} button`).click()
  await page.getByRole("menuitem", { name: "Status", exact: true }).click()
  await page.getByRole("listitem").filter({ hasText: new RegExp(`^${label}$`) }).click()
  await page.keyboard.press("Escape")
  await list.getByRole("button", { name: label, exact: true }).waitFor({ timeout: UI_MS })
}
