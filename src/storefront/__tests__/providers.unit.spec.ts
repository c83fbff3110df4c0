import {
  isPaylinkProvider,
  paylinkProviderIconSvg,
  paylinkProviderInfo,
} from "../index"

describe("isPaylinkProvider", () => {
  it("knows the plugin's four provider kinds under any registration id, and nothing else", () => {
    for (const id of [
      "pp_paylink-gateway-a_default",
      "pp_paylink-gateway-a-subscription_monthly",
      "pp_paylink-gateway-b_x",
      "pp_paylink-gateway-c_default",
    ]) {
      expect(isPaylinkProvider(id)).toBe(true)
    }
    for (const id of [
      "pp_stripe_stripe",
      "pp_system_default",
      "pp_paylink-gateway-d_default",
      "pp_paylink-gateway-a_",
      "",
      null,
      undefined,
    ]) {
      expect(isPaylinkProvider(id as string)).toBe(false)
    }
  })
})

describe("paylinkProviderInfo", () => {
  it("gives readable titles and descriptions in Spanish and English", () => {
    expect(paylinkProviderInfo("pp_paylink-gateway-a_default", "es")).toEqual({
      title: "Tarjeta — pasarela A",
      description: expect.stringContaining("cuotas o por transferencia"),
      gateway: "gateway_a",
      subscription: false,
    })
    expect(
      paylinkProviderInfo("pp_paylink-gateway-a_default", "en")!.title
    ).toBe("Card — gateway A")
    expect(paylinkProviderInfo("pp_paylink-gateway-b_default")!.title).toBe(
      "Pago en línea — pasarela B"
    )
    expect(
      paylinkProviderInfo("pp_paylink-gateway-c_default", "en")!.title
    ).toBe("Online payment — gateway C")
  })

  it("names the subscription's period when the registration id is one, and stays general otherwise", () => {
    expect(
      paylinkProviderInfo("pp_paylink-gateway-a-subscription_monthly", "es")
    ).toMatchObject({
      title: "Suscripción mensual (pasarela A)",
      subscription: true,
      gateway: "gateway_a_subscription",
    })
    expect(
      paylinkProviderInfo("pp_paylink-gateway-a-subscription_yearly", "en")!
        .title
    ).toBe("Yearly subscription (gateway A)")
    expect(
      paylinkProviderInfo("pp_paylink-gateway-a-subscription_club", "es")!.title
    ).toBe("Suscripción (pasarela A)")
    expect(
      paylinkProviderInfo("pp_paylink-gateway-a-subscription_club", "en")!
        .description
    ).toContain("every period")
  })

  it("answers null for another provider", () => {
    expect(paylinkProviderInfo("pp_stripe_stripe", "es")).toBeNull()
  })
})

describe("paylinkProviderIconSvg", () => {
  it("draws a card with the gateway's letter, arrows for the subscription, at the size asked", () => {
    const a = paylinkProviderIconSvg("pp_paylink-gateway-a_default")!
    expect(a).toMatch(
      /^<svg [^>]*width="24" height="24"[^>]*aria-hidden="true"/
    )
    expect(a).toContain('data-paylink-gateway="gateway_a"')
    expect(a).toMatch(/<text[^>]*>A<\/text><\/svg>$/)
    expect(paylinkProviderIconSvg("pp_paylink-gateway-c_default", 40)).toMatch(
      /width="40" height="40"[\s\S]*>C<\/text>/
    )
    const sub = paylinkProviderIconSvg(
      "pp_paylink-gateway-a-subscription_monthly"
    )!
    expect(sub).toContain('data-paylink-gateway="gateway_a_subscription"')
    expect(sub).not.toContain("<rect")
    expect(
      paylinkProviderIconSvg("pp_paylink-gateway-b_default", Number.NaN)
    ).toContain('width="24"')
    expect(paylinkProviderIconSvg("pp_stripe_stripe")).toBeNull()
  })
})
