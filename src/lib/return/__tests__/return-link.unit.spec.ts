import {
  RETURN_ROUTE_PATH,
  buildReturnUrl,
  signReturnClaims,
  verifyReturn,
  signResume,
  verifyResume,
  type ReturnClaims,
  type ReturnQuery,
} from "../return-link"

const SECRET = "k".repeat(32)
const NOW = new Date("2030-01-01T00:00:00Z")
const IN_ONE_HOUR = NOW.getTime() / 1000 + 3600

const claims: ReturnClaims = {
  session: "payses_01HXYZ",
  cents: 15050n,
  currency: "GTQ",
  outcome: "success",
  exp: IN_ONE_HOUR,
}

/** What the return route hands to verifyReturn: the path's session plus the query. */
function queryOf(url: string): Record<string, string> {
  const u = new URL(url)
  const session = decodeURIComponent(
    u.pathname.slice(u.pathname.lastIndexOf("/") + 1)
  )
  return { session, ...Object.fromEntries(u.searchParams) }
}

describe("buildReturnUrl", () => {
  it("builds <backend>/paylink/return/<session>?... and trims trailing slashes", () => {
    const url = buildReturnUrl("https://api.shop.example//", SECRET, claims)
    const u = new URL(url)
    expect(RETURN_ROUTE_PATH).toBe("/paylink/return")
    expect(`${u.origin}${u.pathname}`).toBe(
      "https://api.shop.example/paylink/return/payses_01HXYZ"
    )
    expect(Object.fromEntries(u.searchParams)).toEqual({
      outcome: "success",
      amount: "15050",
      currency: "GTQ",
      exp: String(IN_ONE_HOUR),
      sig: signReturnClaims(SECRET, claims),
    })
  })

  it("keeps a backend path prefix and encodes the session", () => {
    const url = buildReturnUrl("https://shop.example/api/", SECRET, {
      ...claims,
      session: "ses/1 2",
    })
    expect(
      url.startsWith("https://shop.example/api/paylink/return/ses%2F1%202?")
    ).toBe(true)
    expect(verifyReturn(SECRET, queryOf(url), NOW)).toEqual({
      ok: true,
      claims: { ...claims, session: "ses/1 2" },
    })
  })
})

describe("verifyReturn", () => {
  const url = buildReturnUrl("https://api.shop.example", SECRET, claims)
  const good = queryOf(url)

  it("accepts its own link and returns the claims", () => {
    expect(verifyReturn(SECRET, good, NOW)).toEqual({ ok: true, claims })
  })

  it("signatures differ per claim and per secret", () => {
    expect(signReturnClaims(SECRET, claims)).not.toBe(
      signReturnClaims(SECRET, { ...claims, cents: 15051n })
    )
    expect(signReturnClaims(SECRET, claims)).not.toBe(
      signReturnClaims("x".repeat(32), claims)
    )
  })

  it.each([
    ["session", { session: "payses_OTHER" }],
    ["amount", { amount: "15051" }],
    ["amount lowered", { amount: "1" }],
    ["currency", { currency: "USD" }],
    ["exp extended", { exp: String(IN_ONE_HOUR + 86400) }],
    [
      "signature",
      { sig: good.sig.slice(0, -2) + (good.sig.endsWith("AA") ? "BB" : "AA") },
    ],
    ["signature length", { sig: good.sig + "A" }],
  ])("a tampered %s is bad_signature", (_what, change) => {
    expect(verifyReturn(SECRET, { ...good, ...change }, NOW)).toEqual({
      ok: false,
      problem: "bad_signature",
    })
  })

  it("a cancel link turned into success is bad_signature", () => {
    const cancel = queryOf(
      buildReturnUrl("https://api.shop.example", SECRET, {
        ...claims,
        outcome: "cancel",
      })
    )
    expect(verifyReturn(SECRET, cancel, NOW)).toEqual({
      ok: true,
      claims: { ...claims, outcome: "cancel" },
    })
    expect(
      verifyReturn(SECRET, { ...cancel, outcome: "success" }, NOW)
    ).toEqual({ ok: false, problem: "bad_signature" })
  })

  it("signs the shopper's language: kept on the way back; changed, dropped or added is bad_signature", () => {
    const spanish = queryOf(
      buildReturnUrl("https://api.shop.example", SECRET, {
        ...claims,
        lang: "es",
      })
    )
    expect(spanish.lang).toBe("es")
    expect(verifyReturn(SECRET, spanish, NOW)).toEqual({
      ok: true,
      claims: { ...claims, lang: "es" },
    })
    const { lang: _dropped, ...withoutLang } = spanish
    for (const forged of [{ ...spanish, lang: "en" }, withoutLang]) {
      expect(verifyReturn(SECRET, forged, NOW)).toEqual({
        ok: false,
        problem: "bad_signature",
      })
    }
    expect(verifyReturn(SECRET, { ...good, lang: "es" }, NOW)).toEqual({
      ok: false,
      problem: "bad_signature",
    })
    for (const odd of ["fr", "", ["es"]]) {
      expect(verifyReturn(SECRET, { ...spanish, lang: odd }, NOW)).toEqual({
        ok: false,
        problem: "malformed",
      })
    }
  })

  it("an address made before the language was signed still verifies, with no lang", () => {
    expect(
      new URL(
        buildReturnUrl("https://a.example", SECRET, claims)
      ).searchParams.has("lang")
    ).toBe(false)
    expect(verifyReturn(SECRET, good, NOW)).toEqual({ ok: true, claims })
  })

  it("another secret is bad_signature", () => {
    expect(verifyReturn("z".repeat(32), good, NOW)).toEqual({
      ok: false,
      problem: "bad_signature",
    })
  })

  it("is expired after exp, and only once the signature holds", () => {
    const later = new Date((IN_ONE_HOUR + 1) * 1000)
    expect(verifyReturn(SECRET, good, new Date(IN_ONE_HOUR * 1000))).toEqual({
      ok: true,
      claims,
    })
    expect(verifyReturn(SECRET, good, later)).toEqual({
      ok: false,
      problem: "expired",
      claims: expect.objectContaining({ outcome: "success" }),
    })
    expect(verifyReturn(SECRET, { ...good, amount: "1" }, later)).toEqual({
      ok: false,
      problem: "bad_signature",
    })
  })

  it.each(["session", "outcome", "amount", "currency", "exp", "sig"] as const)(
    "a missing %s is malformed",
    (field) => {
      const { [field]: _omitted, ...rest } = good
      expect(verifyReturn(SECRET, rest, NOW)).toEqual({
        ok: false,
        problem: "malformed",
      })
    }
  )

  it.each<[string, ReturnQuery]>([
    ["non-numeric amount", { amount: "abc" }],
    ["decimal amount", { amount: "150.50" }],
    ["negative amount", { amount: "-15050" }],
    ["empty amount", { amount: "" }],
    ["lower-case currency", { currency: "gtq" }],
    ["unknown outcome", { outcome: "refund" }],
    ["non-numeric exp", { exp: "soon" }],
    ["array amount", { amount: ["15050", "1"] }],
    ["array session", { session: ["payses_01HXYZ"] }],
    ["array sig", { sig: [good.sig] }],
    ["object outcome", { outcome: { toString: () => "success" } }],
  ])("%s is malformed", (_what, change) => {
    expect(verifyReturn(SECRET, { ...good, ...change }, NOW)).toEqual({
      ok: false,
      problem: "malformed",
    })
  })
})

describe("resume signature (a re-created session reusing its link)", () => {
  it("accepts only this store's signature for this record", () => {
    const sig = signResume(SECRET, "plck_1")
    expect(verifyResume(SECRET, "plck_1", sig)).toBe(true)
    expect(verifyResume(SECRET, "plck_2", sig)).toBe(false)
    expect(
      verifyResume("another-store-secret-0123456789abcdef", "plck_1", sig)
    ).toBe(false)
    expect(verifyResume(SECRET, "plck_1", "")).toBe(false)
    expect(verifyResume(SECRET, "plck_1", sig.slice(0, -1))).toBe(false)
  })
})
