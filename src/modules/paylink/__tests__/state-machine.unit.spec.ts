import { CHECKOUT_STATUSES } from "../models/paylink-checkout"
import {
  canTransition,
  FINAL,
  PAYABLE,
  sourcesOf,
  TRANSITIONS,
} from "../utils/state-machine"

describe("checkout record state machine", () => {
  it("names every status, and only statuses, in its table", () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual(
      [...CHECKOUT_STATUSES].sort()
    )
    for (const targets of Object.values(TRANSITIONS)) {
      for (const to of targets) {
        expect(CHECKOUT_STATUSES).toContain(to)
      }
    }
  })

  it("never overwrites a verified return with a store or customer cancel", () => {
    for (const to of [
      "withdrawn",
      "canceled",
      "expired",
      "created",
      "unknown",
      "failed",
    ] as const) {
      expect(canTransition("returned", to)).toBe(false)
    }
  })

  it("keeps settled records settled", () => {
    for (const from of FINAL) {
      expect(TRANSITIONS[from]).toEqual([])
    }
  })

  it("leads every unsettled state to an order or to the merchant when a paid return arrives", () => {
    for (const from of CHECKOUT_STATUSES.filter(
      (s) => !FINAL.includes(s) && s !== "needs_attention"
    )) {
      expect(canTransition(from, "needs_attention")).toBe(true)
    }
    for (const from of PAYABLE) {
      expect(canTransition(from, "returned")).toBe(true)
    }
    expect(canTransition("withdrawn", "returned")).toBe(false)
    expect(canTransition("expired", "returned")).toBe(false)
  })

  it("lets an expired or failed link go nowhere but to the merchant", () => {
    expect(TRANSITIONS.expired).toEqual(["needs_attention"])
    expect(TRANSITIONS.failed).toEqual(["needs_attention"])
  })

  it("inverts the table for the compare-and-set update", () => {
    expect(sourcesOf("completed").sort()).toEqual([
      "needs_attention",
      "returned",
    ])
    expect(sourcesOf("created")).toEqual(["withdrawn"])
    expect(sourcesOf("refunded")).toEqual(["needs_attention"])
  })
})
