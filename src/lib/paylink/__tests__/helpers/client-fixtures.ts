/**
 * What the client-*.unit.spec.ts files share: a throwaway recording service, each endpoint's request
 * and answer, and the server/client pair each file starts once.
 */
import http from "node:http"
import type { AddressInfo } from "node:net"
import { PaylinkClient } from "../../client"
import { PaylinkError } from "../../errors"
import type { EndpointName, RequestOf } from "../../endpoints"

export const TOKEN = "tok_live_SECRET_7f3a9c"
export const PASSWORD = "pw-SECRET-4411"

type Recorded = {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
  body: string
}
type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void

/** A throwaway service: records every request and answers with whatever the test sets. */
export class RecordingServer {
  readonly requests: Recorded[] = []
  connections = 0
  handler: Handler = (_req, res) =>
    reply(res, 500, { message: "no handler set" })
  private readonly server = http.createServer((req, res) => {
    const recorded: Recorded = {
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body: "",
    }
    this.requests.push(recorded)
    req.setEncoding("utf8")
    req.on("data", (chunk: string) => (recorded.body += chunk))
    req.on("end", () => this.handler(req, res))
  })

  constructor() {
    this.server.on("connection", () => this.connections++)
  }

  listen(port = 0): Promise<this> {
    return new Promise((resolve) =>
      this.server.listen(port, "127.0.0.1", () => resolve(this))
    )
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

export function reply(
  res: http.ServerResponse,
  status: number,
  body: unknown
): void {
  const text = typeof body === "string" ? body : JSON.stringify(body)
  res.writeHead(status, { "content-type": "application/json" }).end(text)
}

/** A port on which nothing listens (it was free a moment ago). */
export async function freePort(): Promise<number> {
  const probe = http.createServer()
  await new Promise<void>((resolve) =>
    probe.listen(0, "127.0.0.1", () => resolve())
  )
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

export async function caught(promise: Promise<unknown>): Promise<PaylinkError> {
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

export const billing = {
  name: "Ana",
  surname: "López",
  email: "ana@example.com",
}

export const REQUESTS: { [N in EndpointName]: RequestOf<N> } = {
  gatewayASingle: {
    number: 1001,
    description: "Order #1001",
    amount: 150.5,
    currency: "GTQ",
    billing,
    redirection: {
      successUrl: "https://shop.example/ok",
      cancelUrl: "https://shop.example/cancel",
    },
    options: { allowTransfer: true, installments: "3,6," },
  },
  gatewayASubscription: {
    number: 1002,
    description: "Monthly box",
    amount: 99,
    billing,
    count: 1,
    interval: "month",
  },
  gatewayB: {
    number: 1003,
    description: "Order #1003",
    amount: 20,
    billing,
    order: [{ reference: "SKU-1", name: "Mug", qty: 2, price: 10 }],
  },
  gatewayC: {
    number: 1004,
    description: "Order #1004",
    amount: 42.1,
    currency: "GTQ",
    billing,
  },
  discount: { discount: 10, total: 100, code: 77, card: "6000123412341234" },
  setup: { user: "merchant", password: PASSWORD, branch: 3 },
}

export const ANSWERS: Record<
  EndpointName,
  { status: number; path: string; body: unknown }
> = {
  gatewayASingle: {
    status: 201,
    path: "/pay/v2/gateway_a/checkouts/hosted/single",
    body: {
      id: "ch_1",
      url: "https://pay.example/ch_1",
      metadata: { product: "prod_1" },
    },
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
    body: {
      id: "40001",
      url: "https://c.example/40001",
      metadata: { expiration: "2030-01-01T00:00:00Z" },
    },
  },
  discount: {
    status: 201,
    path: "/benefits/v2/benefits_program/discounts",
    body: { authorization: "AUTH-1", confirmation: "CONF-1" },
  },
  setup: {
    status: 200,
    path: "/benefits/v2/benefits_program/setup",
    body: { token: "tok_from_setup" },
  },
}

export const NAMES = Object.keys(ANSWERS) as EndpointName[]

// Live bindings: set by useRecordingService's beforeAll, read by the tests of the file that calls it.
export let server: RecordingServer
export let client: PaylinkClient

/** Starts one recording service and a client on it for the calling spec file, stopped after it. */
export function useRecordingService(): void {
  beforeAll(async () => {
    server = await new RecordingServer().listen()
    client = new PaylinkClient({ baseUrl: server.baseUrl, timeoutMs: 2000 })
  })

  afterAll(() => server.close())
}

/** Answers every request with the given status and body. */
export function answerWith(status: number, body: unknown): void {
  server.reset((_req, res) => reply(res, status, body))
}
