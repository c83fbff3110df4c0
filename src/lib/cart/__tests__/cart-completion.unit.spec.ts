import {
  completionProblems,
  describeProblems,
  type CartForCompletion,
} from "../cart-completion"

const PROVIDER = "pp_paylink-gateway-a_default"
const ready: CartForCompletion = {
  id: "cart_1",
  email: "ana@example.com",
  billing_address: { first_name: "Ana", last_name: "López" },
  shipping_address: { address_1: "6a Avenida", country_code: "gt" },
  region: { payment_providers: [{ id: PROVIDER }] },
  items: [
    {
      id: "item_1",
      requires_shipping: true,
      variant: { product: { shipping_profile: { id: "sp_default" } } },
    },
  ],
  shipping_methods: [{ shipping_option_id: "so_1" }],
}
const profiles = new Map([["so_1", "sp_default"]])

describe("completionProblems", () => {
  it("accepts a cart completion would accept", () => {
    expect(completionProblems(ready, PROVIDER, profiles)).toEqual([])
  })

  it("needs no shipping for items that do not ship", () => {
    const digital = {
      ...ready,
      shipping_address: null,
      shipping_methods: [],
      items: [{ id: "item_1", requires_shipping: false }],
    }
    expect(completionProblems(digital, PROVIDER, new Map())).toEqual([])
  })

  it("names every missing piece at once", () => {
    const empty: CartForCompletion = {
      id: "cart_2",
      region: { payment_providers: [] },
    }
    expect(
      completionProblems(empty, PROVIDER, new Map()).map((p) => p.field)
    ).toEqual(["items", "email", "billing_address", "provider_id"])
  })

  it("refuses items that ship without an address or a method", () => {
    const noShipping = {
      ...ready,
      shipping_address: null,
      shipping_methods: [],
    }
    expect(completionProblems(noShipping, PROVIDER, profiles)).toEqual([
      {
        field: "shipping_address",
        rule: "items that ship need a shipping address (address_1, country_code)",
      },
      {
        field: "shipping_methods",
        rule: "items that ship need a shipping method; none is selected",
      },
    ])
  })

  it("refuses a shipping method of another shipping profile, as completion does", () => {
    const problems = completionProblems(
      ready,
      PROVIDER,
      new Map([["so_1", "sp_other"]])
    )
    expect(problems).toEqual([
      {
        field: "shipping_methods",
        rule: "no selected shipping method serves the shipping profile of item(s) item_1",
      },
    ])
  })

  it("accepts billing names sent by the storefront for a cart without an address", () => {
    const noAddress = { ...ready, billing_address: null }
    expect(
      completionProblems(noAddress, PROVIDER, profiles).map((p) => p.field)
    ).toEqual(["billing_address"])
    expect(completionProblems(noAddress, PROVIDER, profiles, true)).toEqual([])
  })

  it("refuses a provider the region does not enable", () => {
    expect(
      completionProblems(ready, "pp_paylink-gateway-b_default", profiles)
    ).toEqual([
      {
        field: "provider_id",
        rule: "pp_paylink-gateway-b_default is not enabled in the cart's region",
      },
    ])
  })

  it("says it in one sentence", () => {
    expect(
      describeProblems("cart_9", [
        { field: "email", rule: "the cart has no e-mail address" },
      ])
    ).toBe(
      "Cart cart_9 cannot be paid by link yet: email: the cart has no e-mail address."
    )
  })
})
