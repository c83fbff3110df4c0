/**
 * HTTP client of the payment-link service (spec section 4). It knows the service and nothing of
 * Medusa: one injectable axios instance, every body checked against the endpoint's schema on the
 * way out and on the way back, and every failure turned into one of three typed errors by HTTP
 * status (the stripe-node model). It never logs; callers decide what to record.
 */
import http from "node:http"
import https from "node:https"
import axios, { type AxiosInstance } from "axios"
import {
  DEFAULT_PATH_SEGMENTS,
  ENDPOINTS,
  type Endpoint,
  type EndpointName,
  type PathSegments,
  type RequestOf,
  type ResponseOf,
} from "./endpoints"
import {
  PaylinkAuthenticationError,
  PaylinkInvalidRequestError,
  PaylinkUnavailableError,
  formatIssues,
  issuesFromZod,
  type PaylinkErrorContext,
} from "./errors"

export const DEFAULT_TIMEOUT_MS = 10_000
export const DEFAULT_CONNECT_RETRIES = 2

/** Waits before each retry after a refused connection; the last value repeats. */
const CONNECT_BACKOFF_MS = [100, 300, 900] as const

/** The documented answers are a few hundred bytes; anything near this is not the service. */
const MAX_ANSWER_BYTES = 1_000_000

/** A service message longer than this is cut: it goes into error messages and logs. */
const MAX_SERVICE_MESSAGE_CHARS = 300

const USER_AGENT = "medusa-plugin-paylink"

export type PaylinkClientOptions = {
  /** Address of the service, e.g. "https://api.example.com"; a path prefix is kept. */
  baseUrl: string
  /** Deadline of one request, connection included. */
  timeoutMs?: number
  /** Literal path segments of the gateways and the benefits program; defaults fill the rest. */
  paths?: Partial<PathSegments>
  /** HTTP client to send with; by default the shared keep-alive one for `baseUrl`. */
  http?: AxiosInstance
  /** Extra attempts after a refused connection (nothing was sent, so retrying is safe). */
  connectRetries?: number
}

const httpClients = new Map<string, AxiosInstance>()

/**
 * One axios instance per base URL, shared by every client of that service so that its
 * keep-alive sockets are shared too.
 */
export function getHttpClient(baseUrl: string): AxiosInstance {
  const key = normalizeBaseUrl(baseUrl)
  let client = httpClients.get(key)
  if (!client) {
    // Servers commonly drop idle keep-alive sockets after 5 s. Dropping ours first (the agent
    // destroys a free socket on `timeout`) avoids sending a POST on a socket the server is
    // closing, which would fail as a reset that must not be retried.
    const agentOptions = { keepAlive: true, maxSockets: 50, timeout: 4_000 }
    client = axios.create({
      baseURL: key,
      httpAgent: new http.Agent(agentOptions),
      httpsAgent: new https.Agent(agentOptions),
      // HTTP(S)_PROXY from the environment must not silently reroute a request carrying X-Token.
      proxy: false,
      maxRedirects: 0,
    })
    httpClients.set(key, client)
  }
  return client
}

export class PaylinkClient {
  /** Normalized base address (no trailing slash). */
  readonly baseUrl: string
  private readonly timeoutMs: number
  private readonly connectRetries: number
  private readonly segments: PathSegments
  private readonly http: AxiosInstance

  constructor(options: PaylinkClientOptions) {
    this.baseUrl = normalizeBaseUrl(options.baseUrl)
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    if (!Number.isInteger(this.timeoutMs) || this.timeoutMs <= 0) {
      throw new TypeError("PaylinkClient: timeoutMs must be a positive integer of milliseconds")
    }
    this.connectRetries = options.connectRetries ?? DEFAULT_CONNECT_RETRIES
    if (!Number.isInteger(this.connectRetries) || this.connectRetries < 0) {
      throw new TypeError("PaylinkClient: connectRetries must be a non-negative integer")
    }
    this.segments = { ...DEFAULT_PATH_SEGMENTS }
    for (const [key, segment] of Object.entries(options.paths ?? {}) as [keyof PathSegments, string | undefined][]) {
      if (segment === undefined) {
        continue
      }
      if (!isPathSegment(segment)) {
        throw new TypeError(`PaylinkClient: paths.${key} must be one URL path segment (letters, digits, - _ . ~)`)
      }
      this.segments[key] = segment
    }
    this.http = options.http ?? getHttpClient(this.baseUrl)
  }

  /** Endpoint 1: gateway A hosted single checkout. */
  createGatewayACheckout(token: string, body: RequestOf<"gatewayASingle">): Promise<ResponseOf<"gatewayASingle">> {
    return this.call("gatewayASingle", body, token)
  }

  /** Endpoint 2: gateway A hosted subscription checkout. */
  createSubscriptionCheckout(
    token: string,
    body: RequestOf<"gatewayASubscription">
  ): Promise<ResponseOf<"gatewayASubscription">> {
    return this.call("gatewayASubscription", body, token)
  }

  /** Endpoint 3: gateway B hosted single checkout. */
  createGatewayBCheckout(token: string, body: RequestOf<"gatewayB">): Promise<ResponseOf<"gatewayB">> {
    return this.call("gatewayB", body, token)
  }

  /** Endpoint 4: gateway C hosted single checkout. */
  createGatewayCCheckout(token: string, body: RequestOf<"gatewayC">): Promise<ResponseOf<"gatewayC">> {
    return this.call("gatewayC", body, token)
  }

  /** Endpoint 5: apply a benefit discount with a loyalty card. */
  applyDiscount(token: string, body: RequestOf<"discount">): Promise<ResponseOf<"discount">> {
    return this.call("discount", body, token)
  }

  /** Endpoint 6: exchange the benefits program credentials for a token. */
  setup(body: RequestOf<"setup">): Promise<ResponseOf<"setup">> {
    return this.call("setup", body)
  }

  /** The full address an endpoint is called at. */
  urlOf(name: EndpointName): string {
    const endpoint: Endpoint = ENDPOINTS[name]
    return `${this.baseUrl}${endpoint.path(this.segments[endpoint.segment])}`
  }

  /**
   * Calls one endpoint. Throws PaylinkInvalidRequestError (our schema or HTTP 400),
   * PaylinkAuthenticationError (no token, or HTTP 401) or PaylinkUnavailableError (anything else).
   */
  async call<N extends EndpointName>(name: N, body: RequestOf<N>, token?: string): Promise<ResponseOf<N>> {
    const endpoint: Endpoint | undefined = ENDPOINTS[name]
    if (!endpoint) {
      throw new TypeError(`PaylinkClient: unknown endpoint ${JSON.stringify(name)}`)
    }
    const ctx: PaylinkErrorContext = { endpoint: name, label: endpoint.label }

    const request = endpoint.request.safeParse(body)
    if (!request.success) {
      throw PaylinkInvalidRequestError.fromIssues(ctx, issuesFromZod(request.error))
    }

    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      accept: "application/json",
      "User-Agent": USER_AGENT,
    }
    const sentToken = token?.trim() ?? ""
    if (endpoint.requiresToken) {
      if (!sentToken) {
        throw PaylinkAuthenticationError.missingToken(ctx)
      }
      if (!isHeaderValue(sentToken)) {
        throw PaylinkAuthenticationError.invalidToken(ctx)
      }
      headers["X-Token"] = sentToken
    }

    const secrets = secretsOf(endpoint.requiresToken ? [token, sentToken] : [], request.data)
    const answer = await this.sendWithConnectRetries(ctx, this.urlOf(name), JSON.stringify(request.data), headers)
    return interpretAnswer(endpoint, ctx, answer, secrets) as ResponseOf<N>
  }

  /**
   * Retries only a refused connection: then the request never left this process. A timeout, a
   * reset or any HTTP answer may mean the service received the POST, and without an idempotency
   * key a second checkout POST could create a second payment link.
   */
  private async sendWithConnectRetries(
    ctx: PaylinkErrorContext,
    url: string,
    payload: string,
    headers: Record<string, string>
  ): Promise<HttpAnswer> {
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.sendOnce(url, payload, headers)
      if (outcome.kind === "answer") {
        return outcome
      }
      if (!outcome.refused || attempt >= this.connectRetries) {
        throw PaylinkUnavailableError.because(ctx, outcome.cause, { outcomeUnknown: outcome.mayHaveArrived })
      }
      await sleep(CONNECT_BACKOFF_MS[Math.min(attempt, CONNECT_BACKOFF_MS.length - 1)])
    }
  }

  private async sendOnce(url: string, payload: string, headers: Record<string, string>): Promise<SendOutcome> {
    // axios's own `timeout` is a socket idle timer; this abort makes `timeoutMs` a hard deadline
    // even for an answer that trickles in.
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(), this.timeoutMs)
    try {
      const response = await this.http.request<unknown>({
        method: "POST",
        url,
        data: payload,
        headers,
        timeout: this.timeoutMs,
        signal: deadline.signal,
        transitional: { clarifyTimeoutError: true },
        // Status and JSON are judged here, so that a 4xx/5xx or a broken body is a typed error.
        validateStatus: () => true,
        responseType: "text",
        transformRequest: [(data: unknown) => data],
        transformResponse: [(data: unknown) => data],
        maxContentLength: MAX_ANSWER_BYTES,
        maxRedirects: 0,
        proxy: false,
      })
      return { kind: "answer", status: response.status, data: response.data }
    } catch (err) {
      // Only a sanitized description leaves this block: the axios error holds the headers.
      return describeNetworkFailure(err, deadline.signal.aborted, this.timeoutMs)
    } finally {
      clearTimeout(timer)
    }
  }
}

type HttpAnswer = { kind: "answer"; status: number; data: unknown }
/** `mayHaveArrived`: the POST may have reached the service (anything but a refused or unresolved connection). */
type SendOutcome = HttpAnswer | { kind: "no_answer"; refused: boolean; mayHaveArrived: boolean; cause: string }

function interpretAnswer(endpoint: Endpoint, ctx: PaylinkErrorContext, answer: HttpAnswer, secrets: string[]): unknown {
  const { status } = answer
  if (status >= 200 && status < 300) {
    const json = parseJson(answer.data)
    if (!json.ok) {
      throw PaylinkUnavailableError.because(ctx, "malformed JSON in the answer", { status, outcomeUnknown: true })
    }
    const parsed = endpoint.response.safeParse(json.value)
    if (!parsed.success) {
      const issues = issuesFromZod(parsed.error)
      throw PaylinkUnavailableError.because(ctx, `unexpected answer: ${formatIssues(issues)}`, { status, issues, outcomeUnknown: true })
    }
    return parsed.data
  }
  if (status === 400) {
    throw PaylinkInvalidRequestError.fromAnswer(ctx, serviceMessage(answer.data, secrets))
  }
  if (status === 401) {
    throw PaylinkAuthenticationError.rejected(ctx, endpoint.requiresToken)
  }
  throw PaylinkUnavailableError.because(ctx, `HTTP ${status}`, { status })
}

function parseJson(data: unknown): { ok: true; value: unknown } | { ok: false } {
  const text = typeof data === "string" ? data : Buffer.isBuffer(data) ? data.toString("utf8") : undefined
  if (text === undefined) {
    // An injected client that already decoded the body.
    return data === undefined || data === null ? { ok: false } : { ok: true, value: data }
  }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/**
 * The `message` of an error body (spec section 7 leaves the shape open; `{ message }` is the
 * common one), made safe for a log line: secrets we sent are blanked in case the service echoes
 * them, control characters are dropped and the length is bounded.
 */
function serviceMessage(data: unknown, secrets: string[]): string | undefined {
  const json = parseJson(data)
  if (!json.ok || typeof json.value !== "object" || json.value === null) {
    return undefined
  }
  const body = json.value as { message?: unknown; error?: unknown }
  const raw =
    typeof body.message === "string"
      ? body.message
      : Array.isArray(body.message) && body.message.every((m) => typeof m === "string")
        ? body.message.join("; ")
        : typeof body.error === "string"
          ? body.error
          : undefined
  if (raw === undefined) {
    return undefined
  }
  let text = raw
  for (const secret of secrets) {
    text = text.split(secret).join("[redacted]")
  }
  text = text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim()
  if (text.length > MAX_SERVICE_MESSAGE_CHARS) {
    text = `${text.slice(0, MAX_SERVICE_MESSAGE_CHARS)}…`
  }
  return text || undefined
}

/** Strings that must never be repeated back in an error: the token and a setup password. */
/** What must never be echoed back: tokens, the setup password, the loyalty card number. */
function secretsOf(tokens: (string | undefined)[], body: unknown): string[] {
  const { password, card } = body as { password?: unknown; card?: unknown }
  const text = (v: unknown) => (typeof v === "string" ? v : undefined)
  const found = [...tokens, text(password), text(card)]
  return [...new Set(found.filter((s): s is string => typeof s === "string" && s.length > 0))]
}

function describeNetworkFailure(err: unknown, deadlineHit: boolean, timeoutMs: number): SendOutcome {
  const code = networkErrorCode(err)
  const noAnswer = (cause: string, refused = false, mayHaveArrived = !refused): SendOutcome => ({
    kind: "no_answer",
    refused,
    mayHaveArrived,
    cause,
  })
  if (deadlineHit || code === "ETIMEDOUT" || code === "ECONNABORTED") {
    return noAnswer(`no answer within ${timeoutMs} ms`)
  }
  switch (code) {
    case "ECONNREFUSED":
      return noAnswer("connection refused", true)
    case "ECONNRESET":
    case "EPIPE":
      return noAnswer("connection reset")
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return noAnswer("host not found", false, false)
    case "ERR_BAD_RESPONSE":
      return noAnswer("the answer could not be read (too large or broken)")
    case undefined:
      return noAnswer("network error")
    default:
      return noAnswer(`network error (${code})`)
  }
}

/**
 * The error code of a failed request: axios copies it from Node's error, and a dual-stack
 * connection failure (AggregateError) keeps it on the inner errors. Only a code-shaped string is
 * returned, never anything else from the error.
 */
function networkErrorCode(err: unknown): string | undefined {
  const codeOf = (e: unknown): string | undefined => {
    const code = typeof e === "object" && e !== null ? (e as { code?: unknown }).code : undefined
    return typeof code === "string" && /^[A-Z0-9_]{1,40}$/.test(code) ? code : undefined
  }
  const cause = typeof err === "object" && err !== null ? (err as { cause?: unknown }).cause : undefined
  const inner =
    typeof cause === "object" && cause !== null ? (cause as { errors?: unknown }).errors : undefined
  return codeOf(err) ?? codeOf(cause) ?? (Array.isArray(inner) ? codeOf(inner[0]) : undefined)
}

function normalizeBaseUrl(baseUrl: string): string {
  let parsed: URL
  try {
    parsed = new URL(baseUrl)
  } catch {
    throw new TypeError("PaylinkClient: baseUrl must be an absolute http(s) URL")
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new TypeError("PaylinkClient: baseUrl must be an absolute http(s) URL")
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, "")}`
}

function isPathSegment(segment: string): boolean {
  return segment !== "" && segment !== "." && segment !== ".." && /^[A-Za-z0-9._~-]+$/.test(segment)
}

/** Printable ASCII only: Node refuses other header bytes with an error that looks like a network one. */
function isHeaderValue(value: string): boolean {
  return /^[\x20-\x7e]+$/.test(value)
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
