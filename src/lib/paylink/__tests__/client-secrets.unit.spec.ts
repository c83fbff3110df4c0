/** No PaylinkError rendering (message, stack, JSON, inspect) carries a token, password or card. */
import util from "node:util"
import { PaylinkClient } from "../client"
import { PaylinkUnavailableError, isPaylinkError } from "../errors"
import {
  PASSWORD,
  REQUESTS,
  TOKEN,
  answerWith,
  caught,
  client,
  freePort,
  server,
  useRecordingService,
} from "./helpers/client-fixtures"

useRecordingService()

describe("PaylinkError: secrets never leak", () => {
  const failures: [string, () => Promise<unknown>][] = [
    [
      "invalid body",
      () =>
        client.call("gatewayC", { ...REQUESTS.gatewayC, amount: -1 }, TOKEN),
    ],
    [
      "400 echoing the token",
      async () => {
        answerWith(400, {
          message: `token ${TOKEN} is not valid for gateway B`,
        })
        return client.createGatewayBCheckout(TOKEN, REQUESTS.gatewayB)
      },
    ],
    [
      "400 echoing the setup password",
      async () => {
        answerWith(400, { message: `bad password ${PASSWORD}` })
        return client.setup(REQUESTS.setup)
      },
    ],
    [
      "401",
      async () => {
        answerWith(401, { message: `unknown token ${TOKEN}` })
        return client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
      },
    ],
    [
      "500",
      async () => {
        answerWith(500, { message: `crash with ${TOKEN}` })
        return client.applyDiscount(TOKEN, REQUESTS.discount)
      },
    ],
    [
      "malformed JSON",
      async () => {
        answerWith(201, `{"token": "${TOKEN}"`)
        return client.createGatewayCCheckout(TOKEN, REQUESTS.gatewayC)
      },
    ],
    [
      "wrong shape",
      async () => {
        answerWith(201, { id: TOKEN })
        return client.createGatewayCCheckout(TOKEN, REQUESTS.gatewayC)
      },
    ],
    [
      "timeout",
      async () => {
        server.reset(() => undefined)
        return new PaylinkClient({
          baseUrl: server.baseUrl,
          timeoutMs: 100,
        }).createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
      },
    ],
    [
      "reset",
      async () => {
        server.reset((req) => req.socket.destroy())
        return client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
      },
    ],
    [
      "refused",
      async () => {
        const port = await freePort()
        return new PaylinkClient({
          baseUrl: `http://127.0.0.1:${port}`,
          connectRetries: 0,
        }).createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
      },
    ],
  ]

  it.each(failures)("%s", async (_label, fail) => {
    const err = await caught(fail())
    expect(isPaylinkError(err)).toBe(true)
    const renderings = [
      String(err),
      err.message,
      err.stack ?? "",
      JSON.stringify(err),
      util.inspect(err, { depth: 10, showHidden: true }),
    ]
    for (const text of renderings) {
      expect(text).not.toContain(TOKEN)
      expect(text).not.toContain(PASSWORD)
      expect(text).not.toMatch(/x-token/i)
    }
  })

  it("an echoed secret is blanked, the rest of the service message kept", async () => {
    answerWith(400, { message: `token ${TOKEN} is not valid for gateway B` })
    const err = await caught(
      client.createGatewayBCheckout(TOKEN, REQUESTS.gatewayB)
    )
    expect(err.message).toBe("token [redacted] is not valid for gateway B")
  })

  it("a loyalty card echoed by the program is blanked too", async () => {
    answerWith(400, { message: `card 6000123412341234 has no benefit 77` })
    const err = await caught(client.applyDiscount(TOKEN, REQUESTS.discount))
    expect(err.message).toBe("card [redacted] has no benefit 77")
  })

  it("JSON output carries the fields a log needs", async () => {
    answerWith(503, {})
    const err = await caught(
      client.createGatewayBCheckout(TOKEN, REQUESTS.gatewayB)
    )
    expect(JSON.parse(JSON.stringify(err))).toEqual({
      name: "PaylinkUnavailableError",
      kind: "unavailable",
      message: "gateway B is unavailable: HTTP 503",
      endpoint: "gatewayB",
      label: "gateway B",
      status: 503,
    })
    expect((err as Error & { cause?: unknown }).cause).toBe("HTTP 503")
  })

  it("isPaylinkError tells PaylinkErrors from other values", () => {
    expect(
      isPaylinkError(
        new PaylinkUnavailableError("x", { endpoint: "setup", label: "l" })
      )
    ).toBe(true)
    expect(isPaylinkError(new Error("x"))).toBe(false)
    expect(isPaylinkError({ kind: "unavailable" })).toBe(false)
    expect(isPaylinkError(null)).toBe(false)
  })
})
