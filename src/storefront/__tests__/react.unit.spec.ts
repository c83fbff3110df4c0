/**
 * The React entry rendered to HTML (no DOM here): the icon is the plain entry's markup, the info
 * map has dtc-starter's shape, and the loyalty field shows the form, the stale notice or the
 * applied benefit, in each language, with class names that can be replaced.
 */
import { createElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import {
  LoyaltyCardField,
  PaylinkProviderIcon,
  paylinkPaymentInfoMap,
  paylinkProviderIconSvg,
  type LoyaltyCardFieldProps,
  type StoreCartBenefit,
} from "../react"

const rules = [
  {
    id: "brule_1",
    name: "Club 10%",
    description: "10 % de descuento",
    kind: "percentage" as const,
    value: 10,
    applies_to: "items" as const,
    cap: 50,
    min_total: 50,
    currency_code: "gtq",
    starts_at: null,
    ends_at: null,
  },
  {
    id: "brule_2",
    name: "Q 20",
    description: null,
    kind: "fixed" as const,
    value: 20,
    applies_to: "items" as const,
    cap: null,
    min_total: null,
    currency_code: "gtq",
    starts_at: null,
    ends_at: null,
  },
]
const benefit: StoreCartBenefit = {
  id: "red_1",
  status: "authorized",
  rule_id: "brule_1",
  card: "•••• 5678",
  discount: 18,
  total: 180,
  currency_code: "gtq",
  promotion_code: "LOYALTY-1",
  authorization: "AUTH-77",
  confirmation: "CONF-1",
  message: null,
}
const field = (props: Partial<LoyaltyCardFieldProps>) =>
  renderToStaticMarkup(
    createElement(LoyaltyCardField, {
      rules,
      benefit: null,
      onApply: async () => {},
      onRemove: async () => {},
      ...props,
    })
  )

describe("PaylinkProviderIcon / paylinkPaymentInfoMap", () => {
  it("renders the plain entry's SVG, and nothing for another provider", () => {
    const html = renderToStaticMarkup(
      createElement(PaylinkProviderIcon, {
        providerId: "pp_paylink-gateway-b_default",
        size: 32,
        className: "icon",
      })
    )
    expect(html).toContain(
      paylinkProviderIconSvg("pp_paylink-gateway-b_default", 32)!
    )
    expect(html).toMatch(/^<span class="icon"/)
    expect(
      renderToStaticMarkup(
        createElement(PaylinkProviderIcon, { providerId: "pp_stripe_stripe" })
      )
    ).toBe("")
  })

  it("maps provider ids to { title, icon } as dtc-starter's paymentInfoMap", () => {
    const map = paylinkPaymentInfoMap("en")
    expect(Object.keys(map)).toEqual([
      "pp_paylink-gateway-a_default",
      "pp_paylink-gateway-a-subscription_monthly",
      "pp_paylink-gateway-b_default",
      "pp_paylink-gateway-c_default",
    ])
    expect(map["pp_paylink-gateway-a-subscription_monthly"].title).toBe(
      "Monthly subscription (gateway A)"
    )
    expect(
      renderToStaticMarkup(map["pp_paylink-gateway-c_default"].icon)
    ).toContain('data-paylink-gateway="gateway_c"')
    expect(
      Object.keys(
        paylinkPaymentInfoMap("es", [
          "pp_paylink-gateway-a_manual",
          "pp_stripe_stripe",
        ])
      )
    ).toEqual(["pp_paylink-gateway-a_manual"])
  })
})

describe("LoyaltyCardField", () => {
  it("offers the card and the rules in Spanish by default, in English on request", () => {
    const es = field({})
    expect(es).toContain("Tarjeta de lealtad (opcional)")
    expect(es).toContain('name="card"')
    expect(es).toContain("Club 10% — 10 % de descuento")
    // A rule without the merchant's description says what it gives, from its terms.
    expect(es).toContain("Q 20 — Q 20.00 de descuento")
    expect(field({ lang: "en" })).toContain("Q 20 — Q 20.00 off")
    expect(es).toContain(">Aplicar</button>")
    expect(field({ lang: "en" })).toContain(">Apply</button>")
  })

  it("shows the stale notice, and the applied benefit with its authorization instead of the form", () => {
    expect(
      field({ benefit: { ...benefit, status: "stale" }, lang: "en" })
    ).toContain("Your cart changed: apply your card again.")
    const applied = field({ benefit })
    expect(applied).toContain(
      "Beneficio aplicado: •••• 5678 · Descuento Q 18.00 · Autorización AUTH-77"
    )
    expect(applied).toContain(">Quitar beneficio</button>")
    expect(applied).not.toContain('name="card"')
  })

  it("takes class names and texts from the storefront, and renders nothing without rules", () => {
    const html = field({
      classNames: { input: "my-input", button: "btn" },
      texts: { apply: "Usar tarjeta" },
    })
    expect(html).toContain('class="my-input"')
    expect(html).toContain('class="btn"')
    expect(html).toContain('class="paylink-loyalty__root"')
    expect(html).toContain(">Usar tarjeta</button>")
    expect(field({ rules: [] })).toBe("")
  })
})
