import http from "node:http"
import type { AddressInfo } from "node:net"
import util from "node:util"
import axios from "axios"
import { PaylinkClient, getHttpClient } from "../client"
import {
  PaylinkAuthenticationError,
  PaylinkError,
  PaylinkInvalidRequestError,
  PaylinkUnavailableError,
  isPaylinkError,
} from "../errors"
import type { EndpointName, RequestOf } from "../endpoints"

const TOKEN = "tok_live_SECRET_7f3a9c"
const PASSWORD = "pw-SECRET-4411"

type Recorded = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }
type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void

/** A throwaway service: records every request and answers with whatever the test sets. */
class RecordingServer {
  readonly requests: Recorded[] = []
  connections = 0
  handler: Handler = (_req, res) => reply(res, 500, { message: "no handler set" })
  private readonly server = http.createServer((req, res) => {
    const recorded: Recorded = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: "" }
    this.requests.push(recorded)
    req.setEncoding("utf8")
    req.on("data", (chunk: string) => (recorded.body += chunk))
    req.on("end", () => this.handler(req, res))
  })

  constructor() {
    this.server.on("connection", () => this.connections++)
  }

  listen(port = 0): Promise<this> {
    return new Promise((resolve) => this.server.listen(port, "127.0.0.1", () => resolve(this)))
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  reset(handler: Handler): void {
    this.requests.length = 0
    this.connections = 0
    this.handler = handler
  }

  close(): Promise<void> {
    this.server.closeAllConnections()
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}

function reply(res: http.ServerResponse, status: number, body: unknown): void {
  const text = typeof body === "string" ? body : JSON.stringify(body)
  res.writeHead(status, { "content-type": "application/json" }).end(text)
}

/** A port on which nothing listens (it was free a moment ago). */
async function freePort(): Promise<number> {
  const probe = http.createServer()
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

async function caught(promise: Promise<unknown>): Promise<PaylinkError> {
  try {
    await promise
  } catch (err) {
    if (err instanceof PaylinkError) {
      return err
    }
    throw err
  }
  throw new Error("expected the call to fail")
}

const billing = { name: "Ana", surname: "López", email: "ana@example.com" }

const REQUESTS: { [N in EndpointName]: RequestOf<N> } = {
  gatewayASingle: {
    number: 1001,
    description: "Order #1001",
    amount: 150.5,
    currency: "GTQ",
    billing,
    redirection: { successUrl: "https://shop.example/ok", cancelUrl: "https://shop.example/cancel" },
    options: { allowTransfer: true, installments: "3,6," },
  },
  gatewayASubscription: { number: 1002, description: "Monthly box", amount: 99, billing, count: 1, interval: "month" },
  gatewayB: {
    number: 1003,
    description: "Order #1003",
    amount: 20,
    billing,
    order: [{ reference: "SKU-1", name: "Mug", qty: 2, price: 10 }],
  },
  gatewayC: { number: 1004, description: "Order #1004", amount: 42.1, currency: "GTQ", billing },
  discount: { discount: 10, total: 100, code: 77, card: "6000123412341234" },
  setup: { user: "merchant", password: PASSWORD, branch: 3 },
}

const ANSWERS: Record<EndpointName, { status: number; path: string; body: unknown }> = {
  gatewayASingle: {
    status: 201,
    path: "/pay/v2/gateway_a/checkouts/hosted/single",
    body: { id: "ch_1", url: "https://pay.example/ch_1", metadata: { product: "prod_1" } },
  },
  gatewayASubscription: {
    status: 201,
    path: "/pay/v2/gateway_a/checkouts/hosted/subscription",
    body: { id: "ch_2", product: "sub_2", url: "https://pay.example/ch_2" },
  },
  gatewayB: {
    status: 201,
    path: "/pay/v2/gateway_b/checkouts/hosted/single",
    body: {
      id: "b_3",
      url: "https://b.example/b_3",
      metadata: { clientToken: "ct_3", expiration: "2030-01-01T00:00:00.000Z" },
    },
  },
  gatewayC: {
    status: 201,
    path: "/pay/v2/gateway_c/checkouts/hosted/single",
    body: { id: "40001", url: "https://c.example/40001", metadata: { expiration: "2030-01-01T00:00:00Z" } },
  },
  discount: {
    status: 201,
    path: "/benefits/v2/benefits_program/discounts",
    body: { authorization: "AUTH-1", confirmation: "CONF-1" },
  },
  setup: { status: 200, path: "/benefits/v2/benefits_program/setup", body: { token: "tok_from_setup" } },
}

const NAMES = Object.keys(ANSWERS) as EndpointName[]

let server: RecordingServer
let client: PaylinkClient

beforeAll(async () => {
  server = await new RecordingServer().listen()
  client = new PaylinkClient({ baseUrl: server.baseUrl, timeoutMs: 2000 })
})

afterAll(() => server.close())

/** Answers every request with the given status and body. */
function answerWith(status: number, body: unknown): void {
  server.reset((_req, res) => reply(res, status, body))
}

describe("PaylinkClient: successful calls", () => {
  beforeEach(() =>
    server.reset((req, res) => {
      const answer = Object.values(ANSWERS).find((a) => a.path === req.url)
      return answer ? reply(res, answer.status, answer.body) : reply(res, 404, { message: "no route" })
    })
  )

  it.each(NAMES)("%s: POSTs the body as JSON to its path and returns the parsed answer", async (name) => {
    const result = await client.call(name, REQUESTS[name], TOKEN)

    expect(result).toEqual(ANSWERS[name].body)
    expect(server.requests).toHaveLength(1)
    const [request] = server.requests
    expect(request.method).toBe("POST")
    expect(request.url).toBe(ANSWERS[name].path)
    expect(request.headers["content-type"]).toBe("application/json")
    expect(request.headers["accept"]).toBe("application/json")
    expect(JSON.parse(request.body)).toEqual(REQUESTS[name])
  })

  it("sends X-Token on the five token endpoints and never on setup", async () => {
    for (const name of NAMES) {
      server.requests.length = 0
      await client.call(name, REQUESTS[name], TOKEN)
      expect([name, server.requests[0].headers["x-token"]]).toEqual([name, name === "setup" ? undefined : TOKEN])
    }
  })

  it("typed methods call the matching endpoints", async () => {
    await expect(client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)).resolves.toEqual(
      ANSWERS.gatewayASingle.body
    )
    await expect(client.createSubscriptionCheckout(TOKEN, REQUESTS.gatewayASubscription)).resolves.toEqual(
      ANSWERS.gatewayASubscription.body
    )
    await expect(client.createGatewayBCheckout(TOKEN, REQUESTS.gatewayB)).resolves.toEqual(ANSWERS.gatewayB.body)
    await expect(client.createGatewayCCheckout(TOKEN, REQUESTS.gatewayC)).resolves.toEqual(ANSWERS.gatewayC.body)
    await expect(client.applyDiscount(TOKEN, REQUESTS.discount)).resolves.toEqual(ANSWERS.discount.body)
    await expect(client.setup(REQUESTS.setup)).resolves.toEqual({ token: "tok_from_setup" })
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
    expect(custom.urlOf("gatewayB")).toBe("https://api.example.com/prefix/pay/v2/gateway_b/checkouts/hosted/single")
    expect(custom.urlOf("setup")).toBe("https://api.example.com/prefix/benefits/v2/club/setup")
  })

  it("refuses a base URL or path segment it cannot use", () => {
    expect(() => new PaylinkClient({ baseUrl: "api.example.com" })).toThrow("baseUrl must be an absolute http(s) URL")
    expect(() => new PaylinkClient({ baseUrl: "ftp://api.example.com" })).toThrow("baseUrl")
    expect(() => new PaylinkClient({ baseUrl: "https://a.example", paths: { gatewayB: "b/c" } })).toThrow(
      "paths.gatewayB must be one URL path segment"
    )
    expect(() => new PaylinkClient({ baseUrl: "https://a.example", timeoutMs: 0 })).toThrow("timeoutMs")
  })

  it("accepts another 2xx than the documented one, still checking the shape", async () => {
    answerWith(200, ANSWERS.gatewayC.body)
    await expect(client.createGatewayCCheckout(TOKEN, REQUESTS.gatewayC)).resolves.toEqual(ANSWERS.gatewayC.body)
  })

  it("sends the validated body, so surrounding spaces in text fields are trimmed", async () => {
    await client.createGatewayCCheckout(TOKEN, { ...REQUESTS.gatewayC, description: "  Order #1004 " })
    expect(JSON.parse(server.requests[0].body).description).toBe("Order #1004")
  })
})

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
        { path: "options.installments", message: expect.stringContaining("each followed by a comma") },
        { path: "extra", message: "is not an accepted field" },
      ])
    )
    expect(err.issues).toHaveLength(4)
    expect(err.message).toContain("invalid gateway A request: ")
    expect(err.message).toContain("billing.email: must be an e-mail address")
    expect(server.requests).toHaveLength(0)
  })

  it("names array items by index", async () => {
    const body = { ...REQUESTS.gatewayB, order: [{ reference: "S", name: "N", qty: 0, price: 1 }] }
    const err = await caught(client.createGatewayBCheckout(TOKEN, body))
    expect(err.issues?.map((i) => i.path)).toEqual(["order[0].qty"])
    expect(server.requests).toHaveLength(0)
  })

  it.each([undefined, "", "   "])("a token endpoint without a token (%p) is an authentication error, nothing sent", async (token) => {
    const err = await caught(client.call("discount", REQUESTS.discount, token))
    expect(err).toBeInstanceOf(PaylinkAuthenticationError)
    expect(err.message).toBe("benefits program needs a token and none is configured: nothing was sent")
    expect(server.requests).toHaveLength(0)
  })

  it("a token that cannot be a header value is an authentication error, nothing sent", async () => {
    const err = await caught(client.createGatewayACheckout("tok\nX-Evil: 1", REQUESTS.gatewayASingle))
    expect(err).toBeInstanceOf(PaylinkAuthenticationError)
    expect(server.requests).toHaveLength(0)
  })
})

describe("PaylinkClient: HTTP answers mapped to errors", () => {
  it("400 with a message is an invalid request carrying the service's message", async () => {
    answerWith(400, { message: "amount exceeds the gateway maximum" })
    const err = await caught(client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle))
    expect(err).toBeInstanceOf(PaylinkInvalidRequestError)
    expect(err.message).toBe("amount exceeds the gateway maximum")
    expect(err.status).toBe(400)
    expect(server.requests).toHaveLength(1)
  })

  it("400 without a JSON message gets a generic message", async () => {
    answerWith(400, "Bad Request")
    const err = await caught(client.createGatewayBCheckout(TOKEN, REQUESTS.gatewayB))
    expect(err).toBeInstanceOf(PaylinkInvalidRequestError)
    expect(err.message).toBe("gateway B refused the request as incorrect (HTTP 400)")
  })

  it("401 is an authentication error naming the gateway", async () => {
    answerWith(401, { message: "Unauthorized" })
    const err = await caught(client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle))
    expect(err).toBeInstanceOf(PaylinkAuthenticationError)
    expect(err.kind).toBe("authentication")
    expect(err.status).toBe(401)
    expect(err.message).toBe("gateway A rejected the credentials (HTTP 401): check the token configured for it")
  })

  it("401 on setup points at the program credentials", async () => {
    answerWith(401, {})
    const err = await caught(client.setup(REQUESTS.setup))
    expect(err.message).toBe(
      "benefits program setup rejected the credentials (HTTP 401): check the user, password and branch configured for it"
    )
  })

  it.each([500, 503, 404, 403])("%i is unavailable with the status", async (status) => {
    answerWith(status, { message: "boom" })
    const err = await caught(client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle))
    expect(err).toBeInstanceOf(PaylinkUnavailableError)
    expect(err.kind).toBe("unavailable")
    expect(err.status).toBe(status)
    expect(err.message).toBe(`gateway A is unavailable: HTTP ${status}`)
    expect(server.requests).toHaveLength(1)
  })

  it("does not follow a redirect (the token would go along)", async () => {
    server.reset((_req, res) => res.writeHead(307, { location: "http://127.0.0.1:1/elsewhere" }).end())
    const err = await caught(client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle))
    expect(err.message).toBe("gateway A is unavailable: HTTP 307")
    expect(server.requests).toHaveLength(1)
  })

  it("malformed JSON in a 201 is unavailable", async () => {
    answerWith(201, '{"id":"ch_1","url":')
    const err = await caught(client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle))
    expect(err).toBeInstanceOf(PaylinkUnavailableError)
    expect(err.message).toBe("gateway A is unavailable: malformed JSON in the answer")
    expect(err.status).toBe(201)
  })

  it("an empty 201 is unavailable", async () => {
    answerWith(201, "")
    const err = await caught(client.applyDiscount(TOKEN, REQUESTS.discount))
    expect(err.message).toBe("benefits program is unavailable: malformed JSON in the answer")
  })

  it("a 201 of the wrong shape is unavailable naming the field", async () => {
    answerWith(201, { id: "ch_1", url: "https://pay.example/ch_1", metadata: {} })
    const err = await caught(client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle))
    expect(err).toBeInstanceOf(PaylinkUnavailableError)
    expect(err.message).toMatch(/^gateway A is unavailable: unexpected answer: metadata\.product: /)
    expect(err.issues?.map((i) => i.path)).toEqual(["metadata.product"])
  })

  it("a checkout url that is not http(s) is refused", async () => {
    answerWith(201, { id: "ch_1", url: "javascript:alert(1)", metadata: { product: "p" } })
    const err = await caught(client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle))
    expect(err.message).toBe("gateway A is unavailable: unexpected answer: url: must be an absolute http(s) URL")
  })
})

describe("PaylinkClient: network failures and retries", () => {
  it("a hung answer is unavailable after the timeout, with exactly one request (no retry)", async () => {
    server.reset(() => undefined)
    const quick = new PaylinkClient({ baseUrl: server.baseUrl, timeoutMs: 200 })
    const started = Date.now()

    const err = await caught(quick.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle))

    const elapsed = Date.now() - started
    expect(err).toBeInstanceOf(PaylinkUnavailableError)
    expect(err.message).toBe("gateway A is unavailable: no answer within 200 ms")
    expect(elapsed).toBeGreaterThanOrEqual(190)
    expect(elapsed).toBeLessThan(1500)
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(server.requests).toHaveLength(1)
  })

  it("a reset connection is unavailable and not retried", async () => {
    server.reset((req) => req.socket.destroy())
    const err = await caught(client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle))
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
    const refused = new PaylinkClient({ baseUrl: `http://127.0.0.1:${port}`, http: counting })
    const started = Date.now()

    const err = await caught(refused.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle))

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
    const once = new PaylinkClient({ baseUrl: `http://127.0.0.1:${port}`, http: counting, connectRetries: 0 })
    const err = await caught(once.setup(REQUESTS.setup))
    expect(err.message).toBe("benefits program setup is unavailable: connection refused")
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

describe("PaylinkClient: outcomeUnknown marks the failures that may hide a created checkout", () => {
  /** A client whose HTTP layer fails with a Node error code, as axios passes it on. */
  const failingWith = (code: string) =>
    new PaylinkClient({
      baseUrl: "http://127.0.0.1:1",
      connectRetries: 0,
      http: axios.create({ adapter: () => Promise.reject(Object.assign(new Error("boom"), { code })) }),
    })

  it.each([
    ["a timeout", async () => {
      server.reset(() => undefined)
      return new PaylinkClient({ baseUrl: server.baseUrl, timeoutMs: 100 }).createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    }],
    ["a reset connection", async () => {
      server.reset((req) => req.socket.destroy())
      return client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    }],
    ["a malformed 201", async () => {
      answerWith(201, '{"id":"ch_1"')
      return client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    }],
    ["a 201 of the wrong shape", async () => {
      answerWith(201, { id: "ch_1" })
      return client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    }],
    ["an unreadable answer", async () => failingWith("ERR_BAD_RESPONSE").createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)],
  ] as [string, () => Promise<unknown>][])("set after %s", async (_label, fail) => {
    const err = await caught(fail())
    expect(err).toBeInstanceOf(PaylinkUnavailableError)
    expect(err.outcomeUnknown).toBe(true)
  })

  it.each([
    ["a refused connection", async () => {
      const port = await freePort()
      return new PaylinkClient({ baseUrl: `http://127.0.0.1:${port}`, connectRetries: 0 }).createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    }],
    ["a host not found", async () => failingWith("ENOTFOUND").createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)],
    ["HTTP 500", async () => {
      answerWith(500, {})
      return client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    }],
    ["HTTP 400", async () => {
      answerWith(400, { message: "no" })
      return client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    }],
    ["HTTP 401", async () => {
      answerWith(401, {})
      return client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    }],
    ["a body our schema refuses", async () => client.createGatewayACheckout(TOKEN, { ...REQUESTS.gatewayASingle, amount: -1 })],
    ["a missing token", async () => client.createGatewayACheckout("", REQUESTS.gatewayASingle)],
  ] as [string, () => Promise<unknown>][])("not set after %s", async (_label, fail) => {
    const err = await caught(fail())
    expect(err.outcomeUnknown).toBeUndefined()
    expect("outcomeUnknown" in err).toBe(false)
  })

  it("host not found is reported as such, and not retried", async () => {
    let attempts = 0
    const counting = axios.create({
      adapter: () => {
        attempts++
        return Promise.reject(Object.assign(new Error("getaddrinfo"), { code: "EAI_AGAIN" }))
      },
    })
    const err = await caught(new PaylinkClient({ baseUrl: "http://127.0.0.1:1", http: counting }).setup(REQUESTS.setup))
    expect(err.message).toBe("benefits program setup is unavailable: host not found")
    expect(attempts).toBe(1)
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
    expect((a.defaults.httpAgent as http.Agent & { keepAlive: boolean }).keepAlive).toBe(true)
    expect(a.defaults.proxy).toBe(false)
    expect(a.defaults.maxRedirects).toBe(0)
  })
})

describe("PaylinkError: secrets never leak", () => {
  const failures: [string, () => Promise<unknown>][] = [
    ["invalid body", () => client.call("gatewayC", { ...REQUESTS.gatewayC, amount: -1 }, TOKEN)],
    ["400 echoing the token", async () => {
      answerWith(400, { message: `token ${TOKEN} is not valid for gateway B` })
      return client.createGatewayBCheckout(TOKEN, REQUESTS.gatewayB)
    }],
    ["400 echoing the setup password", async () => {
      answerWith(400, { message: `bad password ${PASSWORD}` })
      return client.setup(REQUESTS.setup)
    }],
    ["401", async () => {
      answerWith(401, { message: `unknown token ${TOKEN}` })
      return client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    }],
    ["500", async () => {
      answerWith(500, { message: `crash with ${TOKEN}` })
      return client.applyDiscount(TOKEN, REQUESTS.discount)
    }],
    ["malformed JSON", async () => {
      answerWith(201, `{"token": "${TOKEN}"`)
      return client.createGatewayCCheckout(TOKEN, REQUESTS.gatewayC)
    }],
    ["wrong shape", async () => {
      answerWith(201, { id: TOKEN })
      return client.createGatewayCCheckout(TOKEN, REQUESTS.gatewayC)
    }],
    ["timeout", async () => {
      server.reset(() => undefined)
      return new PaylinkClient({ baseUrl: server.baseUrl, timeoutMs: 100 }).createGatewayACheckout(
        TOKEN,
        REQUESTS.gatewayASingle
      )
    }],
    ["reset", async () => {
      server.reset((req) => req.socket.destroy())
      return client.createGatewayACheckout(TOKEN, REQUESTS.gatewayASingle)
    }],
    ["refused", async () => {
      const port = await freePort()
      return new PaylinkClient({ baseUrl: `http://127.0.0.1:${port}`, connectRetries: 0 }).createGatewayACheckout(
        TOKEN,
        REQUESTS.gatewayASingle
      )
    }],
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
    const err = await caught(client.createGatewayBCheckout(TOKEN, REQUESTS.gatewayB))
    expect(err.message).toBe("token [redacted] is not valid for gateway B")
  })

  it("a loyalty card echoed by the program is blanked too", async () => {
    answerWith(400, { message: `card 6000123412341234 has no benefit 77` })
    const err = await caught(client.applyDiscount(TOKEN, REQUESTS.discount))
    expect(err.message).toBe("card [redacted] has no benefit 77")
  })

  it("JSON output carries the fields a log needs", async () => {
    answerWith(503, {})
    const err = await caught(client.createGatewayBCheckout(TOKEN, REQUESTS.gatewayB))
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
    expect(isPaylinkError(new PaylinkUnavailableError("x", { endpoint: "setup", label: "l" }))).toBe(true)
    expect(isPaylinkError(new Error("x"))).toBe(false)
    expect(isPaylinkError({ kind: "unavailable" })).toBe(false)
    expect(isPaylinkError(null)).toBe(false)
  })
})
