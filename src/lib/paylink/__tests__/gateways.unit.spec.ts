/**
 * The gateways' table is the one place a gateway is described: what derives from it must agree
 * with it, and the table must be consistent with itself.
 */
import {
  ENDPOINT_OF,
  GATEWAY_DEFINITIONS,
  GATEWAY_PATHS,
  GATEWAYS,
  gatewayDefinition,
  gatewayOfEndpoint,
  gatewayOfProvider,
  hasCancelAddress,
  isGateway,
  PATH_KEY_OF,
} from "../gateways"
import { CHECKOUT_SCHEMAS } from "../schemas"
import { DEFAULT_PATH_SEGMENTS, ENDPOINTS } from "../endpoints"
import { CURRENCY_RULES } from "../limits"
import { DEFAULT_TOKENS } from "../../../sandbox/options"
import { GATEWAY_LABEL } from "../../../sandbox/hosted-page"
import { PAYLINK_DEFAULT_PROVIDER_IDS } from "../../../storefront/react/provider-icon"
import { en, es } from "../../../admin/i18n"

describe("the gateways' table", () => {
  it("names each gateway, identifier and endpoint once; a path key has one default segment and letter", () => {
    for (const key of ["id", "identifier", "endpoint"] as const) {
      const values = GATEWAY_DEFINITIONS.map((d) => d[key])
      expect(new Set(values).size).toBe(values.length)
    }
    for (const d of GATEWAY_DEFINITIONS) {
      const path = GATEWAY_PATHS.find((p) => p.key === d.pathKey)
      expect(path).toEqual({
        key: d.pathKey,
        defaultSegment: d.defaultSegment,
        letter: d.letter,
      })
      expect(d.identifier).toMatch(/^paylink-[a-z0-9-]+$/)
      expect(d.currencies.length).toBeGreaterThan(0)
      for (const currency of Object.keys(d.bounds))
        expect(d.currencies).toContain(currency)
    }
  })

  it("GATEWAYS, the lookups and the provider ids come from it", () => {
    expect(GATEWAYS).toEqual([
      "gateway_a",
      "gateway_a_subscription",
      "gateway_b",
      "gateway_c",
    ])
    expect(GATEWAYS.every(isGateway)).toBe(true)
    expect([
      isGateway("gateway_z"),
      isGateway(undefined),
      isGateway("toString"),
    ]).toEqual([false, false, false])
    for (const d of GATEWAY_DEFINITIONS) {
      expect(gatewayDefinition(d.id)).toBe(d)
      expect(gatewayOfEndpoint(d.endpoint)).toBe(d.id)
      expect(gatewayOfProvider(`pp_${d.identifier}_default`)).toBe(d.id)
      expect(gatewayOfProvider(`pp_${d.identifier}_`)).toBeNull()
      expect(PATH_KEY_OF[d.id]).toBe(d.pathKey)
      expect(ENDPOINT_OF[d.id]).toBe(d.endpoint)
    }
    expect(gatewayOfEndpoint("discount")).toBeNull()
    expect(gatewayOfProvider("pp_paylink-gateway-a-subscription_monthly")).toBe(
      "gateway_a_subscription"
    )
    expect(gatewayOfProvider("pp_paylink-gateway-z_default")).toBeNull()
    expect(gatewayOfProvider("pp_stripe_stripe")).toBeNull()
  })

  it("the endpoints, path segments and currency rules derive from it", () => {
    for (const d of GATEWAY_DEFINITIONS) {
      const endpoint = ENDPOINTS[d.endpoint]
      expect(endpoint).toMatchObject({
        name: d.endpoint,
        segment: d.pathKey,
        label: d.label,
        successStatus: 201,
        requiresToken: true,
      })
      expect(endpoint.path("seg")).toBe(
        `/pay/v2/seg/checkouts/hosted/${d.hosted}`
      )
      expect(endpoint.request).toBe(CHECKOUT_SCHEMAS[d.endpoint].request)
      expect(DEFAULT_PATH_SEGMENTS[d.pathKey]).toBe(d.defaultSegment)
      expect(CURRENCY_RULES[d.id].currencies).toEqual(d.currencies)
    }
    expect(CURRENCY_RULES.gateway_a.bounds.USD).toEqual({
      minCents: 500n,
      maxCents: 1_500_000n,
    })
    expect(CURRENCY_RULES.gateway_b.bounds).toEqual({})
  })

  it("a gateway has a cancel address exactly when its request schema takes redirection.cancelUrl", () => {
    for (const d of GATEWAY_DEFINITIONS) {
      const redirection = (
        CHECKOUT_SCHEMAS[d.endpoint].request.shape.redirection as any
      ).unwrap()
      expect(["successUrl", ...(d.cancelAddress ? ["cancelUrl"] : [])]).toEqual(
        Object.keys(redirection.shape)
      )
      expect(hasCancelAddress(d.id)).toBe(d.cancelAddress)
    }
    expect(
      GATEWAY_DEFINITIONS.filter((d) => d.cancelAddress).map((d) => d.id)
    ).toEqual(["gateway_a", "gateway_a_subscription"])
    expect(hasCancelAddress("gateway_z")).toBe(false)
  })

  it("the sandbox, the storefront and the admin name it from it", () => {
    expect(DEFAULT_TOKENS).toEqual({
      gatewayA: "sandbox-token-a",
      gatewayB: "sandbox-token-b",
      gatewayC: "sandbox-token-c",
    })
    expect(GATEWAY_LABEL).toEqual({
      gatewayASingle: "Gateway A (single payment)",
      gatewayASubscription: "Gateway A (subscription)",
      gatewayB: "Gateway B",
      gatewayC: "Gateway C",
    })
    expect(PAYLINK_DEFAULT_PROVIDER_IDS).toEqual([
      "pp_paylink-gateway-a_default",
      "pp_paylink-gateway-a-subscription_monthly",
      "pp_paylink-gateway-b_default",
      "pp_paylink-gateway-c_default",
    ])
    expect(en.gateways).toMatchObject({
      gateway_a: "Gateway A",
      gateway_a_subscription: "Gateway A (subscription)",
      gateway_b: "Gateway B",
      gateway_c: "Gateway C",
    })
    expect(es.gateways).toMatchObject({
      gateway_a: "Pasarela A",
      gateway_a_subscription: "Pasarela A (suscripción)",
      gateway_b: "Pasarela B",
      gateway_c: "Pasarela C",
    })
  })
})
