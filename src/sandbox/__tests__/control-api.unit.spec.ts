/** The /__sandbox control API: request log, checkouts, faults, token revocation and reset over HTTP. */
import {
  benefitsToken,
  call,
  expectFieldError,
  http,
  sandbox,
  useSandbox,
  valid,
} from "./helpers/sandbox-calls"

useSandbox()

describe("control API", () => {
  const control = (path: string) => `${sandbox.url}/__sandbox${path}`

  it("requests, fail, checkouts, revoke, reset", async () => {
    const created = await call("gatewayC", valid.gatewayC)
    const log = await http.get(control("/requests"))
    expect(log.data.requests).toHaveLength(1)
    expect(log.data.requests[0]).toMatchObject({
      endpoint: "gatewayC",
      status: 201,
    })

    expect((await http.delete(control("/requests"))).status).toBe(204)
    expect(sandbox.requests).toHaveLength(0)

    const checkout = await http.get(control(`/checkouts/${created.data.id}`))
    expect(checkout.data).toMatchObject({
      id: created.data.id,
      state: "open",
      expired: false,
      amount: "10.00",
    })
    expect((await http.get(control("/checkouts/nope"))).status).toBe(404)

    expect(
      (
        await http.post(control("/fail"), {
          count: 1,
          mode: "500",
          endpoint: "gatewayC",
        })
      ).status
    ).toBe(200)
    expect((await call("gatewayC", valid.gatewayC)).status).toBe(500)
    expectFieldError(
      await http.post(control("/fail"), { count: 1, mode: "teapot" }),
      "mode"
    )
    expectFieldError(
      await http.post(control("/fail"), {
        count: 1,
        mode: "500",
        endpoint: "nope",
      }),
      "endpoint"
    )

    const token = await benefitsToken()
    expect((await http.post(control("/revoke-benefit-tokens"))).status).toBe(
      204
    )
    expect((await call("discount", valid.discount, { token })).status).toBe(401)

    const random = await http.put(control("/faults/random"), {
      share: 1,
      modes: ["401"],
      endpoints: ["gatewayC"],
      seed: 3,
    })
    expect(random.data.random).toEqual({
      share: 1,
      modes: ["401"],
      endpoints: ["gatewayC"],
      seed: 3,
    })
    expect((await call("gatewayC", valid.gatewayC)).status).toBe(401)
    expect((await http.get(control("/faults"))).data).toMatchObject({
      random: { share: 1 },
      injected: { gatewayC: { "500": 1, "401": 1 } },
    })
    expectFieldError(
      await http.put(control("/faults/random"), { share: 2, modes: ["401"] }),
      "share"
    )
    expect((await http.delete(control("/faults/random"))).status).toBe(204)
    expect((await call("gatewayC", valid.gatewayC)).status).toBe(201)
    await call("discount", valid.discount, { token: await benefitsToken() })
    expect((await http.get(control("/discounts"))).data.discounts).toHaveLength(
      1
    )

    await http.post(control("/fail"), { count: 5, mode: "500" })
    expect((await http.post(control("/reset"))).status).toBe(204)
    expect(sandbox.requests).toHaveLength(0)
    expect(sandbox.checkouts.size).toBe(0)
    expect(sandbox.discounts).toHaveLength(0)
    expect((await http.get(control("/faults"))).data).toEqual({
      pending: [],
      random: null,
      injected: {},
    })
    expect((await call("gatewayC", valid.gatewayC)).status).toBe(201)
  })
})
