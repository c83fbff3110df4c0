import { buildSessionData } from "../cart-payment-data"
import { linesForAmount } from "../../order-links/order-lines"

const PROVIDER = "pp_paylink-gateway-b_default"
const cart = {
  id: "cart_1",
  email: "ana@example.com",
  billing_address: {
    first_name: "Ana",
    last_name: "López",
    phone: "+502 5555 1234",
    address_1: "6a Avenida 10-25",
    city: "Guatemala",
    metadata: { tax_id: "1234567-9" },
  },
  items: [
    {
      id: "item_1",
      product_title: "Café",
      variant_title: "Bag",
      variant_sku: "CAFE-BAG",
      quantity: 3,
      total: 100,
    },
    {
      id: "item_2",
      product_title: "Taza",
      variant_id: "variant_2",
      quantity: 1,
      total: "45.5",
    },
  ],
  shipping_total: 25,
}

const sumCents = (lines: { qty: number; unit_cents: number }[]) =>
  lines.reduce((s, l) => s + BigInt(l.qty) * BigInt(l.unit_cents), 0n)

describe("buildSessionData", () => {
  it("builds billing from the cart's email and billing address", () => {
    expect(buildSessionData(cart, PROVIDER).billing).toEqual({
      name: "Ana",
      surname: "López",
      email: "ana@example.com",
      phone: "+502 5555 1234",
      address: "6a Avenida 10-25, Guatemala",
      taxId: "1234567-9",
    })
  })

  it("says which cart and provider the link is for", () => {
    expect(buildSessionData(cart, PROVIDER)).toMatchObject({
      cart_id: "cart_1",
      provider_id: PROVIDER,
    })
  })

  it("splits an item whose total does not divide by its quantity into lines, in cents, that sum exactly", () => {
    const { order_lines } = buildSessionData(cart, PROVIDER)
    expect(order_lines).toEqual([
      { reference: "CAFE-BAG", name: "Café - Bag", qty: 2, unit_cents: 3333 },
      { reference: "CAFE-BAG", name: "Café - Bag", qty: 1, unit_cents: 3334 },
      { reference: "variant_2", name: "Taza", qty: 1, unit_cents: 4550 },
      { reference: "shipping", name: "Shipping", qty: 1, unit_cents: 2500 },
    ])
    expect(sumCents(order_lines)).toBe(17050n)
    // Gateway B keeps them as they are when they cover the amount exactly.
    expect(linesForAmount(order_lines, 17050n, "Order 1")).toHaveLength(4)
  })

  it("uses the storefront's billing only for a cart without billing names, and the cart's e-mail wins", () => {
    const noAddress = { id: "cart_3", email: "cart@example.com", items: [] }
    expect(
      buildSessionData(noAddress, PROVIDER, {
        name: "Luis",
        surname: "Pérez",
        email: "other@example.com",
        unknown: "x",
      }).billing
    ).toEqual({
      name: "Luis",
      surname: "Pérez",
      email: "cart@example.com",
    })
    expect(
      buildSessionData(cart, PROVIDER, { name: "Luis" }).billing.name
    ).toBe("Ana")
  })

  it("describes the cart and leaves out what it does not know", () => {
    const data = buildSessionData(
      {
        id: "cart_2",
        items: [{ id: "i", title: "Hat", quantity: 1, total: 5 }],
      },
      PROVIDER
    )
    expect(data.description).toBe("Hat")
    expect(data.billing).toEqual({})
    expect(buildSessionData(cart, PROVIDER).description).toBe(
      "Café and 3 more items"
    )
  })
})

describe("linesForAmount", () => {
  const decimalCents = (lines: { qty: number; price: number }[]) =>
    lines.reduce(
      (sum, l) => sum + BigInt(l.qty) * BigInt(Math.round(l.price * 100)),
      0n
    )

  it("keeps server lines that sum to the amount", () => {
    const lines = linesForAmount(
      [{ reference: "sku-1", name: "Café", qty: 3, unit_cents: 3333 }],
      9999n,
      "Order 1"
    )
    expect(lines).toEqual([
      { reference: "sku-1", name: "Café", qty: 3, price: 33.33 },
    ])
  })

  it("adds one line for what the items do not cover", () => {
    const lines = linesForAmount(
      [{ reference: "a", name: "A", qty: 2, unit_cents: 1000 }],
      2550n,
      "Order 1"
    )
    expect(lines[1]).toEqual({
      reference: "shipping-taxes-fees",
      name: "Shipping, taxes and fees",
      qty: 1,
      price: 5.5,
    })
    expect(decimalCents(lines)).toBe(2550n)
  })

  it("collapses to one line when items exceed the amount or are malformed", () => {
    for (const items of [
      [{ reference: "a", name: "A", qty: 1, unit_cents: 9900 }],
      [{ reference: "a", name: "A", qty: 0, unit_cents: 100 }],
      [{ reference: "", name: "A", qty: 1, unit_cents: 100 }],
      [{ reference: "a", name: "A", qty: 1, unit_cents: -100 }],
      [{ reference: "a", name: "A", qty: 1, unit_cents: 1.5 }],
      [{ reference: "a", name: "A", qty: 1, price: "1.00" }],
      [],
      "not an array",
      undefined,
    ]) {
      expect(linesForAmount(items, 1234n, "Order 7")).toEqual([
        { reference: "order", name: "Order 7", qty: 1, price: 12.34 },
      ])
    }
  })
})
