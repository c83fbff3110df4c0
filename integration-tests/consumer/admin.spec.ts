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
import fs from "fs"
import os from "os"
import path from "path"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { chromium, type Browser, type Page } from "playwright-core"
import { seedStore, PROVIDERS, type Seed } from "../helpers/seed"
import { adminHeaders, adminWithPassword } from "../helpers/admin"
import { createCart, createPaymentLink, followReturn, orderIdFrom, pressOnHostedPage, type Api } from "../helpers/storefront"
// Types only (erased at build time); the sandbox itself is loaded from the installed package below.
import type { SandboxHandle } from "../../src/sandbox"

const HOST_DIR = process.env.PAYLINK_CONSUMER_HOST || ""
const SANDBOX_PORT = Number(process.env.PAYLINK_CONSUMER_SANDBOX_PORT)
if (!HOST_DIR || !SANDBOX_PORT) {
  throw new Error("admin.spec.ts is run by `npm run test:consumer` (integration-tests/consumer/run.js)")
}
const CHROMIUM = process.env.PAYLINK_CHROMIUM || "/usr/bin/chromium"
const SCREENSHOTS = process.env.PAYLINK_ADMIN_SCREENSHOTS || fs.mkdtempSync(path.join(os.tmpdir(), "paylink-admin-screenshots-"))
const fromHost = (id: string) => require.resolve(id, { paths: [HOST_DIR] })

/** The first load of the dashboard (a few MB of script, then its own API calls) can be slow. */
const FIRST_LOAD_MS = 90_000
const UI_MS = 30_000

jest.setTimeout(420_000)

let sandbox: SandboxHandle
let browser: Browser
beforeAll(async () => {
  const { createSandbox } = require(fromHost("medusa-plugin-paylink/sandbox")) as typeof import("../../src/sandbox")
  sandbox = await createSandbox({ port: SANDBOX_PORT, host: "127.0.0.1" })
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`)
  }
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  })
})
afterAll(async () => {
  await browser?.close()
  await sandbox?.close()
})

/** What went wrong in the page, for failure messages. */
class PageLog {
  lines: string[] = []
  watch(page: Page) {
    page.on("pageerror", (e) => this.lines.push(`page error: ${e.message}`))
    page.on("console", (m) => {
      if (m.type() === "error") this.lines.push(`console.error: ${m.text()}`)
    })
    page.on("response", (r) => {
      const u = new URL(r.url())
      if (r.status() >= 400 && /^\/(admin|auth)\//.test(u.pathname)) {
        this.lines.push(`${r.request().method()} ${u.pathname}${u.search} -> ${r.status()}`)
      }
    })
    page.on("requestfailed", (r) => this.lines.push(`request failed: ${r.method()} ${r.url()} (${r.failure()?.errorText})`))
  }
  tail() {
    return this.lines.length ? `\n  what the page logged (last 15):\n    ${this.lines.slice(-15).join("\n    ")}` : ""
  }
}

medusaIntegrationTestRunner({
  cwd: HOST_DIR,
  testSuite: ({ api, getContainer }) => {
    let seed: Seed
    let admin: { headers: Record<string, string> }
    beforeEach(async () => {
      sandbox.reset()
      seed = await seedStore(getContainer())
      admin = await adminHeaders(getContainer())
    })

    /** A guest pays 2 × GTQ 100 through a link on `providerId` and comes back: an order. */
    async function orderThrough(providerId: string) {
      const cart = await createCart(api, seed.publishableKey, seed.gtqRegionId, [{ variant_id: seed.variantId, quantity: 2 }])
      const { data } = await createPaymentLink(api, seed.publishableKey, cart.id, providerId)
      const back = await followReturn(api, await pressOnHostedPage(data.payment_session.data.url, "pay"))
      expect(back.status).toBe(303)
      const orderId = orderIdFrom(back.headers.location)
      const { data: listed } = await api.get(`/admin/paylink/checkouts?order_id=${orderId}`, admin)
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
      const openCart = await createCart(api, seed.publishableKey, seed.gtqRegionId, [{ variant_id: seed.variantId, quantity: 2 }])
      const open = (await createPaymentLink(api, seed.publishableKey, openCart.id, PROVIDERS.gatewayC)).data.payment_session.data
      const paymentStatus = async (orderId: string) =>
        (await api.get(`/admin/orders/${orderId}?fields=id,payment_status`, admin)).data.order.payment_status
      expect(await paymentStatus(manual.orderId)).not.toBe("captured")

      const merchant = await adminWithPassword(getContainer(), "marta.perez@example.com", "Cafe-de-Huehue-2026")
      const base = baseUrlOf(api)
      const context = await browser.newContext({
        baseURL: base,
        viewport: { width: 1440, height: 900 },
        locale: "en-US",
        timezoneId: "America/Guatemala",
      })
      const page = await context.newPage()
      const pageLog = new PageLog()
      pageLog.watch(page)
      const step = makeStep(page, pageLog)

      try {
        await step("sign in through the dashboard's login form at /app/login", async () => {
          await page.goto("/app/login")
          await page.locator('input[name="email"]').waitFor({ timeout: FIRST_LOAD_MS })
          await page.locator('input[name="email"]').fill(merchant.email)
          await page.locator('input[name="password"]').fill(merchant.password)
          await page.getByRole("button", { name: "Continue with Email" }).click()
          await page.waitForURL(/\/app\/orders/, { timeout: FIRST_LOAD_MS })
          // The dashboard's session cookie, set by POST /auth/session.
          const cookies = await context.cookies(base)
          expect(cookies.map((c) => c.name)).toContain("connect.sid")
        })

        await step("open the Payment links page from the sidebar", async () => {
          const link = page.locator('a[href="/app/payment-links"]').filter({ hasText: "Payment links" })
          await link.first().waitFor({ timeout: FIRST_LOAD_MS })
          await link.first().click()
          await page.waitForURL(/\/app\/payment-links$/, { timeout: UI_MS })
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
          await page.getByText(`Payment link #${manual.number} confirmed`).first().waitFor({ timeout: UI_MS })
          await shot(page, "5-order-manual-confirmed")
        })

        await step("the order's payment is captured (admin API)", async () => {
          expect(await paymentStatus(manual.orderId)).toBe("captured")
          const { data } = await api.get(`/admin/paylink/checkouts/${manual.checkout.id}`, admin)
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
  },
})

function baseUrlOf(api: Api) {
  const base = api.defaults.baseURL
  if (!base) throw new Error("the test runner's api client has no baseURL")
  return base.replace(/\/$/, "")
}

/** GTQ as the plugin's admin formats it (es-GT), e.g. "Q200.00". */
function gtq(amount: number) {
  return new Intl.NumberFormat("es-GT", { style: "currency", currency: "GTQ" }).format(amount)
}

async function shot(page: Page, name: string) {
  const file = path.join(SCREENSHOTS, `${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}

/** Runs one step; on failure, names it, adds what the page logged and saves a screenshot. */
function makeStep(page: Page, pageLog: PageLog) {
  return async (name: string, fn: () => Promise<void>) => {
    try {
      await fn()
    } catch (e: any) {
      let file = ""
      try {
        file = await shot(page, `failed-${name.replace(/[^a-z0-9]+/gi, "-").slice(0, 60)}`)
      } catch {
        // The page may be gone.
      }
      e.message = `admin step "${name}" failed at ${page.url()}: ${e.message}${file ? `\n  screenshot: ${file}` : ""}${pageLog.tail()}`
      throw e
    }
  }
}

const TABLE = '[data-testid="paylink-checkouts-table"]'

/** The table's body rows as cell texts, once it has exactly `n` rows (the list refetches on a filter). */
async function waitForRows(page: Page, n: number, timeout = UI_MS): Promise<string[][]> {
  const read = () =>
    page
      .locator(`${TABLE} tbody tr`)
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll("td")).map((td) => (td.textContent || "").trim())))
  try {
    await page.waitForFunction(
      ([sel, count]) => document.querySelector(sel as string) !== null && document.querySelectorAll(`${sel} tbody tr`).length === count,
      [TABLE, n] as const,
      { timeout }
    )
  } catch (e: any) {
    throw new Error(`expected ${n} rows in the payment links table; it shows ${JSON.stringify(await read().catch(() => "no table"))} (${e.message.split("\n")[0]})`)
  }
  return await read()
}

async function chooseStatus(page: Page, label: string) {
  await page.getByRole("combobox", { name: "Status" }).click()
  await page.getByRole("option", { name: label, exact: true }).click()
  await page.getByRole("combobox", { name: "Status" }).filter({ hasText: label }).waitFor({ timeout: UI_MS })
}
