/** PaylinkClient refuses a bad body or a missing/unusable token before anything goes on the wire. */
import {
  PaylinkAuthenticationError,
  PaylinkInvalidRequestError,
} from "../errors"
import type { RequestOf } from "../endpoints"
import {
  ANSWERS,
  REQUESTS,
  TOKEN,
  answerWith,
  billing,
  caught,
  client,
  server,
  useRecordingService,
} from "./helpers/client-fixtures"

useRecordingService()

describe("PaylinkClient: refused before sending", () => {
  beforeEach(() => answerWith(201, ANSWERS.gatewayASingle.body))

  it("an invalid body is an invalid request naming each field, and nothing is sent", async () => {
    const body = {
      ...REQUESTS.gatewayASingle,
      amount: 10.005,
      billing: { ...billing, email: "not-an-email" },
      options: { installments: "3,6" },
      extra: true,
    } as unknown as RequestOf<"gatewayASingle">

    const err = await caught(client.createGatewayACheckout(TOKEN, body))

    expect(err).toBeInstanceOf(PaylinkInvalidRequestError)
    expect(err.kind).toBe("invalid_request")
    expect(err.endpoint).toBe("gatewayASingle")
    expect(err.label).toBe("gateway A")
    expect(err.status).toBeUndefined()
    expect(err.issues).toEqual(
      expect.arrayContaining([
        { path: "amount", message: "must have at most 2 decimals" },
        { path: "billing.email", message: "must be an e-mail address" },
        {
          path: "options.installments",
          message: expect.stringContaining("each followed by a comma"),
        },
        { path: "extra", message: "is not an accepted field" },
      ])
    )
    expect(err.issues).toHaveLength(4)
    expect(err.message).toContain("invalid gateway A request: ")
    expect(err.message).toContain("billing.email: must be an e-mail address")
    expect(server.requests).toHaveLength(0)
  })

  it("names array items by index", async () => {
    const body = {
      ...REQUESTS.gatewayB,
      order: [{ reference: "S", name: "N", qty: 0, price: 1 }],
    }
    const err = await caught(client.createGatewayBCheckout(TOKEN, body))
    expect(err.issues?.map((i) => i.path)).toEqual(["order[0].qty"])
    expect(server.requests).toHaveLength(0)
  })

  it.each([undefined, "", "   "])(
    "a token endpoint without a token (%p) is an authentication error, nothing sent",
    async (token) => {
      const err = await caught(
        client.call("discount", REQUESTS.discount, token)
      )
      expect(err).toBeInstanceOf(PaylinkAuthenticationError)
      expect(err.message).toBe(
        "benefits program needs a token and none is configured: nothing was sent"
      )
      expect(server.requests).toHaveLength(0)
    }
  )

  it("a token that cannot be a header value is an authentication error, nothing sent", async () => {
    const err = await caught(
      client.createGatewayACheckout("tok\nX-Evil: 1", REQUESTS.gatewayASingle)
    )
    expect(err).toBeInstanceOf(PaylinkAuthenticationError)
    expect(server.requests).toHaveLength(0)
  })
})
