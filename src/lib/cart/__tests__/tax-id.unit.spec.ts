/**
 * A cart's NIT is refused when wrong (the shopper can fix it); an order's NIT that is not valid is
 * left out of the link instead, since the merchant cannot edit it in Medusa's admin.
 */
import { withUsableTaxId } from "../tax-id"
import { buildOrderSessionData } from "../../order-links/order-payment-data"

const base: { name: string; surname: string; email: string; taxId?: string } = {
  name: "Ana",
  surname: "López",
  email: "ana@example.com",
}

it("keeps a valid NIT in one form, and leaves out one that is not a NIT", () => {
  expect(withUsableTaxId({ ...base, taxId: "576937-k" })).toEqual({
    ...base,
    taxId: "576937-K",
  })
  expect(withUsableTaxId({ ...base, taxId: "12345" })).toEqual(base)
  expect(withUsableTaxId(base)).toEqual(base)
})

it("an order whose billing address holds a wrong NIT still gets its link's billing, without the NIT", () => {
  const order = {
    id: "order_1",
    display_id: 7,
    status: "pending",
    is_draft_order: false,
    currency_code: "gtq",
    email: "ana@example.com",
    total: 100,
    summary: { pending_difference: 100 },
    items: [],
    billing_address: {
      first_name: "Ana",
      last_name: "López",
      metadata: { tax_id: "12345" },
    },
  }
  const data = buildOrderSessionData(
    order as any,
    "pp_paylink-gateway-a_default",
    null
  )
  expect(data.billing).toEqual({
    name: "Ana",
    surname: "López",
    email: "ana@example.com",
  })
})
