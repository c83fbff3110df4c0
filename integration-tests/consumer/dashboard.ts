/**
 * What the consumer test's browser specs (admin.spec.ts, benefits-admin.spec.ts) share: headless
 * Chromium through playwright-core, the dashboard's login form, step names and screenshots on
 * failure, and the page's own errors for failure messages. Not a spec (jest runs *.spec.ts only).
 */
import fs from "fs"
import os from "os"
import path from "path"
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from "playwright-core"
import type { Api } from "../helpers/storefront"

export const CHROMIUM = process.env.PAYLINK_CHROMIUM || "/usr/bin/chromium"
export const SCREENSHOTS =
  process.env.PAYLINK_ADMIN_SCREENSHOTS ||
  fs.mkdtempSync(path.join(os.tmpdir(), "paylink-admin-screenshots-"))

/** The first load of the dashboard (a few MB of script, then its own API calls) can be slow. */
export const FIRST_LOAD_MS = 90_000
export const UI_MS = 30_000

/** One Chromium for a spec file: launched before its tests, closed after. */
export function chromiumForSpec(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error("Chromium is not running")
    return browser
  }
}

export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`
    )
  }
  return await chromium.launch({
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
}

/** A merchant's browser: a desktop window, US English, Guatemala's time zone. */
export async function newMerchantContext(
  browser: Browser,
  baseURL: string
): Promise<BrowserContext> {
  return await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    locale: "en-US",
    timezoneId: "America/Guatemala",
  })
}

/** What went wrong in the page, for failure messages. */
export class PageLog {
  lines: string[] = []
  watch(page: Page) {
    page.on("pageerror", (e) => this.lines.push(`page error: ${e.message}`))
    page.on("console", (m) => {
      if (m.type() === "error") this.lines.push(`console.error: ${m.text()}`)
    })
    page.on("response", (r) => {
      const u = new URL(r.url())
      if (r.status() >= 400 && /^\/(admin|auth)\//.test(u.pathname)) {
        this.lines.push(
          `${r.request().method()} ${u.pathname}${u.search} -> ${r.status()}`
        )
      }
    })
    page.on("requestfailed", (r) =>
      this.lines.push(
        `request failed: ${r.method()} ${r.url()} (${r.failure()?.errorText})`
      )
    )
  }
  tail() {
    return this.lines.length
      ? `\n  what the page logged (last 15):\n    ${this.lines.slice(-15).join("\n    ")}`
      : ""
  }
}

export function baseUrlOf(api: Api) {
  const base = api.defaults.baseURL
  if (!base) throw new Error("the test runner's api client has no baseURL")
  return base.replace(/\/$/, "")
}

/** GTQ in Guatemala's format (es-GT), e.g. "Q 200.00" (with a no-break space). */
export function gtq(amount: number) {
  return new Intl.NumberFormat("es-GT", {
    style: "currency",
    currency: "GTQ",
  }).format(amount)
}

/**
 * An amount as the plugin's admin pages write it in the admin's language (src/admin/lib/format.ts),
 * with the narrow symbol as Medusa's own cards: "Q 200.00" in English and in Spanish (es-GT), with a
 * no-break space.
 */
export function money(
  amount: number,
  lang: "en" | "es" = "en",
  currency = "GTQ"
) {
  return new Intl.NumberFormat(lang === "es" ? "es-GT" : lang, {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
  }).format(amount)
}

/**
 * The window as the merchant sees it (the dashboard scrolls inside its own main area, so a
 * full-page shot is no taller than the window); animations finished, so a prompt is not caught
 * half faded in.
 */
export async function shot(page: Page, name: string) {
  const file = path.join(SCREENSHOTS, `${name}.png`)
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" })
  return file
}

/** One element (a card, a widget), scrolled into view. */
export async function shotOf(element: Locator, name: string) {
  const file = path.join(SCREENSHOTS, `${name}.png`)
  await element.screenshot({ path: file, animations: "disabled" })
  return file
}

/** Runs one step; on failure, names it, adds what the page logged and saves a screenshot. */
export function makeStep(page: Page, pageLog: PageLog, prefix = "") {
  return async (name: string, fn: () => Promise<void>) => {
    try {
      await fn()
    } catch (e: any) {
      let file = ""
      try {
        file = await shot(
          page,
          `${prefix}failed-${name.replace(/[^a-z0-9]+/gi, "-").slice(0, 60)}`
        )
      } catch {
        // The page may be gone.
      }
      e.message = `admin step "${name}" failed at ${page.url()}: ${e.message}${file ? `\n  screenshot: ${file}` : ""}${pageLog.tail()}`
      throw e
    }
  }
}

/** Signs in through the dashboard's own login form at /app/login; lands on the orders list. */
export async function signIn(
  page: Page,
  context: BrowserContext,
  base: string,
  merchant: { email: string; password: string }
) {
  await page.goto("/app/login")
  await page.locator('input[name="email"]').waitFor({ timeout: FIRST_LOAD_MS })
  await page.locator('input[name="email"]').fill(merchant.email)
  await page.locator('input[name="password"]').fill(merchant.password)
  await page.getByRole("button", { name: "Continue with Email" }).click()
  await page.waitForURL(/\/app\/orders/, { timeout: FIRST_LOAD_MS })
  // The dashboard's session cookie, set by POST /auth/session.
  const cookies = await context.cookies(base)
  if (!cookies.some((c) => c.name === "connect.sid")) {
    throw new Error(
      `no session cookie after signing in (cookies: ${cookies.map((c) => c.name).join(", ") || "none"})`
    )
  }
}

/** Opens an extension's page from the dashboard's sidebar. */
/** Español on the profile page, as a merchant picks it: Profile → "…" → Edit → Language → Save. */
export async function switchToSpanish(page: Page) {
  await page.goto("/app/settings/profile")
  const heading = page.getByRole("heading", { name: "Profile", exact: true })
  await heading.waitFor({ timeout: FIRST_LOAD_MS })
  // The profile card's header: its heading block, and the "..." menu beside it.
  await heading
    .locator("xpath=../..")
    .locator('button[aria-haspopup="menu"]')
    .click()
  await page.getByRole("menuitem", { name: "Edit" }).click()
  const drawer = page.getByRole("dialog")
  await drawer.waitFor({ timeout: UI_MS })
  await drawer.getByRole("combobox").click()
  await page.getByRole("option", { name: "Español" }).click()
  await drawer.getByRole("button", { name: "Save", exact: true }).click()
  await drawer.waitFor({ state: "detached", timeout: UI_MS })
  await page.waitForFunction(
    () => document.documentElement.lang === "es",
    undefined,
    { timeout: UI_MS }
  )
}

export async function openFromSidebar(page: Page, href: string, label: string) {
  const link = page.locator(`a[href="${href}"]`).filter({ hasText: label })
  await link.first().waitFor({ timeout: FIRST_LOAD_MS })
  await link.first().click()
  await page.waitForURL(new RegExp(`${href.replace(/[/.]/g, "\\$&")}$`), {
    timeout: UI_MS,
  })
}

/**
 * The table's body rows as cell texts (textContent, so a no-break space stays \u00a0), once it
 * has exactly `n` rows of its current filters (not aria-busy: the plugin's lists keep showing the
 * previous rows while the next load).
 */
export async function waitForRows(
  page: Page,
  table: string,
  n: number,
  what: string,
  timeout = UI_MS
): Promise<string[][]> {
  const read = () =>
    page
      .locator(`${table} tbody tr`)
      .evaluateAll((trs) =>
        trs.map((tr) =>
          Array.from(tr.querySelectorAll("td")).map((td) =>
            (td.textContent || "").trim()
          )
        )
      )
  try {
    await page.waitForFunction(
      ([sel, count]) =>
        document.querySelector(sel as string) !== null &&
        document.querySelector(
          `${sel}[aria-busy="true"], ${sel} [aria-busy="true"]`
        ) === null &&
        document.querySelectorAll(`${sel} tbody tr`).length === count,
      [table, n] as const,
      { timeout }
    )
  } catch (e: any) {
    throw new Error(
      `expected ${n} rows in ${what}; it shows ${JSON.stringify(await read().catch(() => "no table"))} (${e.message.split("\n")[0]})`
    )
  }
  return await read()
}

/**
 * Waits for a toast (Medusa UI's, on sonner) with this text and checks its kind by its icon;
 * answers its text.
 */
export async function waitForToast(
  page: Page,
  text: string | RegExp,
  kind: "success" | "error" | "warning" | "info",
  timeout = UI_MS
) {
  const toast = page
    .locator("[data-sonner-toast]")
    .filter({ hasText: text })
    .first()
  try {
    await toast.waitFor({ timeout })
  } catch (e: any) {
    const shown = await page
      .locator("[data-sonner-toast]")
      .allInnerTexts()
      .catch(() => [])
    throw new Error(
      `no ${kind} toast saying ${text}; toasts shown: ${JSON.stringify(shown)} (${e.message.split("\n")[0]})`
    )
  }
  const icon = {
    success: ".text-ui-tag-green-icon",
    error: ".text-ui-tag-red-icon",
    warning: ".text-ui-tag-orange-icon",
    info: "svg.text-ui-fg-base",
  }[kind]
  if ((await toast.locator(icon).count()) !== 1) {
    throw new Error(
      `the toast saying ${text} is not a ${kind} toast: ${await toast.innerHTML()}`
    )
  }
  return await toast.innerText()
}

/**
 * A merchant's browser on the test server: a new context and page, the page's errors collected for
 * failure messages, and `step` naming each step (screenshots prefixed with `prefix`).
 */
export async function merchantSession(browser: Browser, api: Api, prefix = "") {
  const base = baseUrlOf(api)
  const context = await newMerchantContext(browser, base)
  const page = await context.newPage()
  const pageLog = new PageLog()
  pageLog.watch(page)
  return { base, context, page, pageLog, step: makeStep(page, pageLog, prefix) }
}

/**
 * What of the page's tables does not fit a `width` px window: a cell ending past the window, a
 * header's words running past its cell (headers do not wrap; a body cell's text may be cut short on
 * purpose), or anything in a cell (a badge, a button, a link, a line of text) ending past its cell,
 * i.e. clipped by it.
 */
export async function cellsPastWindow(page: Page, width: number) {
  return await page.locator("table").evaluateAll(
    (tables, width) =>
      tables.flatMap((t, ti) =>
        Array.from(t.querySelectorAll("tr")).flatMap((tr, ri) =>
          Array.from(tr.querySelectorAll("td, th")).flatMap((td, ci) => {
            const where = `table ${ti + 1} row ${ri} cell ${ci + 1}`
            const cell = td.getBoundingClientRect()
            if (Math.round(cell.right) > (width as number))
              return [`${where} ends at ${Math.round(cell.right)} px`]
            const range = document.createRange()
            range.selectNodeContents(td)
            const text = range.getBoundingClientRect()
            if (
              td.tagName === "TH" &&
              text.width > 0 &&
              text.right > cell.right + 1
            )
              return [
                `${where}: "${(td.textContent || "").trim()}" runs to ${Math.round(text.right)} px, past its cell (${Math.round(cell.right)} px)`,
              ]
            return Array.from(td.querySelectorAll("*")).flatMap((el) => {
              const r = el.getBoundingClientRect()
              return r.width > 0 && r.right > cell.right + 1
                ? [
                    `${where}: "${(el.textContent || "").trim()}" ends at ${Math.round(r.right)} px, past its cell (${Math.round(cell.right)} px)`,
                  ]
                : []
            })
          })
        )
      ),
    width
  )
}
