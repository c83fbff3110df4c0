/** The sandbox's service API answers each endpoint with the documented success shape. */
import { ENDPOINTS } from "../../lib/paylink/endpoints"
import {
  benefitsToken,
  call,
  sandbox,
  useSandbox,
  valid,
} from "./helpers/sandbox-calls"

useSandbox()

describe("success shapes (docs/service.md §5.7)", () => {
  it("gateway A single: 201 { id, url, metadata: { product } }", async () => {
    const res = await call("gatewayASingle", valid.gatewayASingle)
    expect(res.status).toBe(201)
    expect(Object.keys(res.data).sort()).toEqual(["id", "metadata", "url"])
    expect(Object.keys(res.data.metadata)).toEqual(["product"])
    expect(res.data.url).toBe(`${sandbox.publicUrl}/hosted/${res.data.id}`)
    ENDPOINTS.gatewayASingle.response.parse(res.data)
  })

  it("subscription: 201 { id, product, url } without metadata", async () => {
    const res = await call("gatewayASubscription", valid.gatewayASubscription)
    expect(res.status).toBe(201)
    expect(Object.keys(res.data).sort()).toEqual(["id", "product", "url"])
    ENDPOINTS.gatewayASubscription.response.parse(res.data)
  })

  it("gateway B: 201 with clientToken and a UTC expiration one TTL ahead", async () => {
    const before = Date.now()
    const res = await call("gatewayB", valid.gatewayB)
    expect(res.status).toBe(201)
    expect(Object.keys(res.data.metadata).sort()).toEqual([
      "clientToken",
      "expiration",
    ])
    expect(res.data.metadata.expiration).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
    )
    const ahead = Date.parse(res.data.metadata.expiration) - before
    expect(ahead).toBeGreaterThanOrEqual(60 * 60_000 - 50)
    expect(ahead).toBeLessThan(60 * 60_000 + 5_000)
    ENDPOINTS.gatewayB.response.parse(res.data)
  })

  it("gateway C: 201 with a numeric-looking id and an expiration", async () => {
    const res = await call("gatewayC", valid.gatewayC)
    expect(res.status).toBe(201)
    expect(res.data.id).toMatch(/^\d+$/)
    expect(Object.keys(res.data.metadata)).toEqual(["expiration"])
    ENDPOINTS.gatewayC.response.parse(res.data)
  })

  it("ids are unique and every checkout is kept", async () => {
    const ids = new Set<string>()
    for (let i = 0; i < 5; i++)
      ids.add((await call("gatewayASingle", valid.gatewayASingle)).data.id)
    expect(ids.size).toBe(5)
    expect([...sandbox.checkouts.keys()].sort()).toEqual([...ids].sort())
    const first = sandbox.checkouts.get([...ids][0])!
    expect(first).toMatchObject({
      endpoint: "gatewayASingle",
      amount: "125.50",
      currency: "GTQ",
      state: "open",
    })
  })

  it("setup 200 { token } (fresh each call), then discount 201 with distinct codes", async () => {
    const t1 = await benefitsToken()
    const t2 = await benefitsToken()
    expect(t1).not.toBe(t2)
    const res = await call("discount", valid.discount, { token: t1 })
    expect(res.status).toBe(201)
    expect(Object.keys(res.data).sort()).toEqual([
      "authorization",
      "confirmation",
    ])
    expect(res.data.authorization).toMatch(/^AUT-[A-Z0-9]{6}$/)
    expect(res.data.confirmation).toMatch(/^CNF-[A-Z0-9]{6}$/)
    expect(res.data.authorization).not.toBe(res.data.confirmation)
  })
})
