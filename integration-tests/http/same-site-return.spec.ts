/**
 * The customer comes back from the gateway with the storefront's
 * `SameSite=Strict` cookies (dtc-starter's cart and login cookies), in a real browser.
 *
 * Headless Chromium goes through a real sandbox checkout: a storefront on `localhost` sets its
 * Strict cookies and links to the hosted page on `127.0.0.1` (another site, as a gateway is);
 * Pay or Cancel sends the browser to this server's return route on `localhost` (another port),
 * which sends it on to the storefront. A chain of redirects gateway → backend → storefront is one
 * cross-site navigation and arrives without the Strict cookies; the return must arrive with them.
 * Once with JavaScript (Spanish browser) and once without (English browser: the page's
 * meta-refresh fallback).
 */
import type { Browser, BrowserContext } from "playwright-core"
import { launchChromium } from "../consumer/dashboard"
import { paylinkSuite } from "../helpers/suite"
import { PROVIDERS } from "../helpers/seed"
import { createCart, createPaymentLink } from "../helpers/storefront"
import {
  CART_COOKIE,
  JWT_COOKIE,
  freePort,
  startStrictCookieStorefront,
  type StrictCookieStorefront,
} from "../helpers/strict-cookie-storefront"

const UI_MS = 30_000

let storefront: StrictCookieStorefront
let backendUrl: string

paylinkSuite(
  (ctx) => {
    const { api } = ctx
    let browser: Browser
    beforeAll(async () => {
      browser = await launchChromium()
    })
    afterAll(async () => {
      await browser?.close()
      await storefront?.close()
    })

    /** The customer's whole trip: storefront checkout page → hosted page → button → back on the storefront. */
    async function checkoutInBrowser(
      context: BrowserContext,
      button: "pay" | "cancel",
      landing: RegExp
    ) {
      const cart = await createCart(
        api,
        ctx.seed.publishableKey,
        ctx.seed.gtqRegionId,
        [{ variant_id: ctx.seed.variantId, quantity: 1 }]
      )
      const { data } = await createPaymentLink(
        api,
        ctx.seed.publishableKey,
        cart.id,
        PROVIDERS.gatewayA
      )
      const hosted: string = data.payment_session.data.url
      expect(new URL(hosted).hostname).toBe("127.0.0.1")

      const page = await context.newPage()
      const returns: { status: number; headers: Record<string, string> }[] = []
      page.on("response", (r) => {
        if (r.url().startsWith(`${backendUrl}/paylink/return/`))
          returns.push({ status: r.status(), headers: r.headers() })
      })
      await page.goto(storefront.checkoutPage(cart.id, hosted))
      await page.click("#go-pay")
      await page.waitForURL((u) => u.href.startsWith(hosted), {
        timeout: UI_MS,
      })
      await page.click(`#${button}`)
      await page.waitForURL(
        (u) =>
          u.href.startsWith(storefront.url) &&
          landing.test(u.pathname + u.search),
        { timeout: UI_MS }
      )
      await page.locator("#landed").waitFor({ timeout: UI_MS })
      const visit = storefront.visits.find((v) => landing.test(v.path))
      await page.close()
      return { cart, visit, returns }
    }

    it("a paid return lands on the order page with the Strict cookies (JavaScript on, Spanish)", async () => {
      const context = await browser.newContext({
        locale: "es-GT",
        viewport: { width: 1280, height: 900 },
      })
      try {
        const { cart, visit, returns } = await checkoutInBrowser(
          context,
          "pay",
          /^\/order\/[^/]+\/confirmed$/
        )
        expect(visit?.cookies).toEqual({
          [CART_COOKIE]: cart.id,
          [JWT_COOKIE]: `customer-token-for-${cart.id}`,
        })
        expect(returns.map((r) => r.status)).toEqual([200])
        expect(returns[0].headers).toMatchObject({
          "content-language": "es",
          "cache-control": "no-store",
        })
      } finally {
        await context.close()
      }
    })

    it("a canceled return lands on the payment step with the Strict cookies (JavaScript off, English)", async () => {
      const context = await browser.newContext({
        locale: "en-US",
        javaScriptEnabled: false,
        viewport: { width: 1280, height: 900 },
      })
      try {
        const { cart, visit, returns } = await checkoutInBrowser(
          context,
          "cancel",
          /^\/checkout\?step=payment&cart_id=/
        )
        expect(visit?.path).toBe(`/checkout?step=payment&cart_id=${cart.id}`)
        expect(visit?.cookies).toEqual({
          [CART_COOKIE]: cart.id,
          [JWT_COOKIE]: `customer-token-for-${cart.id}`,
        })
        expect(returns.map((r) => r.status)).toEqual([200])
        expect(returns[0].headers).toMatchObject({
          "content-language": "en",
          "cache-control": "no-store",
        })
      } finally {
        await context.close()
      }
    })
  },
  {
    // Booting Medusa and Chromium side by side on a loaded machine took over 120 s once.
    timeoutMs: 240_000,
    // The server on a port known before it boots: the gateway sends the browser to backendUrl.
    envAtBoot: async () => {
      storefront = await startStrictCookieStorefront(0)
      const port = await freePort()
      backendUrl = `http://localhost:${port}`
      return {
        PORT: String(port),
        MEDUSA_BACKEND_URL: backendUrl,
        STOREFRONT_URL: storefront.url,
      }
    },
  }
)
