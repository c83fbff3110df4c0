/** PaylinkClient on the happy path: each endpoint's path, body, headers and parsed answer, and its URL options. */
import { PaylinkClient } from "../client"
import {
  ANSWERS,
  NAMES,
  REQUESTS,
  TOKEN,
  answerWith,
  client,
  reply,
  server,
  useRecordingService,
} from "./helpers/client-fixtures"

useRecordingService()

describe("PaylinkClient: successful calls", () => {
  beforeEach(() =>
    server.reset((req, res) => {
      const answer = Object.values(ANSWERS).find((a) => a.path === req.url)
      return answer
        ? reply(res, answer.status, answer.body)
        : reply(res, 404, { message: "no route" })
    })
  )

  it.each(NAMES)(
    "%s: POSTs the body as JSON to its path and returns the parsed answer",
    async (name) => {
      const result = await client.call(name, REQUESTS[name], TOKEN)

      expect(result).toEqual(ANSWERS[name].body)
      expect(server.requests).toHaveLength(1)
      const [request] = server.requests
      expect(request.method).toBe("POST")
      expect(request.url).toBe(ANSWERS[name].path)
      expect(request.headers["content-type"]).toBe("application/json")
      expect(request.headers["accept"]).toBe("application/json")
      expect(JSON.parse(request.body)).toEqual(REQUESTS[name])
    }
  )

  it("sends X-Token on the five token endpoints and never on setup", async () => {
    for (const name of NAMES) {
      server.requests.length = 0
      await client.call(name, REQUESTS[name], TOKEN)
      expect([name, server.requests[0].headers["x-token"]]).toEqual([
        name,
        name === "setup" ? undefined : TOKEN,
      ])
    }
  })

  it("typed methods call the matching endpoints", async () => {
    await expect(
      client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    ).resolves.toEqual(ANSWERS.gatewayASingle.body)
    await expect(
      client.createSubscriptionCheckout(TOKEN, REQUESTS.gatewayASubscription)
    ).resolves.toEqual(ANSWERS.gatewayASubscription.body)
    await expect(
      client.createGatewayBCheckout(TOKEN, REQUESTS.gatewayB)
    ).resolves.toEqual(ANSWERS.gatewayB.body)
    await expect(
      client.createGatewayCCheckout(TOKEN, REQUESTS.gatewayC)
    ).resolves.toEqual(ANSWERS.gatewayC.body)
    await expect(
      client.applyDiscount(TOKEN, REQUESTS.discount)
    ).resolves.toEqual(ANSWERS.discount.body)
    await expect(client.setup(REQUESTS.setup)).resolves.toEqual({
      token: "tok_from_setup",
    })
    expect(server.requests.map((r) => r.url)).toEqual([
      ANSWERS.gatewayASingle.path,
      ANSWERS.gatewayASubscription.path,
      ANSWERS.gatewayB.path,
      ANSWERS.gatewayC.path,
      ANSWERS.discount.path,
      ANSWERS.setup.path,
    ])
  })

  it("uses configured path segments and keeps a base path prefix", () => {
    const custom = new PaylinkClient({
      baseUrl: "https://api.example.com/prefix/",
      paths: { gatewayA: "recurrente", benefits: "club" },
    })
    expect(custom.baseUrl).toBe("https://api.example.com/prefix")
    expect(custom.urlOf("gatewayASubscription")).toBe(
      "https://api.example.com/prefix/pay/v2/recurrente/checkouts/hosted/subscription"
    )
    expect(custom.urlOf("gatewayB")).toBe(
      "https://api.example.com/prefix/pay/v2/gateway_b/checkouts/hosted/single"
    )
    expect(custom.urlOf("setup")).toBe(
      "https://api.example.com/prefix/benefits/v2/club/setup"
    )
  })

  it("refuses a base URL or path segment it cannot use", () => {
    expect(() => new PaylinkClient({ baseUrl: "api.example.com" })).toThrow(
      "baseUrl must be an absolute http(s) URL"
    )
    expect(
      () => new PaylinkClient({ baseUrl: "ftp://api.example.com" })
    ).toThrow("baseUrl")
    expect(
      () =>
        new PaylinkClient({
          baseUrl: "https://a.example",
          paths: { gatewayB: "b/c" },
        })
    ).toThrow("paths.gatewayB must be one URL path segment")
    expect(
      () => new PaylinkClient({ baseUrl: "https://a.example", timeoutMs: 0 })
    ).toThrow("timeoutMs")
  })

  it("accepts another 2xx than the documented one, still checking the shape", async () => {
    answerWith(200, ANSWERS.gatewayC.body)
    await expect(
      client.createGatewayCCheckout(TOKEN, REQUESTS.gatewayC)
    ).resolves.toEqual(ANSWERS.gatewayC.body)
  })

  it("sends the validated body, so surrounding spaces in text fields are trimmed", async () => {
    await client.createGatewayCCheckout(TOKEN, {
      ...REQUESTS.gatewayC,
      description: "  Order #1004 ",
    })
    expect(JSON.parse(server.requests[0].body).description).toBe("Order #1004")
  })
})
