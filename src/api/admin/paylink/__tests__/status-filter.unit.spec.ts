import { byStatusAsShown } from "../status-filter"

describe("byStatusAsShown: the list's status filter as the merchant reads the statuses", () => {
  it('"canceled" finds the customer\'s cancels, also those the store withdrew later', () => {
    expect(
      byStatusAsShown({ status: "canceled", gateway: "gateway_a" })
    ).toEqual({
      gateway: "gateway_a",
      $or: [
        { status: "canceled" },
        { status: "withdrawn", canceled_by: "customer" },
      ],
    })
  })

  it('"withdrawn" finds only the store\'s own withdrawals; other statuses as stored', () => {
    expect(byStatusAsShown({ status: "withdrawn" })).toEqual({
      status: "withdrawn",
      canceled_by: "store",
    })
    expect(byStatusAsShown({ status: "failed", number: 3 })).toEqual({
      status: "failed",
      number: 3,
    })
    expect(byStatusAsShown({})).toEqual({})
  })
})
