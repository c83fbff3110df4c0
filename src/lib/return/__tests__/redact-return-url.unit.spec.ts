import { buildReturnUrl } from "../return-link"
import { redactReturnUrl } from "../redact-return-url"

const SECRET = "a-secret-of-at-least-32-characters-0123"

describe("redactReturnUrl", () => {
  it("keeps what helps to follow a return and replaces the signature", () => {
    const full = new URL(
      buildReturnUrl("http://localhost:9000", SECRET, {
        session: "payses_01ABC",
        cents: 10000n,
        currency: "GTQ",
        outcome: "success",
        exp: 4102444800,
      })
    )
    const sig = full.searchParams.get("sig")!
    const logged = redactReturnUrl(`${full.pathname}${full.search}`)
    expect(logged).toBe(
      "/paylink/return/payses_01ABC?outcome=success&amount=10000&currency=GTQ&exp=4102444800&sig=[redacted]"
    )
    expect(logged).not.toContain(sig)
  })

  it("replaces what a gateway or anyone else appends, and odd names, whatever their encoding", () => {
    expect(
      redactReturnUrl(
        "/paylink/return/x?sig=abc&token=t0k3n&%73ig=abc&a%20b=c&flag&amount=1%3Bdrop"
      )
    ).toBe(
      "/paylink/return/x?sig=[redacted]&token=[redacted]&[redacted]=[redacted]&[redacted]=[redacted]&flag=[redacted]&amount=[redacted]"
    )
  })

  it("leaves an address without a query as it is", () => {
    expect(redactReturnUrl("/paylink/return/payses_01ABC")).toBe(
      "/paylink/return/payses_01ABC"
    )
  })
})
