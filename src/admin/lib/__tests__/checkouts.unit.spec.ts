/** How a record's status and its order or cart read in the admin. */
import { checkoutTarget, shownStatus } from "../checkouts"

// The admin SDK reads the bundler's import.meta.env; these helpers never call it.
jest.mock("../sdk", () => ({ sdk: {} }))

describe("shownStatus", () => {
  it("keeps the customer's cancel when the store withdrew the link later", () => {
    expect(shownStatus({ status: "withdrawn", canceled_by: "customer" })).toBe(
      "canceled"
    )
    expect(shownStatus({ status: "canceled", canceled_by: "customer" })).toBe(
      "canceled"
    )
    expect(shownStatus({ status: "withdrawn", canceled_by: "store" })).toBe(
      "withdrawn"
    )
    expect(shownStatus({ status: "completed", canceled_by: null })).toBe(
      "completed"
    )
  })
})

describe("checkoutTarget", () => {
  const base = {
    cart_id: "cart_01ABC",
    order_id: "order_01XYZ",
    origin: "draft_order" as const,
    status: "completed" as const,
  }
  it("names the order by its display number; a draft that became an order is the order", () => {
    expect(
      checkoutTarget({
        ...base,
        subject: {
          email: "ana@example.com",
          name: null,
          order: { id: "order_01XYZ", display_id: 7, draft: false },
        },
      })
    ).toEqual({
      kind: "order",
      id: "order_01XYZ",
      number: 7,
      to: "/orders/order_01XYZ",
    })
    expect(
      checkoutTarget({
        ...base,
        status: "created",
        subject: {
          email: null,
          name: null,
          order: { id: "order_01XYZ", display_id: 7, draft: true },
        },
      })
    ).toMatchObject({ kind: "draft_order", number: 7 })
  })

  it("without the server's subject, falls back on the origin; a cart without order is the cart", () => {
    expect(checkoutTarget({ ...base, status: "created" })).toMatchObject({
      kind: "draft_order",
      number: null,
    })
    expect(
      checkoutTarget({ ...base, order_id: null, origin: "storefront" })
    ).toEqual({ kind: "cart", id: "cart_01ABC", number: null })
  })
})
