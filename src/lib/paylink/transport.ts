/**
 * How one JSON POST to the service is sent and how its outcome becomes a value or a typed error.
 * It knows HTTP, not the endpoints (client.ts), and never logs
 * (docs/architecture.md#the-service-client).
 */
import http from "node:http"
import https from "node:https"
import axios, { type AxiosInstance } from "axios"
import {
  PaylinkAuthenticationError,
  PaylinkInvalidRequestError,
  PaylinkUnavailableError,
  type PaylinkErrorContext,
} from "./errors"
import { formatIssues, issuesFromZod, type ZodErrorLike } from "./issues"
import {
  describeNetworkFailure,
  isHeaderValue,
  parseJson,
  serviceMessage,
  type HttpAnswer,
  type SendOutcome,
} from "./outcome"

export const DEFAULT_TIMEOUT_MS = 10_000
export const DEFAULT_CONNECT_RETRIES = 2

/** Waits before each retry after a refused connection; the last value repeats. */
const CONNECT_BACKOFF_MS = [100, 300, 900] as const

/** The documented answers are a few hundred bytes; anything near this is not the service. */
const MAX_ANSWER_BYTES = 1_000_000

const USER_AGENT = "medusa-plugin-paylink"

export type TransportOptions = {
  /** Address of the service, e.g. "https://api.example.com"; a path prefix is kept. */
  baseUrl: string
  /** Deadline of one request, connection included. */
  timeoutMs?: number
  /** HTTP client to send with; by default the shared keep-alive one for `baseUrl`. */
  http?: AxiosInstance
  /** Extra attempts after a refused connection (nothing was sent, so retrying is safe). */
  connectRetries?: number
}

/** What a 2xx body is checked with: zod's `safeParse` shape. */
export type AnswerParser<T> = (
  json: unknown
) => { success: true; data: T } | { success: false; error: ZodErrorLike }

export type TransportRequest<T> = {
  ctx: PaylinkErrorContext
  path: string
  body: unknown
  /** Sent as `X-Token` when given; a 401 then blames the token, otherwise the credentials. */
  token?: string
  /** Text to blank from a service message, in this order (the token is added). */
  secrets: readonly string[]
  parseAnswer: AnswerParser<T>
}

const httpClients = new Map<string, AxiosInstance>()

/** One axios instance per base URL, so every client of that service shares its keep-alive sockets. */
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

export class PaylinkTransport {
  /** No trailing slash. */
  readonly baseUrl: string
  private readonly timeoutMs: number
  private readonly connectRetries: number
  private readonly http: AxiosInstance

  constructor(options: TransportOptions) {
    this.baseUrl = normalizeBaseUrl(options.baseUrl)
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    if (!Number.isInteger(this.timeoutMs) || this.timeoutMs <= 0) {
      throw new TypeError(
        "PaylinkClient: timeoutMs must be a positive integer of milliseconds"
      )
    }
    this.connectRetries = options.connectRetries ?? DEFAULT_CONNECT_RETRIES
    if (!Number.isInteger(this.connectRetries) || this.connectRetries < 0) {
      throw new TypeError(
        "PaylinkClient: connectRetries must be a non-negative integer"
      )
    }
    this.http = options.http ?? getHttpClient(this.baseUrl)
  }

  /** The checked 2xx answer; 400, 401 and anything else are each their own error class. */
  async post<T>(request: TransportRequest<T>): Promise<T> {
    const { ctx, token } = request
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      accept: "application/json",
      "User-Agent": USER_AGENT,
    }
    if (token !== undefined) {
      if (!isHeaderValue(token)) {
        throw PaylinkAuthenticationError.invalidToken(ctx)
      }
      headers["X-Token"] = token
    }
    const { status, data } = await this.sendWithConnectRetries(
      ctx,
      `${this.baseUrl}${request.path}`,
      JSON.stringify(request.body),
      headers
    )

    if (status >= 200 && status < 300) {
      // From here on the service has acted on the POST; an answer we cannot read hides the result.
      const json = parseJson(data)
      if (!json.ok) {
        throw PaylinkUnavailableError.because(
          ctx,
          "malformed JSON in the answer",
          { status, outcomeUnknown: true }
        )
      }
      const parsed = request.parseAnswer(json.value)
      if (!parsed.success) {
        const issues = issuesFromZod(parsed.error)
        throw PaylinkUnavailableError.because(
          ctx,
          `unexpected answer: ${formatIssues(issues)}`,
          { status, issues, outcomeUnknown: true }
        )
      }
      return parsed.data
    }
    if (status === 400) {
      const secrets =
        token === undefined
          ? request.secrets
          : [...new Set([...request.secrets, token])]
      throw PaylinkInvalidRequestError.fromAnswer(
        ctx,
        serviceMessage(data, secrets)
      )
    }
    if (status === 401) {
      throw PaylinkAuthenticationError.rejected(ctx, token !== undefined)
    }
    throw PaylinkUnavailableError.because(ctx, `HTTP ${status}`, { status })
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
        throw PaylinkUnavailableError.because(ctx, outcome.cause, {
          outcomeUnknown: outcome.mayHaveArrived,
        })
      }
      await sleep(
        CONNECT_BACKOFF_MS[Math.min(attempt, CONNECT_BACKOFF_MS.length - 1)]
      )
    }
  }

  private async sendOnce(
    url: string,
    payload: string,
    headers: Record<string, string>
  ): Promise<SendOutcome> {
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
        // Status and JSON are judged in `post`, so that a 4xx/5xx or a broken body is a typed error.
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
      return describeNetworkFailure(
        err,
        deadline.signal.aborted,
        this.timeoutMs
      )
    } finally {
      clearTimeout(timer)
    }
  }
}

function normalizeBaseUrl(baseUrl: string): string {
  let parsed: URL
  try {
    parsed = new URL(baseUrl)
  } catch {
    throw new TypeError(
      "PaylinkClient: baseUrl must be an absolute http(s) URL"
    )
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new TypeError(
      "PaylinkClient: baseUrl must be an absolute http(s) URL"
    )
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, "")}`
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
