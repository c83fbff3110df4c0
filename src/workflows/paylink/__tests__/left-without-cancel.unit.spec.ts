/**
 * Which live link a `left_url` takes out of reuse: only its own, and only on a gateway whose Cancel
 * does not come back through the return route (the gateway table's `cancelAddress`).
 */
import { leftWithoutCancel } from "../steps/find-live-payment-link"
import { GATEWAY_DEFINITIONS } from "../../../lib/paylink/gateways"

const URL_1 = "http://127.0.0.1:4010/hosted/chk_1"

describe("leftWithoutCancel", () => {
  it("is true for the link's own address on a gateway without a cancel address, false on one with", () => {
    const answers = Object.fromEntries(
      GATEWAY_DEFINITIONS.map((d) => [
        d.id,
        leftWithoutCancel({ gateway: d.id, url: URL_1 }, URL_1),
      ])
    )
    expect(answers).toEqual({
      gateway_a: false,
      gateway_a_subscription: false,
      gateway_b: true,
      gateway_c: true,
    })
  })

  it("compares the addresses as URLs", () => {
    expect(
      leftWithoutCancel(
        { gateway: "gateway_b", url: "http://Pay.Example.com" },
        "http://pay.example.com/"
      )
    ).toBe(true)
  })

  it("is false for another link's address, no address, or a record without a url", () => {
    const b = { gateway: "gateway_b", url: URL_1 }
    expect(leftWithoutCancel(b, "http://127.0.0.1:4010/hosted/chk_2")).toBe(
      false
    )
    expect(leftWithoutCancel(b, undefined)).toBe(false)
    expect(leftWithoutCancel(b, null)).toBe(false)
    expect(leftWithoutCancel(b, "")).toBe(false)
    expect(leftWithoutCancel({ gateway: "gateway_b", url: null }, URL_1)).toBe(
      false
    )
  })
})
