/** PaylinkClient turns each HTTP answer it cannot use (4xx, 5xx, redirect, bad 2xx body) into a typed PaylinkError. */
import {
  PaylinkAuthenticationError,
  PaylinkInvalidRequestError,
  PaylinkUnavailableError,
} from "../errors"
import {
  REQUESTS,
  TOKEN,
  answerWith,
  caught,
  client,
  server,
  useRecordingService,
} from "./helpers/client-fixtures"

useRecordingService()

describe("PaylinkClient: HTTP answers mapped to errors", () => {
  it("400 with a message is an invalid request carrying the service's message", async () => {
    answerWith(400, { message: "amount exceeds the gateway maximum" })
    const err = await caught(
      client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    )
    expect(err).toBeInstanceOf(PaylinkInvalidRequestError)
    expect(err.message).toBe("amount exceeds the gateway maximum")
    expect(err.status).toBe(400)
    expect(server.requests).toHaveLength(1)
  })

  it("400 without a JSON message gets a generic message", async () => {
    answerWith(400, "Bad Request")
    const err = await caught(
      client.createGatewayBCheckout(TOKEN, REQUESTS.gatewayB)
    )
    expect(err).toBeInstanceOf(PaylinkInvalidRequestError)
    expect(err.message).toBe(
      "gateway B refused the request as incorrect (HTTP 400)"
    )
  })

  it("401 is an authentication error naming the gateway", async () => {
    answerWith(401, { message: "Unauthorized" })
    const err = await caught(
      client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    )
    expect(err).toBeInstanceOf(PaylinkAuthenticationError)
    expect(err.kind).toBe("authentication")
    expect(err.status).toBe(401)
    expect(err.message).toBe(
      "gateway A rejected the credentials (HTTP 401): check the token configured for it"
    )
  })

  it("401 on setup points at the program credentials", async () => {
    answerWith(401, {})
    const err = await caught(client.setup(REQUESTS.setup))
    expect(err.message).toBe(
      "benefits program setup rejected the credentials (HTTP 401): check the user, password and branch configured for it"
    )
  })

  it.each([500, 503, 404, 403])(
    "%i is unavailable with the status",
    async (status) => {
      answerWith(status, { message: "boom" })
      const err = await caught(
        client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
      )
      expect(err).toBeInstanceOf(PaylinkUnavailableError)
      expect(err.kind).toBe("unavailable")
      expect(err.status).toBe(status)
      expect(err.message).toBe(`gateway A is unavailable: HTTP ${status}`)
      expect(server.requests).toHaveLength(1)
    }
  )

  it("does not follow a redirect (the token would go along)", async () => {
    server.reset((_req, res) =>
      res.writeHead(307, { location: "http://127.0.0.1:1/elsewhere" }).end()
    )
    const err = await caught(
      client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    )
    expect(err.message).toBe("gateway A is unavailable: HTTP 307")
    expect(server.requests).toHaveLength(1)
  })

  it("malformed JSON in a 201 is unavailable", async () => {
    answerWith(201, '{"id":"ch_1","url":')
    const err = await caught(
      client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    )
    expect(err).toBeInstanceOf(PaylinkUnavailableError)
    expect(err.message).toBe(
      "gateway A is unavailable: malformed JSON in the answer"
    )
    expect(err.status).toBe(201)
  })

  it("an empty 201 is unavailable", async () => {
    answerWith(201, "")
    const err = await caught(client.applyDiscount(TOKEN, REQUESTS.discount))
    expect(err.message).toBe(
      "benefits program is unavailable: malformed JSON in the answer"
    )
  })

  it("a 201 of the wrong shape is unavailable naming the field", async () => {
    answerWith(201, {
      id: "ch_1",
      url: "https://pay.example/ch_1",
      metadata: {},
    })
    const err = await caught(
      client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    )
    expect(err).toBeInstanceOf(PaylinkUnavailableError)
    expect(err.message).toMatch(
      /^gateway A is unavailable: unexpected answer: metadata\.product: /
    )
    expect(err.issues?.map((i) => i.path)).toEqual(["metadata.product"])
  })

  it("a checkout url that is not http(s) is refused", async () => {
    answerWith(201, {
      id: "ch_1",
      url: "javascript:alert(1)",
      metadata: { product: "p" },
    })
    const err = await caught(
      client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    )
    expect(err.message).toBe(
      "gateway A is unavailable: unexpected answer: url: must be an absolute http(s) URL"
    )
  })
})
