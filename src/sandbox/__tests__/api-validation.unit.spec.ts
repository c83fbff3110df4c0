/** The sandbox's service API refuses bad bodies with 400 and every problem's path, and unknown routes or methods. */
import {
  benefitsToken,
  call,
  expectFieldError,
  http,
  sandbox,
  useSandbox,
  valid,
  withBody,
} from "./helpers/sandbox-calls"

useSandbox()

describe("validation (400)", () => {
  it("reports every problem with its path", async () => {
    const res = await call("gatewayASingle", {
      ...valid.gatewayASingle,
      billing: { name: "", surname: "x", email: "nope" },
    })
    expect(res.status).toBe(400)
    expect(res.data.errors).toEqual(
      expect.arrayContaining([
        { path: "billing.name", message: "must not be empty" },
        { path: "billing.email", message: "must be an e-mail address" },
      ])
    )
    expect(res.data.message).toBe(
      res.data.errors.map((e: any) => `${e.path}: ${e.message}`).join("; ")
    )
  })

  it.each([
    ["gatewayASingle", { currency: "EUR" }, "currency"],
    ["gatewayB", { currency: "USD" }, "currency"],
    ["gatewayC", { currency: undefined }, "currency"],
    ["gatewayC", { currency: "USD" }, "currency"],
  ] as const)("%s currency rule %j", async (name, patch, path) => {
    expectFieldError(await call(name, withBody(name, patch)), path)
  })

  it("discount accepts GTQ only and no more than the total", async () => {
    const token = await benefitsToken()
    expectFieldError(
      await call("discount", { ...valid.discount, currency: "USD" }, { token }),
      "currency"
    )
    expectFieldError(
      await call(
        "discount",
        { ...valid.discount, discount: 100.01 },
        { token }
      ),
      "discount"
    )
    expect(
      (
        await call(
          "discount",
          { ...valid.discount, currency: "GTQ", discount: 100 },
          { token }
        )
      ).status
    ).toBe(201)
  })

  it.each([
    ["gatewayASingle", "GTQ", 4.99, 400],
    ["gatewayASingle", "GTQ", 5, 201],
    ["gatewayASingle", "GTQ", 25000, 201],
    ["gatewayASingle", "GTQ", 25000.01, 400],
    ["gatewayASingle", "USD", 15000, 201],
    ["gatewayASingle", "USD", 15000.01, 400],
    ["gatewayASubscription", "GTQ", 4.99, 400],
    ["gatewayASubscription", "GTQ", 25000.01, 400],
    ["gatewayASubscription", "USD", 15000.01, 400],
  ] as const)("%s %s %d -> %d", async (name, currency, amount, status) => {
    const res = await call(name, withBody(name, { currency, amount }))
    expect(res.status).toBe(status)
    if (status === 400) expectFieldError(res, "amount")
  })

  it("refuses a third decimal", async () => {
    expectFieldError(
      await call(
        "gatewayASingle",
        withBody("gatewayASingle", { amount: 10.001 })
      ),
      "amount"
    )
    expectFieldError(
      await call("gatewayC", withBody("gatewayC", { amount: 10.001 })),
      "amount"
    )
  })

  it.each(["3,6", "4,", "3,3,", ""])(
    "refuses installments %j",
    async (installments) => {
      const res = await call(
        "gatewayASingle",
        withBody("gatewayASingle", { options: { installments } })
      )
      expectFieldError(res, "options.installments")
    }
  )

  it("accepts every supported installment count", async () => {
    const res = await call(
      "gatewayASingle",
      withBody("gatewayASingle", { options: { installments: "3,6,12,18," } })
    )
    expect(res.status).toBe(201)
  })

  it("refuses a bad interval or count on subscriptions", async () => {
    expectFieldError(
      await call(
        "gatewayASubscription",
        withBody("gatewayASubscription", { interval: "day" })
      ),
      "interval"
    )
    expectFieldError(
      await call(
        "gatewayASubscription",
        withBody("gatewayASubscription", { count: 0 })
      ),
      "count"
    )
    expectFieldError(
      await call(
        "gatewayASubscription",
        withBody("gatewayASubscription", { options: {} })
      ),
      "options"
    )
  })

  it("gateway B: the order must add up to the amount, in cents", async () => {
    expectFieldError(
      await call("gatewayB", withBody("gatewayB", { amount: 30.49 })),
      "order"
    )
    const thirds = [{ reference: "a", name: "b", qty: 3, price: 0.1 }]
    expect(
      (
        await call(
          "gatewayB",
          withBody("gatewayB", { amount: 0.3, order: thirds })
        )
      ).status
    ).toBe(201)
    const subCent = [{ reference: "a", name: "b", qty: 3, price: 0.333 }]
    expectFieldError(
      await call(
        "gatewayB",
        withBody("gatewayB", { amount: 1, order: subCent })
      ),
      "order.0.price"
    )
  })

  it("cancelUrl exists on gateway A and subscriptions only", async () => {
    const redirection = {
      successUrl: "https://shop.test/ok",
      cancelUrl: "https://shop.test/cancel",
    }
    expectFieldError(
      await call("gatewayB", withBody("gatewayB", { redirection })),
      "redirection.cancelUrl"
    )
    expectFieldError(
      await call("gatewayC", withBody("gatewayC", { redirection })),
      "redirection.cancelUrl"
    )
  })

  it("return addresses must be web addresses", async () => {
    const redirection = { successUrl: "javascript:alert(1)" }
    expectFieldError(
      await call("gatewayASingle", withBody("gatewayASingle", { redirection })),
      "redirection.successUrl"
    )
  })

  it("unknown fields, missing fields and wrong types", async () => {
    const res = await call("gatewayC", {
      ...valid.gatewayC,
      extra: 1,
      number: "1004",
      description: undefined,
    })
    expect(res.data.errors).toEqual(
      expect.arrayContaining([
        { path: "extra", message: "is not an accepted field" },
        { path: "description", message: "is required" },
        { path: "number", message: "must be an integer" },
      ])
    )
  })

  it("bodies that are not JSON objects", async () => {
    expectFieldError(await call("gatewayC", "{not json"), "body")
    expectFieldError(await call("gatewayC", "[1]"), "body")
    expectFieldError(
      await call("gatewayC", JSON.stringify(valid.gatewayC), {
        headers: { "Content-Type": "text/plain" },
      }),
      "body"
    )
    expectFieldError(await call("setup", "nope"), "body")
  })

  it("unknown routes 404, wrong methods 405, paths match exactly", async () => {
    expect(
      (
        await http.post(
          `${sandbox.url}/pay/v2/nope/checkouts/hosted/single`,
          {}
        )
      ).status
    ).toBe(404)
    expect(
      (await http.post(`${sandbox.endpointUrl("gatewayC")}/`, valid.gatewayC))
        .status
    ).toBe(404)
    const get = await http.get(sandbox.endpointUrl("gatewayC"))
    expect(get.status).toBe(405)
    expect(get.headers.allow).toBe("POST")
  })
})
