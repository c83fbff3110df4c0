import {
  cartClaimDisposition,
  cartLinkDisposition,
  placedOrderBlocker,
  placedOrderDisposition,
  type LinkOnOrderFacts,
  type SettleRecord,
} from "../disposition"
import {
  amountMismatch,
  needsNewSession,
  orderLinkDisposition,
  orderLinkStatusDisposition,
  type OrderFacts,
} from "../order-disposition"

const record = (patch: Partial<SettleRecord> = {}): SettleRecord => ({
  id: "rec_1",
  number: 7,
  status: "open",
  origin: "storefront",
  checkout_id: "chk_1",
  amount: "100.00",
  currency_code: "gtq",
  ...patch,
})
const cart = (
  patch: Partial<{ id: string; total: unknown; completed: boolean }> = {}
) => ({ id: "cart_1", total: "100.00", completed: false, ...patch })
const kind = (d: { kind: string }) => d.kind
const code = (d: any) => d.reason?.code

describe("cartLinkDisposition (a storefront link)", () => {
  it("a link tied to its order is already done; refunded or already with the merchant is only reported", () => {
    expect(
      cartLinkDisposition(
        {
          record: record({ status: "completed", order_id: "order_1" }),
          cart: cart(),
        },
        {}
      )
    ).toEqual({ kind: "already_done", order_id: "order_1" })
    expect(
      cartLinkDisposition(
        {
          record: record({ status: "refunded", attention_reason: "why" }),
          cart: cart(),
        },
        {}
      )
    ).toEqual({ kind: "report", reason: "why" })
    expect(
      cartLinkDisposition(
        {
          record: record({ status: "needs_attention", attention_reason: null }),
          cart: cart(),
        },
        {}
      )
    ).toEqual({ kind: "report", reason: "" })
  })

  it("the merchant settles a needs_attention link: a completed cart is paid on its order, an open one is refused", () => {
    const r = record({ status: "needs_attention" })
    expect(
      kind(
        cartLinkDisposition(
          { record: r, cart: cart({ completed: true }) },
          { actor_id: "user_1" }
        )
      )
    ).toBe("pay_placed_order")
    expect(
      cartLinkDisposition({ record: r, cart: cart() }, { actor_id: "user_1" })
    ).toEqual({
      kind: "report",
      reason: "Link 7: cart cart_1 is not completed yet.",
    })
  })

  it("a missing cart, an expired return link, an expired or failed link go to the merchant", () => {
    expect(
      code(cartLinkDisposition({ record: record(), cart: null }, {}))
    ).toBe("cart_missing")
    expect(
      code(
        cartLinkDisposition(
          { record: record(), cart: cart() },
          { expired: true }
        )
      )
    ).toBe("return_link_expired")
    expect(
      code(
        cartLinkDisposition(
          { record: record({ status: "expired" }), cart: cart() },
          {}
        )
      )
    ).toBe("link_expired")
    expect(
      code(
        cartLinkDisposition(
          { record: record({ status: "failed" }), cart: cart() },
          {}
        )
      )
    ).toBe("link_failed")
  })

  it("a late replay of a return verified in time is settled although its link has expired since", () => {
    expect(
      kind(
        cartLinkDisposition(
          { record: record({ status: "returned" }), cart: cart() },
          { expired: true }
        )
      )
    ).toBe("place_cart")
  })

  it("a withdrawn link goes to the merchant, to be placed if its link request rolls back (restore)", () => {
    const replaced = cartLinkDisposition(
      { record: record({ status: "withdrawn" }), cart: cart() },
      {}
    ) as any
    expect([replaced.kind, replaced.reason.code, replaced.restore]).toEqual([
      "hand_to_merchant",
      "link_replaced",
      true,
    ])
    expect(
      code(
        cartLinkDisposition(
          {
            record: record({ status: "withdrawn", checkout_id: null }),
            cart: cart(),
          },
          {}
        )
      )
    ).toBe("link_unanswered")
  })

  it("places the cart only when its total is what was paid", () => {
    expect(
      kind(cartLinkDisposition({ record: record(), cart: cart() }, {}))
    ).toBe("place_cart")
    const changed = cartLinkDisposition(
      { record: record(), cart: cart({ total: "120.00" }) },
      {}
    ) as any
    expect(changed.reason.code).toBe("cart_total_changed")
    expect(changed.reason.params).toMatchObject({
      currency: "GTQ",
      paid: 10000,
      total: 12000,
    })
    expect(changed.reason.text).toBe(
      "Link 7 was paid for GTQ 100.00, but the cart's total is now GTQ 120.00; the cart was not completed."
    )
  })

  it("after the claim: returned goes on; any other status goes to the merchant, withdrawn with a restore", () => {
    expect(cartClaimDisposition(record(), "returned")).toBeNull()
    expect(cartClaimDisposition(record(), "canceled")).toMatchObject({
      kind: "hand_to_merchant",
      reason: { code: "status_changed", params: { status: "canceled" } },
    })
    expect((cartClaimDisposition(record(), "withdrawn") as any).restore).toBe(
      true
    )
  })
})

describe("placedOrderDisposition (the cart is already an order)", () => {
  const state = (patch: Partial<LinkOnOrderFacts> = {}): LinkOnOrderFacts => ({
    display_id: 5,
    canceled: false,
    owed_cents: 10000n,
    session_id: "ps_1",
    paid_by: null,
    other_payment: false,
    ...patch,
  })

  it("an order that cannot be found goes to the merchant", () => {
    expect(code(placedOrderDisposition(record(), null, null, false))).toBe(
      "cart_order_not_found"
    )
  })

  it("an order nothing paid yet: the payment is recorded and order.placed is owed", () => {
    expect(placedOrderDisposition(record(), "order_1", state(), false)).toEqual(
      {
        kind: "pay",
        order_id: "order_1",
        session_id: "ps_1",
        credited: false,
        owe_announcement: true,
        record_payment: true,
        order: { id: "order_1", display_id: 5 },
      }
    )
  })

  it("a payment already credited is only tied; manual confirmation awaiting is tied without recording", () => {
    expect(
      placedOrderDisposition(
        record(),
        "order_1",
        state({ paid_by: "rec_1" }),
        true
      )
    ).toMatchObject({
      kind: "pay",
      credited: true,
      owe_announcement: false,
      record_payment: false,
    })
    const manual = record({ confirmation: "manual", confirmed_at: null })
    expect(
      placedOrderDisposition(
        manual,
        "order_1",
        state({ paid_by: "rec_1", owed_cents: 0n }),
        false
      )
    ).toMatchObject({
      kind: "pay",
      record_payment: false,
      owe_announcement: false,
    })
  })

  it("another link or payment, a canceled order, or another amount owed go to the merchant", () => {
    expect(
      code(
        placedOrderDisposition(
          record(),
          "order_1",
          state({ paid_by: "rec_2" }),
          false
        )
      )
    ).toBe("order_paid_by_other_link")
    expect(
      code(
        placedOrderDisposition(
          record(),
          "order_1",
          state({ other_payment: true }),
          false
        )
      )
    ).toBe("order_paid_otherwise")
    expect(
      code(
        placedOrderDisposition(
          record(),
          "order_1",
          state({ session_id: null }),
          false
        )
      )
    ).toBe("order_paid_otherwise")
    expect(
      code(
        placedOrderDisposition(
          record(),
          "order_1",
          state({ canceled: true }),
          false
        )
      )
    ).toBe("order_canceled")
    const owes = placedOrderDisposition(
      record(),
      "order_1",
      state({ owed_cents: 5000n }),
      false
    ) as any
    expect([
      owes.reason.code,
      owes.reason.params.owed,
      owes.reason.params.order,
    ]).toEqual(["order_owes_different", 5000, { id: "order_1", display_id: 5 }])
  })

  it("a credited payment is tied even on a canceled order (placedOrderBlocker says nothing stops it)", () => {
    expect(
      placedOrderBlocker(
        record(),
        state({ paid_by: "rec_1", canceled: true }),
        true
      )
    ).toBeNull()
  })
})

describe("order link dispositions (an admin link)", () => {
  const admin = (patch: Partial<SettleRecord> = {}) =>
    record({
      origin: "order",
      order_id: "order_1",
      provider_id: "pp_x",
      url: "https://pay",
      ...patch,
    })
  const order = (patch: Record<string, unknown> = {}) => ({
    id: "order_1",
    display_id: 3,
    status: "pending",
    summary: { pending_difference: "100.00" },
    ...patch,
  })
  const facts = (patch: Partial<OrderFacts> = {}): OrderFacts => ({
    record: admin(),
    session_id: "ps_1",
    session_order_id: "order_1",
    order: order(),
    already_recorded: false,
    ...patch,
  })

  it("status first: done, reported, expired return link, withdrawn (its reason is read), expired or failed", () => {
    expect(
      orderLinkStatusDisposition(admin({ status: "completed" }), {})
    ).toEqual({ kind: "already_done", order_id: "order_1" })
    expect(
      orderLinkStatusDisposition(
        admin({ status: "needs_attention", attention_reason: "x" }),
        {}
      )
    ).toEqual({ kind: "report", reason: "x" })
    expect(
      orderLinkStatusDisposition(admin({ status: "needs_attention" }), {
        actor_id: "user_1",
      })
    ).toBeNull()
    expect(
      code(orderLinkStatusDisposition(admin(), { expired: true }) as any)
    ).toBe("return_link_expired")
    expect(orderLinkStatusDisposition(admin({ status: "withdrawn" }), {})).toBe(
      "withdrawn"
    )
    expect(
      code(orderLinkStatusDisposition(admin({ status: "expired" }), {}) as any)
    ).toBe("link_expired")
    expect(
      orderLinkStatusDisposition(admin({ status: "returned" }), {
        expired: true,
      })
    ).toBeNull()
  })

  it("records the payment on the order that owes exactly what was paid; a draft is converted", () => {
    expect(orderLinkDisposition(facts(), {})).toEqual({
      kind: "record_on_order",
      order_id: "order_1",
      session_id: "ps_1",
      order: { id: "order_1", display_id: 3, draft: false },
      needs_session: false,
      already_recorded: false,
      draft: false,
    })
    expect(
      orderLinkDisposition(facts({ order: order({ status: "draft" }) }), {})
    ).toMatchObject({ kind: "record_on_order", draft: true })
  })

  it("a session of another order, a canceled or missing order go to the merchant", () => {
    expect(
      code(orderLinkDisposition(facts({ session_order_id: "order_2" }), {}))
    ).toBe("session_not_of_order")
    expect(
      code(
        orderLinkDisposition(
          facts({ order: order({ status: "canceled" }) }),
          {}
        )
      )
    ).toBe("order_canceled")
    expect(code(orderLinkDisposition(facts({ order: null }), {}))).toBe(
      "order_missing"
    )
  })

  it("the merchant may record a replaced link through a new session; the return may not", () => {
    expect(needsNewSession(admin(), null, { actor_id: "user_1" })).toBe(true)
    expect(
      code(orderLinkDisposition(facts({ session_order_id: null }), {}))
    ).toBe("session_not_of_order")
    expect(
      orderLinkDisposition(facts({ session_order_id: null }), {
        actor_id: "user_1",
      })
    ).toMatchObject({ kind: "record_on_order", needs_session: true })
  })

  it("amounts: exact on the return; the merchant may pay part of what an order owes, never of a draft, never more than owed", () => {
    const owesMore = order({ summary: { pending_difference: "150.00" } })
    expect(amountMismatch(admin(), owesMore, false)?.params.remedy).toBe("more")
    expect(amountMismatch(admin(), owesMore, true)).toBeNull()
    expect(
      amountMismatch(admin(), { ...owesMore, status: "draft" }, true)?.params
        .remedy
    ).toBe("draft")
    expect(
      amountMismatch(
        admin(),
        order({ summary: { pending_difference: "50.00" } }),
        true
      )?.params.remedy
    ).toBe("less")
    expect(
      orderLinkDisposition(
        facts({ order: owesMore, already_recorded: true }),
        {}
      )
    ).toMatchObject({ kind: "record_on_order", already_recorded: true })
  })
})
