/**
 * Every call of the storefront entry carries the shopper's language as `x-medusa-locale`, so the
 * plugin's store routes answer their refusals in it (and sign it into a new link's return address).
 */
import {
  applyLoyaltyCard,
  createPaymentLink,
  forgetCompletedCart,
  getCartLoyaltyBenefit,
  isCartCompleted,
  listLoyaltyBenefitRules,
  paylinkCallHeaders,
  paylinkProvidersForCart,
  payWithPaylink,
  removeLoyaltyCard,
  type PaylinkCallOptions,
} from "../index"
import { fakeBackend, type Recorded } from "./fake-backend"

const PROVIDER = "pp_paylink-gateway-a_default"

function answer(req: Recorded) {
  if (req.path.endsWith("/payment-link")) {
    return {
      json: {
        payment_session: {
          id: "payses_1",
          provider_id: PROVIDER,
          data: { url: "http://127.0.0.1:4010/hosted/chk_1" },
        },
      },
    }
  }
  if (req.path.endsWith("/payment-link-providers")) {
    return { json: { payment_providers: [] } }
  }
  if (req.path === "/store/benefits/rules") return { json: { rules: [] } }
  if (req.path.endsWith("/benefits")) {
    return { json: { cart: { id: "cart_1" }, benefit: null } }
  }
  return { json: { cart: { id: "cart_1", completed_at: null } } }
}

/** Each helper that makes a request, called with `options`. */
const CALLS: [string, (sdk: any, o: PaylinkCallOptions) => Promise<unknown>][] =
  [
    [
      "createPaymentLink",
      (sdk, o) => createPaymentLink(sdk, "cart_1", PROVIDER, o),
    ],
    [
      "payWithPaylink",
      (sdk, o) =>
        payWithPaylink(sdk, "cart_1", PROVIDER, {
          ...o,
          navigator: { assign: () => {} },
        }),
    ],
    [
      "paylinkProvidersForCart",
      (sdk, o) => paylinkProvidersForCart(sdk, "cart_1", o),
    ],
    ["isCartCompleted", (sdk, o) => isCartCompleted(sdk, "cart_1", o)],
    [
      "forgetCompletedCart",
      (sdk, o) => forgetCompletedCart(sdk, "cart_1", () => {}, o),
    ],
    ["listLoyaltyBenefitRules", (sdk, o) => listLoyaltyBenefitRules(sdk, o)],
    [
      "getCartLoyaltyBenefit",
      (sdk, o) => getCartLoyaltyBenefit(sdk, "cart_1", o),
    ],
    [
      "applyLoyaltyCard",
      (sdk, o) =>
        applyLoyaltyCard(
          sdk,
          "cart_1",
          { card: "6011 0000 1234 5678", ruleId: "rule_1" },
          o
        ),
    ],
    ["removeLoyaltyCard", (sdk, o) => removeLoyaltyCard(sdk, "cart_1", o)],
  ]

describe("the shopper's language on every call", () => {
  let backend: ReturnType<typeof fakeBackend>
  beforeEach(() => {
    backend = fakeBackend(answer)
  })
  afterEach(() => backend.restore())

  it.each(CALLS)("%s sends `lang` as x-medusa-locale", async (_, call) => {
    await call(backend.sdk, { lang: "en" })
    await call(backend.sdk, {
      lang: "es",
      headers: { authorization: "Bearer jwt" },
    })
    const [en, es] = backend.requests
    expect(en.headers.get("x-medusa-locale")).toBe("en")
    expect(es.headers.get("x-medusa-locale")).toBe("es")
    expect(es.headers.get("authorization")).toBe("Bearer jwt")
  })

  it.each(CALLS)(
    "%s adds no language of its own when none is given: the cart's locale, then Accept-Language decide",
    async (_, call) => {
      await call(backend.sdk, {})
      expect(backend.requests[0].headers.get("x-medusa-locale")).toBeFalsy()
    }
  )
})

describe("paylinkCallHeaders", () => {
  it("keeps an x-medusa-locale the caller set, in any case", () => {
    expect(
      paylinkCallHeaders({
        lang: "es",
        headers: { "X-Medusa-Locale": "en-US" },
      })
    ).toEqual({ "X-Medusa-Locale": "en-US" })
  })

  it("adds no language when no `lang` is given (the SDK sends its own locale, sdk.setLocale)", () => {
    expect(paylinkCallHeaders({})).toEqual({})
    expect(paylinkCallHeaders({ lang: "es" })).toEqual({
      "x-medusa-locale": "es",
    })
  })

  it("normalises the language and keeps the other headers", () => {
    expect(
      paylinkCallHeaders({
        lang: "es-GT" as never,
        headers: { authorization: "Bearer jwt" },
      })
    ).toEqual({ authorization: "Bearer jwt", "x-medusa-locale": "es" })
  })
})
