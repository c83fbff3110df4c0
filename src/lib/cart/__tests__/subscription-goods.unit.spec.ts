import {
  isMarkedForSubscription,
  isSubscriptionProvider,
  itemName,
  itemsNotSoldBySubscription,
} from "../subscription-goods"

describe("subscription goods", () => {
  it("takes only the boolean true as the mark", () => {
    expect(isMarkedForSubscription({ paylink_subscription: true })).toBe(true)
    for (const v of ["true", "monthly", 1, "yes", false, null, {}]) {
      expect(isMarkedForSubscription({ paylink_subscription: v })).toBe(false)
    }
    expect(isMarkedForSubscription(null)).toBe(false)
    expect(isMarkedForSubscription(undefined)).toBe(false)
  })

  it("knows the subscription providers by their id", () => {
    expect(
      isSubscriptionProvider("pp_paylink-gateway-a-subscription_monthly")
    ).toBe(true)
    expect(isSubscriptionProvider("pp_paylink-gateway-a_default")).toBe(false)
    expect(isSubscriptionProvider("pp_system_default")).toBe(false)
  })

  it("names an item by its product and variant", () => {
    expect(
      itemName({
        product_title: "Miel de Petén",
        title: "x",
        variant_title: "500 ml",
      })
    ).toBe('"Miel de Petén (500 ml)"')
    expect(itemName({ title: "Servicio" })).toBe('"Servicio"')
  })

  it("reads the marks of the items' variants and products, each name once; a custom line is not marked", async () => {
    const graph = jest.fn(async () => ({
      data: [
        {
          id: "v_box",
          metadata: { paylink_subscription: true },
          product: { metadata: null },
        },
        { id: "v_bar", metadata: null, product: { metadata: {} } },
        {
          id: "v_club",
          metadata: null,
          product: { metadata: { paylink_subscription: true } },
        },
      ],
    }))
    const container = { resolve: () => ({ graph }) } as any
    const names = await itemsNotSoldBySubscription(container, [
      {
        product_title: "Chocolate",
        variant_title: "Caja",
        variant_id: "v_box",
        quantity: 1,
      },
      {
        product_title: "Chocolate",
        variant_title: "Tableta",
        variant_id: "v_bar",
        quantity: 1,
      },
      {
        product_title: "Chocolate",
        variant_title: "Tableta",
        variant_id: "v_bar",
        quantity: 2,
      },
      {
        product_title: "Club",
        variant_title: "Mensual",
        variant_id: "v_club",
        quantity: 1,
      },
      { title: "Envoltura", variant_id: null, quantity: 1 },
      { product_title: "Removed", variant_id: "v_gone", quantity: 0 },
      null,
    ])
    expect(names).toEqual(['"Chocolate (Tableta)"', '"Envoltura"'])
    expect(graph).toHaveBeenCalledTimes(1)
    expect((graph.mock.calls[0] as any)[0].filters).toEqual({
      id: ["v_box", "v_bar", "v_club"],
    })
  })
})
