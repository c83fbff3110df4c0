/**
 * The sandbox's pages in real Chromium (playwright-core, /usr/bin/chromium) at 1280 px, in Spanish
 * and English browsers: Back after paying never shows the hosted page payable again, the "Already
 * paid" page links back to the store in the browser's language, and the front page's "Pay, never
 * return" button stays inside its table cell. Screenshots go to PAYLINK_SCREENSHOTS when it is set.
 */
import http from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { launchChromium } from "../../../integration-tests/helpers/chromium"
import { call, sandbox, useSandbox, withBody } from "./helpers/sandbox-calls"

const SHOTS = process.env.PAYLINK_SCREENSHOTS

useSandbox()
jest.setTimeout(60_000)

let browser: Browser
let store: http.Server
let storeUrl: string

beforeAll(async () => {
  // The merchant's store: where the hosted page sends the customer back.
  store = http.createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
    res.end(
      `<!doctype html><title>Store</title><h1 id="store">Store ${req.url}</h1>`
    )
  })
  await new Promise<void>((r) => store.listen(0, "127.0.0.1", r))
  storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await new Promise((r) => store?.close(r))
})

async function newPage(lang: "es" | "en"): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: lang === "es" ? "es-GT" : "en-US",
  })
  return context.newPage()
}

const shot = (page: Page, name: string) =>
  SHOTS
    ? page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })
    : Promise.resolve()

async function openCheckout(
  number: number
): Promise<{ id: string; url: string }> {
  const res = await call(
    "gatewayASingle",
    withBody("gatewayASingle", {
      number,
      redirection: {
        successUrl: `${storeUrl}/return/ok?n=${number}`,
        cancelUrl: `${storeUrl}/return/cancel?n=${number}`,
      },
    })
  )
  expect(res.status).toBe(201)
  return res.data
}

describe.each(["es", "en"] as const)("the sandbox's pages in %s", (lang) => {
  const back = lang === "es" ? "Volver a la tienda" : "Back to the store"

  it("Back after Pay shows the checkout paid, never payable again, with a link to the store", async () => {
    const { url } = await openCheckout(lang === "es" ? 2001 : 2002)
    const page = await newPage(lang)
    await page.goto(url)
    await page.locator("#pay").click()
    await page.waitForURL(`${storeUrl}/return/ok**`)
    await page.goBack()
    await page.waitForLoadState("load")
    // A page restored from the back/forward cache reloads itself: wait for the paid one.
    await page.locator("#back-to-store").waitFor({ timeout: 10_000 })
    expect(await page.locator("#pay").count()).toBe(0)
    expect(await page.locator("#cancel").count()).toBe(0)
    expect(await page.locator("#back-to-store").textContent()).toBe(back)
    expect(await page.locator("#back-to-store").getAttribute("href")).toBe(
      `${storeUrl}/return/ok?n=${lang === "es" ? 2001 : 2002}`
    )
    await shot(page, `sandbox-hosted-back-after-pay-${lang}`)
    await page.context().close()
  })

  it("a hosted page the browser restores whole (back/forward cache) loads itself again and shows it paid", async () => {
    // Headless Chromium keeps no page in its back/forward cache, so the restore is the event a
    // restored page gets: pageshow with persisted set.
    const { id, url } = await openCheckout(lang === "es" ? 2005 : 2006)
    const page = await newPage(lang)
    await page.goto(url)
    sandbox.payWithoutReturn(id)
    await page.evaluate(() =>
      window.dispatchEvent(
        new PageTransitionEvent("pageshow", { persisted: true })
      )
    )
    await page.locator("#back-to-store").waitFor({ timeout: 10_000 })
    expect(await page.locator("#pay").count()).toBe(0)
    await page.context().close()
  })

  it("Pay on a page left open after paying: the Already paid page links back to the store, in the browser's language", async () => {
    const { id, url } = await openCheckout(lang === "es" ? 2003 : 2004)
    const page = await newPage(lang)
    await page.goto(url)
    sandbox.payWithoutReturn(id)
    await page.locator("#pay").click()
    await page.locator("h1").waitFor()
    expect(await page.locator("h1").textContent()).toBe(
      lang === "es" ? "Ya está pagado" : "Already paid"
    )
    expect(await page.locator("html").getAttribute("lang")).toBe(lang)
    const link = page.locator("#back-to-store")
    expect(await link.textContent()).toBe(back)
    await shot(page, `sandbox-already-paid-${lang}`)
    await link.click()
    await page.waitForURL(`${storeUrl}/return/ok**`)
    await page.context().close()
  })

  it('the front page\'s "Pay, never return" and "Charge next period" buttons stay inside their cells at 1280 px', async () => {
    for (let n = 0; n < 3; n++) {
      await call(
        "gatewayASingle",
        withBody("gatewayASingle", {
          number: 3000 + n,
          description: `Pedido ${3000 + n}: Café de Huehuetenango (1 kg) y Chocolate de Cobán`,
        })
      )
    }
    // A paid subscription, renewed once: its button beside the "renewed" note.
    const subscription = await call(
      "gatewayASubscription",
      withBody("gatewayASubscription", {
        number: 3003,
        description: "Suscripción 3003: Café de Huehuetenango cada mes (1 kg)",
      })
    )
    sandbox.payWithoutReturn(subscription.data.id)
    sandbox.chargeNextPeriod(subscription.data.id)
    const page = await newPage(lang)
    await page.goto(`${sandbox.publicUrl}/`)
    const buttons = page.locator("td form.inline button")
    // Newest first: the subscription's row is the top one.
    expect(await buttons.allTextContents()).toEqual([
      "Charge next period",
      "Pay, never return",
      "Pay, never return",
      "Pay, never return",
    ])
    for (const button of await buttons.all()) {
      const b = (await button.boundingBox())!
      const cell = (await button
        .locator("xpath=ancestor::td[1]")
        .boundingBox())!
      expect(b.x).toBeGreaterThanOrEqual(cell.x - 0.5)
      expect(b.x + b.width).toBeLessThanOrEqual(cell.x + cell.width + 0.5)
      expect(b.y).toBeGreaterThanOrEqual(cell.y - 0.5)
      expect(b.y + b.height).toBeLessThanOrEqual(cell.y + cell.height + 0.5)
    }
    // Nothing wider than the window either.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth)
    ).toBeLessThanOrEqual(1280)
    await shot(page, `sandbox-front-page-${lang}`)
    await page.context().close()
  })
})
