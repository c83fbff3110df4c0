import { snapshotOf } from "../first-order"

describe("snapshotOf: what a subscription keeps of its first order", () => {
  it("the goods with their quantities and prices, the shipping method, the addresses and the customer's name", () => {
    const snap = snapshotOf({
      id: "order_1",
      currency_code: "gtq",
      shipping_address: {
        first_name: "Ana",
        last_name: "López",
        address_1: "6a Avenida 1-23",
        city: "Guatemala",
        country_code: "gt",
      },
      billing_address: null,
      items: [
        {
          variant_id: "variant_1",
          product_id: "prod_1",
          title: "Café",
          product_title: "Café",
          variant_title: "Bolsa",
          variant_sku: "CAF-1",
          quantity: 2,
          unit_price: 49.5,
          is_tax_inclusive: true,
        },
        null,
      ],
      shipping_methods: [
        { name: "Envío", amount: 25, shipping_option_id: "so_1" },
      ],
    })
    expect(snap.items).toEqual([
      {
        variant_id: "variant_1",
        product_id: "prod_1",
        title: "Café",
        product_title: "Café",
        variant_title: "Bolsa",
        sku: "CAF-1",
        thumbnail: null,
        quantity: 2,
        unit_price: "49.5",
        is_tax_inclusive: true,
      },
    ])
    expect(snap.shipping_method).toEqual({
      shipping_option_id: "so_1",
      name: "Envío",
      amount: "25",
      is_tax_inclusive: false,
    })
    expect(snap.customer_name).toBe("Ana López")
    expect(snap.shipping_address).toMatchObject({
      address_1: "6a Avenida 1-23",
      phone: null,
    })
    expect(snap.billing_address).toBeNull()
  })

  it("no shipping method and no name: null, not made up", () => {
    const snap = snapshotOf({ id: "order_2", currency_code: "gtq", items: [] })
    expect(snap.shipping_method).toBeNull()
    expect(snap.customer_name).toBeNull()
  })
})
