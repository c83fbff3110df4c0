/** The request log: what the sandbox records of each service API call, and what it leaves out. */
import { call, http, sandbox, useSandbox, valid } from "./helpers/sandbox-calls"

useSandbox()

describe("request log", () => {
  it("records method, path, endpoint, lower-cased headers, body and status; not hosted or control calls", async () => {
    const created = await call("gatewayC", valid.gatewayC)
    await http.post(`${sandbox.url}/nope`, { a: 1 })
    await http.get(created.data.url)
    await http.get(`${sandbox.url}/__sandbox/requests`)
    expect(sandbox.requests).toHaveLength(2)
    const [first, second] = sandbox.requests
    expect(first).toMatchObject({
      method: "POST",
      path: sandbox.endpointUrl("gatewayC").slice(sandbox.url.length),
      endpoint: "gatewayC",
      body: valid.gatewayC,
      status: 201,
    })
    expect(first.headers["x-token"]).toBe("sandbox-token-c")
    expect(Number.isNaN(Date.parse(first.at))).toBe(false)
    expect(second).toMatchObject({
      path: "/nope",
      endpoint: null,
      status: 404,
      body: { a: 1 },
    })
    sandbox.clearRequests()
    expect(sandbox.requests).toHaveLength(0)
  })
})
