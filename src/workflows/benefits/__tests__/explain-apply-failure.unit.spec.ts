/**
 * explainApplyFailure: only a failure of Medusa's promotion update is explained, and only when the
 * apply's compensation left the authorization on record as failed.
 */
import {
  ADD_BENEFIT_PROMOTION_TO_CART,
  explainApplyFailure,
} from "../steps/add-benefit-promotion-to-cart"
import { BENEFITS_MODULE } from "../../../modules/benefits"

function containerWith(
  last: { status: string; authorization: string | null } | undefined
) {
  const calls: unknown[] = []
  const benefits = {
    listBenefitRedemptions: async (...args: unknown[]) => {
      calls.push(args)
      return last ? [last] : []
    },
  }
  return {
    calls,
    container: {
      resolve: (key: string) =>
        key === BENEFITS_MODULE ? benefits : undefined,
    } as any,
  }
}

describe("explainApplyFailure", () => {
  const original = new Error("database unavailable")

  it("names the authorization when the promotion update failed and the redemption was kept as failed", async () => {
    const { container, calls } = containerWith({
      status: "failed",
      authorization: "AUT-1",
    })
    const error = await explainApplyFailure(container, "cart_1", {
      action: ADD_BENEFIT_PROMOTION_TO_CART,
      error: original,
    })
    expect(error).toMatchObject({ code: "benefits.not_applied" })
    expect((error as Error).message).toContain("authorization AUT-1")
    expect((error as Error).message).toContain(
      "applying it to the cart failed: database unavailable"
    )
    expect(calls).toEqual([
      [{ cart_id: "cart_1" }, { order: { updated_at: "DESC" }, take: 1 }],
    ])
  })

  it("tells the error as itself when a held authorization went back to what it was", async () => {
    const { container } = containerWith({
      status: "authorized",
      authorization: "AUT-1",
    })
    expect(
      await explainApplyFailure(container, "cart_1", {
        action: ADD_BENEFIT_PROMOTION_TO_CART,
        error: original,
      })
    ).toBe(original)
  })

  it("leaves other steps' errors alone, without a read", async () => {
    const { container, calls } = containerWith({
      status: "failed",
      authorization: "AUT-1",
    })
    expect(
      await explainApplyFailure(container, "cart_1", {
        action: "benefitApplied",
        error: original,
      })
    ).toBe(original)
    expect(calls).toEqual([])
  })
})
