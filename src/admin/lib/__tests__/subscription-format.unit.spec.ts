/** How a subscription's plan, goods, customer and addresses read in the admin, with the real strings. */
import i18next from "i18next"
import type { SubscriptionAddress, SubscriptionItem } from "../../../types"
import { en, es, PAYLINK_NS } from "../../i18n"
import {
  addressLines,
  amountOf,
  canMakeOrder,
  customerName,
  goodsSummary,
  itemTitle,
  planText,
  sameAddress,
} from "../subscription-format"

async function translator(lng: "en" | "es") {
  const i18n = i18next.createInstance()
  await i18n.init({
    lng,
    ns: [PAYLINK_NS],
    defaultNS: PAYLINK_NS,
    resources: { en: { [PAYLINK_NS]: en }, es: { [PAYLINK_NS]: es } },
    interpolation: { escapeValue: false },
  })
  return i18n.t.bind(i18n) as (k: string, o?: Record<string, unknown>) => string
}

const item = (over: Partial<SubscriptionItem> = {}): SubscriptionItem => ({
  variant_id: "variant_1",
  product_id: "prod_1",
  title: "Café de Huehuetenango",
  product_title: "Café de Huehuetenango",
  variant_title: "500 g",
  sku: null,
  thumbnail: null,
  quantity: 2,
  unit_price: "75.00",
  is_tax_inclusive: true,
  ...over,
})

const address = (
  over: Partial<SubscriptionAddress> = {}
): SubscriptionAddress => ({
  first_name: "Ana",
  last_name: "Reyes",
  company: null,
  address_1: "6a Avenida 12-34",
  address_2: "Zona 1",
  city: "Guatemala",
  province: null,
  postal_code: "01001",
  country_code: "gt",
  phone: "+502 5555 1234",
  ...over,
})

describe("planText", () => {
  it("says every period in English and in Spanish, one and several", async () => {
    const enT = await translator("en")
    const esT = await translator("es")
    expect(planText(enT, { interval: "month", count: 1 })).toBe("Every month")
    expect(planText(enT, { interval: "week", count: 2 })).toBe("Every 2 weeks")
    expect(planText(enT, { interval: "year", count: 1 })).toBe("Every year")
    expect(planText(esT, { interval: "month", count: 1 })).toBe("Cada mes")
    expect(planText(esT, { interval: "week", count: 2 })).toBe("Cada 2 semanas")
    expect(planText(esT, { interval: "month", count: 3 })).toBe("Cada 3 meses")
    expect(planText(esT, { interval: "year", count: 1 })).toBe("Cada año")
  })
})

describe("goods", () => {
  it("names the first good and counts the rest", async () => {
    expect(goodsSummary([])).toEqual({ first: null, more: 0 })
    expect(goodsSummary([item()])).toEqual({
      first: "Café de Huehuetenango · 500 g",
      more: 0,
    })
    expect(goodsSummary([item(), item(), item()]).more).toBe(2)
    const enT = await translator("en")
    const esT = await translator("es")
    expect(enT("subscriptions.moreGoods", { count: 2 })).toBe("+2 more")
    expect(esT("subscriptions.moreGoods", { count: 2 })).toBe("+2 más")
  })

  it("adds the variant only when the title does not say it", () => {
    expect(itemTitle(item({ variant_title: null }))).toBe(
      "Café de Huehuetenango"
    )
    expect(itemTitle(item({ title: "Café 500 g", product_title: null }))).toBe(
      "Café 500 g"
    )
    expect(itemTitle(item({ product_title: null, title: "500 g" }))).toBe(
      "500 g"
    )
  })
})

describe("customer and addresses", () => {
  it("names the customer, else the e-mail", () => {
    expect(customerName({ customer_name: "Ana Reyes", email: "a@x.gt" })).toBe(
      "Ana Reyes"
    )
    expect(customerName({ customer_name: " ", email: "a@x.gt" })).toBe("a@x.gt")
    expect(customerName({ customer_name: null, email: null })).toBeNull()
  })

  it("writes an address one line each, leaving out what is empty", () => {
    expect(addressLines(address())).toEqual([
      "Ana Reyes",
      "6a Avenida 12-34",
      "Zona 1",
      "01001 Guatemala",
      "GT",
      "+502 5555 1234",
    ])
    expect(addressLines(null)).toEqual([])
    expect(sameAddress(address(), address({ phone: "+502 5555 1234" }))).toBe(
      true
    )
    expect(sameAddress(address(), address({ address_2: null }))).toBe(false)
  })
})

describe("renewal orders and amounts", () => {
  it("offers Make order for a failed order and one a stopped apply left", () => {
    expect(
      ["made", "making", "off", "failed", null].map((s) =>
        canMakeOrder(s as never)
      )
    ).toEqual([false, true, false, true, false])
  })

  it("reads the API's major-unit text", () => {
    expect(amountOf("100.00")).toBe(100)
    expect(amountOf("0.50")).toBe(0.5)
    expect(amountOf(null)).toBeNull()
    expect(amountOf("abc")).toBeNull()
  })
})
