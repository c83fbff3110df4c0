/**
 * The React LoyaltyCardField in real Chromium (playwright-core, /usr/bin/chromium), bundled with
 * esbuild: a card the rule refuses, or one the server refuses (onApply's message), stays in the
 * field for the customer to correct, in Spanish and English; only an applied card clears it.
 */
import path from "node:path"
import { build } from "esbuild"
import type { Browser } from "playwright-core"
import { launchChromium } from "../../../integration-tests/helpers/chromium"

const CARD = "6011 0000 1234 5678"

jest.setTimeout(90_000)

let browser: Browser
let bundle: string

beforeAll(async () => {
  // The page's script: the field with one rule; onApply refuses the first full card it gets.
  const entry = `
    import { createElement } from "react"
    import { createRoot } from "react-dom/client"
    import { LoyaltyCardField } from ${JSON.stringify(path.resolve(__dirname, "../react"))}
    const rules = [{ id: "brule_1", name: "Club 10%", description: "10 % de descuento con su tarjeta de lealtad (máximo Q 50)",
      kind: "percentage", value: 10, cap: 50, min_total: 50, currency_code: "gtq", starts_at: null, ends_at: null }]
    window.applied = []
    createRoot(document.getElementById("root")).render(createElement(LoyaltyCardField, {
      lang: new URLSearchParams(location.search).get("lang"),
      rules, benefit: null,
      onApply: async ({ card }) => { window.applied.push(card); return window.applied.length === 1 ? "refused by the program" : null },
      onRemove: async () => {},
    }))`
  const out = await build({
    stdin: { contents: entry, resolveDir: __dirname, loader: "ts" },
    bundle: true,
    write: false,
    format: "iife",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  })
  bundle = out.outputFiles[0].text
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
})

describe.each(["es", "en"] as const)("LoyaltyCardField in %s", (lang) => {
  it("keeps a refused card in the field; an applied one clears it", async () => {
    const page = await browser.newPage({
      viewport: { width: 1280, height: 600 },
    })
    await page.route("http://field.test/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><meta charset="utf-8"><div id="root"></div><script>${bundle.replace(/<\/script/g, "<\\/script")}</script>`,
      })
    )
    await page.goto(`http://field.test/?lang=${lang}`)
    const input = page.locator('input[name="card"]')
    const apply = page.locator('button[type="submit"]')
    const error = page.getByTestId("paylink-loyalty-error")

    await input.fill("6011 00")
    await apply.click()
    await error.waitFor()
    expect(await error.textContent()).toMatch(
      lang === "es" ? /de 8 a 19 dígitos/ : /8 to 19 digits/
    )
    expect(await input.inputValue()).toBe("6011 00")

    await input.fill(CARD)
    await apply.click()
    await page.getByText("refused by the program").waitFor()
    expect(await input.inputValue()).toBe(CARD)

    await apply.click()
    await page.waitForFunction(() => (window as any).applied.length === 2)
    await page.waitForFunction(
      () =>
        (document.querySelector('input[name="card"]') as HTMLInputElement)
          .value === ""
    )
    expect(await page.evaluate(() => (window as any).applied)).toEqual([
      "6011000012345678",
      "6011000012345678",
    ])
    await page.close()
  })
})
