import {
  cartDescription,
  GATEWAY_DESCRIPTION_MAX,
  gatewayTextLanguage,
  orderDescription,
} from "../gateway-text"
import { buildSessionData } from "../../cart/cart-payment-data"
import { buildOrderSessionData } from "../../order-links/order-payment-data"
import { linesForAmount } from "../../order-links/order-lines"

describe("gatewayTextLanguage", () => {
  it("is the option when set, whatever the cart says", () => {
    expect(gatewayTextLanguage("en", "es-GT", "GTQ")).toBe("en")
    expect(gatewayTextLanguage("es", "en-US", "USD")).toBe("es")
  })

  it("unset: the cart's stored locale, else Spanish for GTQ and English for another currency", () => {
    expect(gatewayTextLanguage(undefined, "en-US", "GTQ")).toBe("en")
    expect(gatewayTextLanguage(null, "es_GT", "usd")).toBe("es")
    expect(gatewayTextLanguage(undefined, null, "gtq")).toBe("es")
    expect(gatewayTextLanguage(undefined, "fr-FR", "GTQ")).toBe("es")
    expect(gatewayTextLanguage(undefined, "", "USD")).toBe("en")
  })
})

describe("cartDescription", () => {
  it("names the first product and counts the other units, in Guatemalan Spanish or English", () => {
    expect(cartDescription("es", "Miel de Petén", 1)).toBe("Miel de Petén")
    expect(cartDescription("es", "Miel de Petén", 2)).toBe(
      "Miel de Petén y 1 artículo más"
    )
    expect(cartDescription("es", "Miel de Petén", 4)).toBe(
      "Miel de Petén y 3 artículos más"
    )
    expect(cartDescription("en", "Miel de Petén", 2)).toBe(
      "Miel de Petén and 1 more item"
    )
    expect(cartDescription("en", "Miel de Petén", 3)).toBe(
      "Miel de Petén and 2 more items"
    )
  })

  it("cuts a long name, never the count, to the description's cap", () => {
    const text = cartDescription("es", "Café ".repeat(80), 12)
    expect(text.length).toBeLessThanOrEqual(GATEWAY_DESCRIPTION_MAX)
    expect(text).toMatch(/Café… y 11 artículos más$/)
  })
})

describe("orderDescription", () => {
  it("writes an admin link's description in the store's language", () => {
    expect(orderDescription("es", "draft_order", 7)).toBe(
      "Pedido en borrador #7"
    )
    expect(orderDescription("es", "balance", 12)).toBe("Saldo del pedido #12")
    expect(orderDescription("es", "order", 12)).toBe("Pedido #12")
    expect(orderDescription("en", "draft_order", 7)).toBe("Draft order #7")
    expect(orderDescription("en", "balance", 12)).toBe("Balance of order #12")
    expect(orderDescription("en", "order", 12)).toBe("Order #12")
  })
})

describe("the session data the gateway's text comes from", () => {
  const items = [
    { id: "i1", product_title: "Miel de Petén", quantity: 2, total: 120 },
  ]

  it("a GTQ cart without a locale: Spanish description and shipping line", () => {
    const data = buildSessionData(
      { id: "cart_1", currency_code: "gtq", items, shipping_total: 25 },
      "pp_paylink-gateway-b_default"
    )
    expect(data.description).toBe("Miel de Petén y 1 artículo más")
    expect(data.text_lang).toBe("es")
    expect(data.order_lines.at(-1)).toMatchObject({ name: "Envío" })
    expect(data.lang).toBeUndefined()
  })

  it("the option decides over the cart; the shopper's language rides along for the return pages", () => {
    const data = buildSessionData(
      { id: "cart_1", currency_code: "gtq", locale: "es-GT", items },
      "pp_paylink-gateway-b_default",
      null,
      { text: "en", shopper: "es" }
    )
    expect(data.description).toBe("Miel de Petén and 1 more item")
    expect(data).toMatchObject({ text_lang: "en", lang: "es" })
  })

  it("gateway B's line for what the items do not cover, in the session's language", () => {
    const lines = linesForAmount(
      [{ reference: "r", name: "Miel", qty: 1, unit_cents: 100 }],
      150n,
      "Pedido #1",
      "es"
    )
    expect(lines.at(-1)).toMatchObject({ name: "Envío, impuestos y cargos" })
  })

  it("an admin link: the draft, the balance and the whole order, in Spanish for a GTQ store", () => {
    const order = {
      id: "order_1",
      display_id: 7,
      status: "draft",
      is_draft_order: true,
      currency_code: "gtq",
      total: 100,
      summary: { pending_difference: 100 },
      items: [],
    }
    expect(
      buildOrderSessionData(order, "pp_paylink-gateway-a_default", null)
        .description
    ).toBe("Pedido en borrador #7")
    const balance = buildOrderSessionData(
      {
        ...order,
        status: "pending",
        is_draft_order: false,
        summary: { pending_difference: 40 },
      },
      "pp_paylink-gateway-a_default",
      null
    )
    expect(balance.description).toBe("Saldo del pedido #7")
    expect(
      buildOrderSessionData(
        { ...order, locale: "en-US" },
        "pp_paylink-gateway-a_default",
        null
      )
    ).toMatchObject({ description: "Draft order #7", lang: "en" })
    expect(
      buildOrderSessionData(
        { ...order, status: "pending", is_draft_order: false },
        "pp_paylink-gateway-a_default",
        null,
        "en"
      ).description
    ).toBe("Order #7")
  })
})
