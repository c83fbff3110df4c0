/** outcomeUnknown: set exactly on the failures after which a checkout may exist at the service. */
import axios from "axios"
import { PaylinkClient } from "../client"
import { PaylinkUnavailableError } from "../errors"
import {
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

describe("PaylinkClient: outcomeUnknown marks the failures that may hide a created checkout", () => {
  /** A client whose HTTP layer fails with a Node error code, as axios passes it on. */
  const failingWith = (code: string) =>
    new PaylinkClient({
      baseUrl: "http://127.0.0.1:1",
      connectRetries: 0,
      http: axios.create({
        adapter: () =>
          Promise.reject(Object.assign(new Error("boom"), { code })),
      }),
    })

  it.each([
    [
      "a timeout",
      async () => {
        server.reset(() => undefined)
        return new PaylinkClient({
          baseUrl: server.baseUrl,
          timeoutMs: 100,
        }).createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
      },
    ],
    [
      "a reset connection",
      async () => {
        server.reset((req) => req.socket.destroy())
        return client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
      },
    ],
    [
      "a malformed 201",
      async () => {
        answerWith(201, '{"id":"ch_1"')
        return client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
      },
    ],
    [
      "a 201 of the wrong shape",
      async () => {
        answerWith(201, { id: "ch_1" })
        return client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
      },
    ],
    [
      "an unreadable answer",
      async () =>
        failingWith("ERR_BAD_RESPONSE").createGatewayACheckout(
          TOKEN,
          REQUESTS.gatewayASingle
        ),
    ],
  ] as [string, () => Promise<unknown>][])(
    "set after %s",
    async (_label, fail) => {
      const err = await caught(fail())
      expect(err).toBeInstanceOf(PaylinkUnavailableError)
      expect(err.outcomeUnknown).toBe(true)
    }
  )

  it.each([
    [
      "a refused connection",
      async () => {
        const port = await freePort()
        return new PaylinkClient({
          baseUrl: `http://127.0.0.1:${port}`,
          connectRetries: 0,
        }).createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
      },
    ],
    [
      "a host not found",
      async () =>
        failingWith("ENOTFOUND").createGatewayACheckout(
          TOKEN,
          REQUESTS.gatewayASingle
        ),
    ],
    [
      "HTTP 500",
      async () => {
        answerWith(500, {})
        return client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
      },
    ],
    [
      "HTTP 400",
      async () => {
        answerWith(400, { message: "no" })
        return client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
      },
    ],
    [
      "HTTP 401",
      async () => {
        answerWith(401, {})
        return client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
      },
    ],
    [
      "a body our schema refuses",
      async () =>
        client.createGatewayACheckout(TOKEN, {
          ...REQUESTS.gatewayASingle,
          amount: -1,
        }),
    ],
    [
      "a missing token",
      async () => client.createGatewayACheckout("", REQUESTS.gatewayASingle),
    ],
  ] as [string, () => Promise<unknown>][])(
    "not set after %s",
    async (_label, fail) => {
      const err = await caught(fail())
      expect(err.outcomeUnknown).toBeUndefined()
      expect("outcomeUnknown" in err).toBe(false)
    }
  )

  it("host not found is reported as such, and not retried", async () => {
    let attempts = 0
    const counting = axios.create({
      adapter: () => {
        attempts++
        return Promise.reject(
          Object.assign(new Error("getaddrinfo"), { code: "EAI_AGAIN" })
        )
      },
    })
    const err = await caught(
      new PaylinkClient({
        baseUrl: "http://127.0.0.1:1",
        http: counting,
      }).setup(REQUESTS.setup)
    )
    expect(err.message).toBe(
      "benefits program setup is unavailable: host not found"
    )
    expect(attempts).toBe(1)
  })
})
