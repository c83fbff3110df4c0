/**
 * The demo storefront's pages in real Chromium (playwright-core, /usr/bin/chromium) at 1280 px, in
 * Spanish and English, against a fake Medusa that answers only what these pages ask: the address
 * step refuses a NIT whose check digit is wrong and keeps what was typed; a refused loyalty card
 * stays in its field; the benefit's description wraps inside its card; the order confirmation shows
 * the discount row only when there is a discount. The plugin's part is its storefront entry
 * (src/storefront), as the demo uses it. Screenshots go to PAYLINK_SCREENSHOTS when it is set.
 */
const path = require("node:path")
const express = require("express")
const {
  launchChromium,
} = require("../../../integration-tests/helpers/chromium")
const paylink = require("../../../src/storefront")
const { startStorefront } = require("../server")

const SHOTS = process.env.PAYLINK_SCREENSHOTS
const CARD = "6011 0000 1234 5678"

jest.setTimeout(90_000)

const region = {
  id: "reg_gtq",
  name: "Guatemala",
  currency_code: "gtq",
  countries: [{ iso_2: "gt", display_name: "Guatemala" }],
}
const rule = {
  id: "brule_1",
  name: "Club Paylink 10%",
  description: "10 % de descuento con su tarjeta de lealtad (máximo Q 50)",
  kind: "percentage",
  value: 10,
  cap: 50,
  min_total: 50,
  currency_code: "gtq",
  starts_at: null,
  ends_at: null,
}
const item = {
  id: "item_1",
  title: "Café de Huehuetenango (1 kg)",
  product_title: "Café de Huehuetenango (1 kg)",
  thumbnail: "",
  quantity: 1,
  unit_price: 180,
  subtotal: 180,
}

/** What the fake Medusa was asked to write, per test. */
let writes = []
let cart

function freshCart() {
  return {
    id: "cart_1",
    email: "ana@example.gt",
    currency_code: "gtq",
    region_id: region.id,
    completed_at: null,
    total: 205,
    subtotal: 180,
    item_total: 180,
    item_subtotal: 180,
    shipping_total: 25,
    discount_total: 0,
    items: [item],
    shipping_address: {
      first_name: "Ana",
      last_name: "López",
      address_1: "5a Calle 3-45, Zona 1",
      city: "Guatemala",
      country_code: "gt",
    },
    billing_address: null,
    shipping_methods: [{ id: "sm_1", shipping_option_id: "so_1" }],
    promotions: [],
    payment_collection: null,
  }
}

const order = (id, discount) => ({
  id,
  display_id: discount ? 12 : 11,
  email: "ana@example.gt",
  currency_code: "gtq",
  items: [item],
  discount_total: discount,
  shipping_total: 25,
  total: 205 - discount,
  promotions: [],
  payment_collections: [{ payments: [{ data: { number: 1001 } }] }],
})

function fakeMedusa() {
  const app = express()
  app.use(express.json())
  app.get("/store/regions", (_req, res) => res.json({ regions: [region] }))
  app.get("/store/regions/:id", (_req, res) => res.json({ region }))
  app.get("/store/carts/:id", (_req, res) => res.json({ cart }))
  app.post("/store/carts/:id", (req, res) => {
    writes.push({ route: "cart.update", body: req.body })
    cart = { ...cart, ...req.body }
    res.json({ cart })
  })
  app.get("/store/shipping-options", (_req, res) =>
    res.json({
      shipping_options: [
        { id: "so_1", name: "Estándar", amount: 25, calculated_price: {} },
      ],
    })
  )
  app.get("/store/carts/:id/payment-link-providers", (_req, res) =>
    res.json({
      payment_providers: [
        {
          id: "pp_paylink-gateway-a_default",
          gateway: "A",
          subscription: false,
          available: true,
          reason: null,
          reason_code: null,
        },
      ],
    })
  )
  app.get("/store/benefits/rules", (_req, res) => res.json({ rules: [rule] }))
  app.get("/store/carts/:id/benefits", (_req, res) =>
    res.json({ cart, benefit: null })
  )
  app.post("/store/carts/:id/benefits", (req, res) => {
    writes.push({ route: "benefit.apply", rule: req.body.rule_id })
    res.status(400).json({
      type: "invalid_data",
      code: "benefits.card_rejected",
      message: paylink.PAYLINK_ERROR_MESSAGES["benefits.card_rejected"].es,
    })
  })
  app.get("/store/orders/:id", (req, res) =>
    res.json({
      order: order(req.params.id, req.params.id === "order_discount" ? 18 : 0),
    })
  )
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => resolve(server))
  })
}

let medusa
let store
let storeUrl
let browser

beforeAll(async () => {
  medusa = await fakeMedusa()
  const port = await new Promise((resolve) => {
    const probe = require("node:net").createServer()
    probe.listen(0, "127.0.0.1", () => {
      const p = probe.address().port
      probe.close(() => resolve(p))
    })
  })
  store = await startStorefront({
    port,
    medusaUrl: `http://127.0.0.1:${medusa.address().port}`,
    publishableKey: "pk_test",
    paylink,
  })
  storeUrl = `http://127.0.0.1:${port}`
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await store?.close()
  await new Promise((r) => (medusa ? medusa.close(r) : r()))
})

beforeEach(() => {
  writes = []
  cart = freshCart()
})

async function shopper(lang) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
  })
  await context.addCookies([
    { name: "cart_id", value: "cart_1", url: storeUrl },
    { name: "lang", value: lang, url: storeUrl },
  ])
  return context.newPage()
}

const shot = (page, name) =>
  SHOTS
    ? page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })
    : Promise.resolve()

describe.each(["es", "en"])("the demo storefront in %s", (lang) => {
  it("refuses a NIT whose check digit is wrong, naming the field, and keeps what was typed", async () => {
    const page = await shopper(lang)
    await page.goto(`${storeUrl}/checkout?step=address`)
    await page.fill("#first_name", "Ana María")
    await page.fill("#nit", "12345")
    await page.click("#to-delivery")
    await page.locator("#error").waitFor()
    expect(await page.locator("#error").getAttribute("data-code")).toBe(
      "nit_invalid"
    )
    expect(await page.locator("#error-detail").textContent()).toBe(
      paylink.nitError("12345", lang)
    )
    expect(await page.locator("#error").textContent()).toContain("NIT")
    expect(await page.inputValue("#nit")).toBe("12345")
    expect(await page.inputValue("#first_name")).toBe("Ana María")
    expect(await page.getAttribute("#nit", "aria-invalid")).toBe("true")
    // Nothing was saved on the cart.
    expect(writes).toEqual([])
    await shot(page, `demo-address-nit-refused-${lang}`)

    await page.fill("#nit", "576937-k")
    await page.click("#to-delivery")
    await page.waitForURL(/step=delivery/)
    expect(writes).toHaveLength(1)
    expect(writes[0].body.billing_address.metadata).toEqual({
      tax_id: "576937-K",
    })
    await page.context().close()
  })

  it("keeps a refused loyalty card in its field, and shows the benefit's description whole", async () => {
    const page = await shopper(lang)
    await page.goto(`${storeUrl}/checkout?step=payment`)
    // The benefit: its whole description, inside the loyalty card, at 1280 px.
    const label = page.locator(`#loyalty label[data-rule="${rule.id}"]`)
    await expect_inside(label, page.locator("#loyalty"))
    expect(await label.textContent()).toContain(rule.description)
    const clipped = await label.evaluate((el) =>
      [el, ...el.querySelectorAll("*")].some(
        (e) => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0
      )
    )
    expect(clipped).toBe(false)
    await shot(page, `demo-payment-benefit-${lang}`)

    // Mistyped: the entry's rule refuses it before any request; the field keeps it.
    await page.fill("#card", "6011 00")
    await page.click("#apply-benefit")
    await page.locator("#error").waitFor()
    expect(await page.locator("#error").getAttribute("data-code")).toBe(
      "card_invalid"
    )
    expect(await page.inputValue("#card")).toBe("6011 00")
    expect(writes).toEqual([])
    await shot(page, `demo-payment-card-mistyped-${lang}`)

    // Refused by the program: the 16 digits stay too.
    await page.fill("#card", CARD)
    await page.click("#apply-benefit")
    await page.locator('#error[data-code="benefit"]').waitFor()
    expect(await page.inputValue("#card")).toBe(CARD)
    expect(writes).toEqual([{ route: "benefit.apply", rule: rule.id }])
    await shot(page, `demo-payment-card-refused-${lang}`)

    // The language switch on that page still works (it is the POST's address).
    await page.click(`a[data-lang="${lang === "es" ? "en" : "es"}"]`)
    await page.waitForURL(/step=payment/)
    await page.context().close()
  })

  it("shows the discount row on the order confirmation only when there is a discount", async () => {
    const page = await shopper(lang)
    const word = lang === "es" ? "Descuento" : "Discount"
    await page.goto(`${storeUrl}/order/order_plain/confirmed`)
    await page.locator("#order-confirmed").waitFor()
    expect(await page.locator("#order-discount").count()).toBe(0)
    expect(await page.locator("main table").textContent()).not.toContain(word)
    await shot(page, `demo-order-no-discount-${lang}`)
    await page.goto(`${storeUrl}/order/order_discount/confirmed`)
    expect(await page.locator("#order-discount").textContent()).toMatch(/18/)
    expect(await page.locator("main table").textContent()).toContain(word)
    await page.context().close()
  })
})

/** The element's box lies within the container's. */
async function expect_inside(element, container) {
  const b = await element.boundingBox()
  const c = await container.boundingBox()
  expect(b.x).toBeGreaterThanOrEqual(c.x - 0.5)
  expect(b.x + b.width).toBeLessThanOrEqual(c.x + c.width + 0.5)
}
