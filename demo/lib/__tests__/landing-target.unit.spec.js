"use strict"
// The scripts' reader of the return's landing page (demo/lib/store-api.js) must read what the
// plugin renders (src/api/paylink/return/landing.ts).
const { landingTargetOf } = require("../store-api")
const { renderLandingPage } = require("../../../src/api/paylink/return/landing")

describe("landingTargetOf", () => {
  it.each([
    "http://localhost:8000/order/order_1/confirmed",
    `https://shop.gt/gt/checkout?step=payment&cart_id=c&x="<'>`,
  ])("reads %s back", (target) => {
    const html = renderLandingPage("es", target)
    expect(landingTargetOf({ status: 200, text: html })).toBe(target)
    expect(landingTargetOf({ status: 200, data: html })).toBe(target)
  })

  it("is null for any other answer", () => {
    expect(landingTargetOf({ status: 303, text: "" })).toBeNull()
    expect(
      landingTargetOf({
        status: 200,
        text: "<html><h1>Pago cancelado</h1></html>",
      })
    ).toBeNull()
  })
})
