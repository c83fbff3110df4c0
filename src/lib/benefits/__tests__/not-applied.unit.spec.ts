import { MedusaError } from "@medusajs/framework/utils"
import { notAppliedError } from "../not-applied"

describe("notAppliedError", () => {
  it("names the authorization the program gave when the redemption is kept as failed", () => {
    const error = notAppliedError(
      { authorization: "AUT-1", kept_on_failure: true },
      new Error("database unavailable")
    )
    expect(error).toBeInstanceOf(MedusaError)
    expect(error).toMatchObject({
      type: MedusaError.Types.UNEXPECTED_STATE,
      message:
        "The benefits program authorized the discount (authorization AUT-1), but applying it to the cart failed: database unavailable " +
        "No discount was applied; the redemption is kept as failed with its codes.",
    })
  })

  it("passes the error on as it is for a held authorization that goes back to what it was", () => {
    const original = new MedusaError(MedusaError.Types.NOT_ALLOWED, "refused")
    expect(
      notAppliedError(
        { authorization: "AUT-1", kept_on_failure: false },
        original
      )
    ).toBe(original)
  })
})
