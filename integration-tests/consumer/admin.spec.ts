/**
 * The plugin's admin extensions in a real browser, run by integration-tests/consumer/run.js
 * (`npm run test:consumer`) after it has built the host's dashboard with `medusa build`: the
 * dashboard served by the host at /app, with the installed package's "Payment links" page and order
 * widget, driven in headless Chromium (/usr/bin/chromium, through playwright-core).
 *
 * A merchant signs in through the dashboard's own login form, finds the store's payment links on
 * the "Payment links" page (and filters them by status), and confirms a manual-mode payment from the
 * order's page; the order's payment is then captured. Screenshots of each page go to
 * PAYLINK_ADMIN_SCREENSHOTS (a temporary directory that run.js prints).
 */
import { paylinkSuite } from "../helpers/suite"
import { consumerHost } from "./host"
import type { Page } from "playwright-core"
import { PROVIDERS } from "../helpers/seed"
import { adminWithPassword } from "../helpers/admin"
import { createCart, createPaymentLink, followReturn, orderIdFrom, pressOnHostedPage } from "../helpers/storefront"
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
          [`#${open.number}`, "Gateway C", "created", gtq(200)],
          [`#${manual.number}`, "Gateway A", "Awaiting confirmation", gtq(200)],
          [`#${paid.number}`, "Gateway A", "completed", gtq(200)],
        ])
        expect(rows.map((r) => r[4])).toEqual(["—", "View order", "View order"])
        // Only the manual-mode link waiting for the merchant has a confirm button.
        expect(rows.map((r) => r[6])).toEqual(["", "Confirm payment", ""])
        await shot(page, "1-payment-links")
      })

      await step('filter by status "created"', async () => {
        await chooseStatus(page, "created")
        const rows = await waitForRows(page, 1)
        expect(rows[0].slice(0, 3)).toEqual([`#${open.number}`, "Gateway C", "created"])
        await shot(page, "2-payment-links-created")
      })

      await step('filter by status "completed"', async () => {
        await chooseStatus(page, "completed")
        const rows = await waitForRows(page, 2)
        expect(rows.map((r) => r.slice(0, 3))).toEqual([
          [`#${manual.number}`, "Gateway A", "Awaiting confirmation"],
          [`#${paid.number}`, "Gateway A", "completed"],
        ])
      })

      await step('filter by status "expired" (none)', async () => {
        await chooseStatus(page, "expired")
        await waitForRows(page, 0)
        await page.getByText("No payment links yet.").waitFor({ timeout: UI_MS })
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
        expect(text).toContain("completed")
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
        expect(text).toContain("completed")
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
}, { cwd: HOST_DIR, startSandbox: host.startSandbox, timeoutMs: 420_000 })

const TABLE = '[data-testid="paylink-checkouts-table"]'

/** The payment links table's body rows as cell texts, once it has exactly `n` rows (the list refetches on a filter). */
function waitForRows(page: Page, n: number) {
  return waitForTableRows(page, TABLE, n, "the payment links table")
}

async function chooseStatus(page: Page, label: string) {
  await page.getByRole("combobox", { name: "Status" }).click()
  await page.getByRole("option", { name: label, exact: true }).click()
  await page.getByRole("combobox", { name: "Status" }).filter({ hasText: label }).waitFor({ timeout: UI_MS })
}
