import { buildPaymentDataFromCart } from "../cart-payment-data"
import { buildOrderLines } from "../../providers/base/order-lines"
import { toCents } from "../money"

const cart = {
  id: "cart_1",
  email: "ana@example.com",
  billing_address: {
    first_name: "Ana",
    last_name: "López",
    phone: "+502 5555 1234",
    address_1: "6a Avenida 10-25",
    city: "Guatemala",
    metadata: { tax_id: "1234567-8" },
  },
  items: [
    { id: "item_1", product_title: "Café", variant_title: "Bag", variant_sku: "CAFE-BAG", quantity: 3, total: 100 },
    { id: "item_2", product_title: "Taza", variant_id: "variant_2", quantity: 1, total: "45.5" },
  ],
  shipping_total: 25,
}

describe("buildPaymentDataFromCart", () => {
  it("builds billing from the cart's email and billing address", () => {
    expect(buildPaymentDataFromCart(cart).billing).toEqual({
      name: "Ana",
      surname: "López",
      email: "ana@example.com",
      phone: "+502 5555 1234",
      address: "6a Avenida 10-25, Guatemala",
      taxId: "1234567-8",
    })
  })

  it("splits an item whose total does not divide by its quantity into lines that sum exactly", () => {
    const { order_items } = buildPaymentDataFromCart(cart)
    expect(order_items).toEqual([
      { reference: "CAFE-BAG", name: "Café - Bag", qty: 2, price: "33.33" },
      { reference: "CAFE-BAG", name: "Café - Bag", qty: 1, price: "33.34" },
      { reference: "variant_2", name: "Taza", qty: 1, price: "45.50" },
      { reference: "shipping", name: "Shipping", qty: 1, price: "25.00" },
    ])
    const sum = order_items.reduce((s, l) => s + toCents(l.price) * BigInt(l.qty), 0n)
    expect(sum).toBe(17050n)
    // The provider keeps them as they are when they cover the amount exactly.
    expect(buildOrderLines(order_items, 17050n, "Order 1")).toHaveLength(4)
  })

  it("describes the cart and leaves out what it does not know", () => {
    const data = buildPaymentDataFromCart({ id: "cart_2", items: [{ id: "i", title: "Hat", quantity: 1, total: 5 }] })
    expect(data.description).toBe("Hat")
    expect(data.billing).toEqual({})
    expect(buildPaymentDataFromCart(cart).description).toBe("Café and 3 more items")
  })
})
