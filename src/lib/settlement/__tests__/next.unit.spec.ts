import { attentionReason } from "../../attention/attention-reason"
import type { Disposition, PlacedOrderPlan } from "../disposition"
import {
  cartStart,
  nextAfter,
  orderStart,
  outcomeOf,
  placedOrderStart,
  type CartLink,
  type Settling,
} from "../next"

const record = { id: "rec_1", number: 7 }
const cart: CartLink = {
  record_id: "rec_1",
  number: 7,
  cart_id: "cart_1",
  actor_id: "user_1",
}
const reason = attentionReason("link_expired", { number: 7, target: "cart" })
const order = { id: "order_1", display_id: 5 }

/** The steps a settlement runs from `s` on, assuming each goes through. */
function walk(s: Settling): string[] {
  const seen: string[] = []
  while (s.next !== "done" && "pay" in s) {
    seen.push(s.next)
    s =
      s.next === "tie"
        ? { next: "done", outcome: { order_id: s.pay.order_id, reason: null } }
        : nextAfter(s.next, s.pay)
  }
  return seen
}

describe("cartStart (a storefront link's first step)", () => {
  it("a replay or a report ends at once, with the order or the reason", () => {
    expect(
      cartStart({ kind: "already_done", order_id: "order_1" }, record, cart)
    ).toEqual({ next: "done", outcome: { order_id: "order_1", reason: null } })
    expect(cartStart({ kind: "report", reason: "why" }, record, cart)).toEqual({
      next: "done",
      outcome: { order_id: null, reason: "why" },
    })
  })

  it("a hand-over goes to the merchant; a withdrawn link that may come back is claimed, which hands it over first", () => {
    expect(
      cartStart({ kind: "hand_to_merchant", reason }, record, cart)
    ).toEqual({ next: "hand", outcome: null, record_id: "rec_1", reason })
    const restore: Disposition = {
      kind: "hand_to_merchant",
      reason,
      restore: true,
    }
    expect(cartStart(restore, record, cart)).toEqual({
      next: "claim_cart",
      outcome: null,
      cart,
      disposition: restore,
    })
    expect(cartStart(restore, record, null).next).toBe("hand")
  })

  it("an open cart is claimed, a cart that is already an order has its order read", () => {
    expect(cartStart({ kind: "place_cart" }, record, cart)).toEqual({
      next: "claim_cart",
      outcome: null,
      cart,
      disposition: { kind: "place_cart" },
    })
    expect(cartStart({ kind: "pay_placed_order" }, record, cart)).toEqual({
      next: "read_placed_order",
      outcome: null,
      cart,
    })
    const missing = cartStart({ kind: "place_cart" }, record, null)
    expect(missing.next === "hand" && missing.reason.code).toBe("cart_missing")
  })
})

describe("placedOrderStart (the order a cart became)", () => {
  const pay = (
    patch: Partial<Extract<PlacedOrderPlan, { kind: "pay" }>> = {}
  ): PlacedOrderPlan => ({
    kind: "pay",
    order_id: "order_1",
    session_id: "ps_1",
    credited: false,
    owe_announcement: true,
    record_payment: true,
    order,
    ...patch,
  })

  it("a blocked order goes to the merchant with its reason", () => {
    expect(
      placedOrderStart({ kind: "hand_to_merchant", reason }, cart)
    ).toEqual({ next: "hand", outcome: null, record_id: "rec_1", reason })
  })

  it("an unpaid order: claimed, the payment recorded, the record tied and the order announced", () => {
    const s = placedOrderStart(pay(), cart)
    expect(walk(s)).toEqual(["claim_placed_order", "record_payment", "tie"])
    expect(s.next !== "done" && "pay" in s && s.pay).toMatchObject({
      target: "cart",
      announce: true,
      withdraw_others: false,
      owe_announcement: true,
      actor_id: "user_1",
    })
  })

  it("a payment already credited is only tied; one awaiting manual confirmation is claimed and tied", () => {
    expect(
      walk(
        placedOrderStart(pay({ credited: true, record_payment: false }), cart)
      )
    ).toEqual(["tie"])
    expect(
      walk(placedOrderStart(pay({ record_payment: false }), cart))
    ).toEqual(["claim_placed_order", "tie"])
  })
})

describe("orderStart (an admin link's first step)", () => {
  const onOrder = (
    patch: Partial<Extract<Disposition, { kind: "record_on_order" }>> = {}
  ): Disposition => ({
    kind: "record_on_order",
    order_id: "order_1",
    session_id: "ps_1",
    order,
    needs_session: false,
    already_recorded: false,
    draft: false,
    ...patch,
  })

  it("a replay, a report or a hand-over end as the cart's do", () => {
    expect(
      orderStart({ kind: "already_done", order_id: "order_1" }, record)
    ).toEqual({ next: "done", outcome: { order_id: "order_1", reason: null } })
    expect(orderStart({ kind: "report", reason: "why" }, record)).toEqual({
      next: "done",
      outcome: { order_id: null, reason: "why" },
    })
    expect(orderStart({ kind: "hand_to_merchant", reason }, record).next).toBe(
      "hand"
    )
  })

  it("the payment is claimed, recorded and tied; a replaced link gets a session first and withdraws the others; a draft is converted", () => {
    expect(walk(orderStart(onOrder(), record))).toEqual([
      "claim_order_return",
      "record_payment",
      "tie",
    ])
    const replaced = orderStart(
      onOrder({ needs_session: true, draft: true }),
      record,
      "user_1"
    )
    expect(walk(replaced)).toEqual([
      "claim_order_return",
      "make_session",
      "record_payment",
      "convert_draft",
      "tie",
    ])
    expect(
      replaced.next !== "done" && "pay" in replaced && replaced.pay
    ).toMatchObject({
      target: "order",
      announce: false,
      withdraw_others: true,
      actor_id: "user_1",
    })
    expect(
      walk(orderStart(onOrder({ already_recorded: true }), record))
    ).toEqual(["claim_order_return", "tie"])
  })
})

describe("outcomeOf", () => {
  it("is the outcome of a settlement that is done, and a bug otherwise", () => {
    expect(
      outcomeOf({
        next: "done",
        outcome: { order_id: "order_1", reason: null },
      })
    ).toEqual({ order_id: "order_1", reason: null })
    expect(() =>
      outcomeOf({ next: "hand", outcome: null, record_id: "rec_1", reason })
    ).toThrow(/stopped at "hand"/)
  })
})
