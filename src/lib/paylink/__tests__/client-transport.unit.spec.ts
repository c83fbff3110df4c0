/** The client's transport: timeout, reset, refused-only retry with backoff, and the shared keep-alive HTTP client. */
import type http from "node:http"
import axios from "axios"
import { PaylinkClient, getHttpClient } from "../client"
import { PaylinkUnavailableError } from "../errors"
import {
  ANSWERS,
  REQUESTS,
  RecordingServer,
  TOKEN,
  caught,
  client,
  freePort,
  reply,
  server,
  useRecordingService,
} from "./helpers/client-fixtures"

useRecordingService()

describe("PaylinkClient: network failures and retries", () => {
  it("a hung answer is unavailable after the timeout, with exactly one request (no retry)", async () => {
    server.reset(() => undefined)
    const quick = new PaylinkClient({ baseUrl: server.baseUrl, timeoutMs: 200 })
    const started = Date.now()

    const err = await caught(
      quick.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    )

    const elapsed = Date.now() - started
    expect(err).toBeInstanceOf(PaylinkUnavailableError)
    expect(err.message).toBe(
      "gateway A is unavailable: no answer within 200 ms"
    )
    expect(elapsed).toBeGreaterThanOrEqual(190)
    expect(elapsed).toBeLessThan(1500)
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(server.requests).toHaveLength(1)
  })

  it("a reset connection is unavailable and not retried", async () => {
    server.reset((req) => req.socket.destroy())
    const err = await caught(
      client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    )
    expect(err.message).toBe("gateway A is unavailable: connection reset")
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(server.requests).toHaveLength(1)
  })

  it("a refused connection is retried connectRetries times with backoff, then unavailable", async () => {
    const port = await freePort()
    let attempts = 0
    const counting = axios.create()
    counting.interceptors.request.use((config) => {
      attempts++
      return config
    })
    const refused = new PaylinkClient({
      baseUrl: `http://127.0.0.1:${port}`,
      http: counting,
    })
    const started = Date.now()

    const err = await caught(
      refused.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    )

    expect(err).toBeInstanceOf(PaylinkUnavailableError)
    expect(err.message).toBe("gateway A is unavailable: connection refused")
    expect(attempts).toBe(3)
    expect(Date.now() - started).toBeGreaterThanOrEqual(390)
  })

  it("connectRetries 0 makes exactly one attempt", async () => {
    const port = await freePort()
    let attempts = 0
    const counting = axios.create()
    counting.interceptors.request.use((config) => {
      attempts++
      return config
    })
    const once = new PaylinkClient({
      baseUrl: `http://127.0.0.1:${port}`,
      http: counting,
      connectRetries: 0,
    })
    const err = await caught(once.setup(REQUESTS.setup))
    expect(err.message).toBe(
      "benefits program setup is unavailable: connection refused"
    )
    expect(attempts).toBe(1)
  })

  it("a service that starts listening during the backoff gets the request", async () => {
    const port = await freePort()
    const late = new RecordingServer()
    late.handler = (_req, res) => reply(res, 201, ANSWERS.discount.body)
    const retrying = new PaylinkClient({ baseUrl: `http://127.0.0.1:${port}` })
    try {
      const call = retrying.applyDiscount(TOKEN, REQUESTS.discount)
      await new Promise((resolve) => setTimeout(resolve, 40))
      await late.listen(port)
      await expect(call).resolves.toEqual(ANSWERS.discount.body)
      expect(late.requests).toHaveLength(1)
    } finally {
      await late.close()
    }
  })

  it("keeps the connection alive: two sequential calls use one socket", async () => {
    const fresh = await new RecordingServer().listen()
    fresh.handler = (_req, res) => reply(res, 201, ANSWERS.discount.body)
    try {
      const keepAlive = new PaylinkClient({ baseUrl: fresh.baseUrl })
      await keepAlive.applyDiscount(TOKEN, REQUESTS.discount)
      await keepAlive.applyDiscount(TOKEN, REQUESTS.discount)
      expect(fresh.requests).toHaveLength(2)
      expect(fresh.connections).toBe(1)
    } finally {
      await fresh.close()
    }
  })
})

describe("getHttpClient", () => {
  it("returns one instance per base URL, keep-alive, without proxy or redirects", () => {
    const a = getHttpClient("https://one.example/api/")
    expect(getHttpClient("https://one.example/api")).toBe(a)
    expect(getHttpClient("https://two.example/api")).not.toBe(a)
    const agent = a.defaults.httpsAgent as http.Agent & { keepAlive: boolean }
    expect(agent.keepAlive).toBe(true)
    expect(agent.maxSockets).toBe(50)
    expect(
      (a.defaults.httpAgent as http.Agent & { keepAlive: boolean }).keepAlive
    ).toBe(true)
    expect(a.defaults.proxy).toBe(false)
    expect(a.defaults.maxRedirects).toBe(0)
  })
})
