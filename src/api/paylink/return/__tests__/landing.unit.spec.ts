import { createHash } from "node:crypto"
import {
  LANDING_CSP,
  LANDING_SCRIPT,
  readLandingTarget,
  renderLandingPage,
  safeLandingTarget,
} from "../landing"

describe("landing page (the hop to the storefront)", () => {
  const target = "https://shop.gt/gt/order/order_01/confirmed"

  it("navigates by script, by meta refresh without script, and by a visible link, in the customer's language", () => {
    const es = renderLandingPage("es", target)
    expect(es).toContain('<html lang="es">')
    expect(es).toContain(
      `<noscript><meta http-equiv="refresh" content="0;url=${target}"></noscript>`
    )
    expect(es).toContain(
      `<a id="continue" class="back" href="${target}">Continuar a la tienda</a>`
    )
    expect(es).toContain(`<script>${LANDING_SCRIPT}</script>`)
    expect(LANDING_SCRIPT).toContain("location.replace(")
    const en = renderLandingPage("en", target)
    expect(en).toContain('<html lang="en">')
    expect(en).toContain("Continue to the store")
  })

  it("keeps the address out of the script, so only HTML escaping applies, and escapes it", () => {
    const hostile = `https://shop.gt/x?a="><script>alert(1)</script>&b='</script>`
    const html = renderLandingPage("en", hostile)
    expect(html).not.toContain("<script>alert")
    expect(html.match(/<script>/g)).toHaveLength(1)
    expect(LANDING_SCRIPT).not.toMatch(/shop|http/)
    expect(readLandingTarget(html)).toBe(hostile)
  })

  it("round-trips the address through the page for tests", () => {
    for (const t of [
      target,
      "http://localhost:8000/checkout?step=payment&cart_id=cart_1&x=%22a%22",
      "https://a.example/p#h",
    ]) {
      expect(readLandingTarget(renderLandingPage("es", t))).toBe(t)
    }
    expect(readLandingTarget("<html>no landing here</html>")).toBeNull()
  })

  it("sends the browser only to http(s) addresses", () => {
    expect(safeLandingTarget(target)).toBe(target)
    expect(
      safeLandingTarget("http://localhost:8000/checkout?step=payment&cart_id=c")
    ).toBe("http://localhost:8000/checkout?step=payment&cart_id=c")
    expect(safeLandingTarget("javascript:alert(1)")).toBeNull()
    expect(safeLandingTarget("data:text/html,hi")).toBeNull()
    expect(safeLandingTarget("/relative")).toBeNull()
    expect(safeLandingTarget("not a url")).toBeNull()
  })

  it("names the script's hash in its Content-Security-Policy, and allows nothing else to run", () => {
    const hash = createHash("sha256").update(LANDING_SCRIPT).digest("base64")
    expect(LANDING_CSP).toContain(`script-src 'sha256-${hash}'`)
    expect(LANDING_CSP).toContain("default-src 'none'")
  })
})
