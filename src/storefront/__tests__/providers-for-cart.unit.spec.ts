import { CART_PAYMENT_LINK_REASON_CODES } from "../../types/paylink"
import { paylinkProvidersForCart, paylinkReasonText } from "../index"
import { fakeBackend } from "./fake-backend"

const answer = {
  payment_providers: [
    {
      id: "pp_paylink-gateway-a-subscription_monthly",
      gateway: "gateway_a_subscription",
      subscription: true,
      available: false,
      reason:
        'only for goods sold by subscription; not sold by subscription: "Miel"',
      reason_code: "not_subscription_goods",
    },
    {
      id: "pp_paylink-gateway-a_default",
      gateway: "gateway_a",
      subscription: false,
      available: true,
      reason: null,
      reason_code: null,
    },
    {
      id: "pp_paylink-gateway-b_default",
      gateway: "gateway_b",
      subscription: false,
      available: false,
      reason: "accepts GTQ only",
      reason_code: "currency",
    },
    {
      id: "pp_paylink-gateway-c_default",
      gateway: "gateway_c",
      subscription: false,
      available: false,
      reason: "something new",
      reason_code: "a_code_of_a_newer_server",
    },
  ],
}

describe("paylinkProvidersForCart", () => {
  it("answers each provider with the customer's title and reason, and the ones the cart may use", async () => {
    const backend = fakeBackend(() => ({ json: answer }))
    try {
      const es = await paylinkProvidersForCart(backend.sdk, "cart_1")
      expect(backend.requests[0]).toMatchObject({
        method: "GET",
        path: "/store/carts/cart_1/payment-link-providers",
      })
      expect(es.available.map((p) => p.id)).toEqual([
        "pp_paylink-gateway-a_default",
      ])
      expect(es.providers.map((p) => [p.title, p.reason])).toEqual([
        [
          "Suscripción mensual (pasarela A)",
          "Solo para productos de suscripción: su carrito tiene productos que no se venden por suscripción.",
        ],
        ["Tarjeta — pasarela A", null],
        [
          "Pago en línea — pasarela B",
          "Esta forma de pago no acepta la moneda de su carrito.",
        ],
        ["Pago en línea — pasarela C", "No disponible para este carrito."],
      ])
      expect(es.providers[2].server_reason).toBe("accepts GTQ only")
      const en = await paylinkProvidersForCart(backend.sdk, "cart_1", {
        lang: "en",
      })
      expect(en.providers[2].reason).toBe(
        "This payment method does not take your cart's currency."
      )
    } finally {
      backend.restore()
    }
  })

  it("maps every reason code the server answers", () => {
    for (const code of CART_PAYMENT_LINK_REASON_CODES) {
      for (const lang of ["es", "en"] as const)
        expect(paylinkReasonText(code, lang)).not.toBe(
          paylinkReasonText(null, lang)
        )
    }
    expect(paylinkReasonText("empty_cart", "en")).toBe("Your cart is empty.")
    expect(paylinkReasonText("amount")).toBe(
      "Esta forma de pago no acepta el total de su carrito."
    )
    expect(paylinkReasonText(null, "en")).toBe("Not available for this cart.")
    expect(paylinkReasonText("toString", "en")).toBe(
      "Not available for this cart."
    )
  })
})
