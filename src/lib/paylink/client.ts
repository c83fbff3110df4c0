/**
 * Client of the payment-link service (docs/service.md §4): which path and token each endpoint takes,
 * every body checked against its schema both ways, and what must never be echoed. Sending and
 * error mapping are the transport's (transport.ts). No Medusa import; it never logs.
 */
import type { AxiosInstance } from "axios"
import {
  ENDPOINTS,
  endpointPath,
  resolvePathSegments,
  type Endpoint,
  type EndpointName,
  type PathSegments,
  type RequestOf,
  type ResponseOf,
} from "./endpoints"
import {
  PaylinkAuthenticationError,
  PaylinkInvalidRequestError,
  type PaylinkErrorContext,
} from "./errors"
import { issuesFromZod } from "./issues"
import { PaylinkTransport, type AnswerParser } from "./transport"

export {
  DEFAULT_CONNECT_RETRIES,
  DEFAULT_TIMEOUT_MS,
  getHttpClient,
} from "./transport"

export type PaylinkClientOptions = {
  /** e.g. "https://api.example.com"; a path prefix is kept. */
  baseUrl: string
  timeoutMs?: number
  /** Literal path segments; defaults fill the rest. */
  paths?: Partial<PathSegments>
  /** By default the shared keep-alive one for `baseUrl`. */
  http?: AxiosInstance
  connectRetries?: number
}

export class PaylinkClient {
  readonly baseUrl: string
  private readonly segments: PathSegments
  private readonly transport: PaylinkTransport

  constructor(options: PaylinkClientOptions) {
    this.transport = new PaylinkTransport(options)
    this.baseUrl = this.transport.baseUrl
    this.segments = resolvePathSegments(options.paths, "PaylinkClient")
  }

  // Named methods for callers; providers use `call` with their endpoint, so a new gateway needs none.

  /** Endpoint 1: gateway A hosted single checkout (docs/service.md §4.1). */
  createGatewayACheckout(
    token: string,
    body: RequestOf<"gatewayASingle">
  ): Promise<ResponseOf<"gatewayASingle">> {
    return this.call("gatewayASingle", body, token)
  }

  /** Endpoint 2: gateway A hosted subscription checkout (docs/service.md §4.2). */
  createSubscriptionCheckout(
    token: string,
    body: RequestOf<"gatewayASubscription">
  ): Promise<ResponseOf<"gatewayASubscription">> {
    return this.call("gatewayASubscription", body, token)
  }

  /** Endpoint 3: gateway B hosted single checkout (docs/service.md §4.3). */
  createGatewayBCheckout(
    token: string,
    body: RequestOf<"gatewayB">
  ): Promise<ResponseOf<"gatewayB">> {
    return this.call("gatewayB", body, token)
  }

  /** Endpoint 4: gateway C hosted single checkout (docs/service.md §4.4). */
  createGatewayCCheckout(
    token: string,
    body: RequestOf<"gatewayC">
  ): Promise<ResponseOf<"gatewayC">> {
    return this.call("gatewayC", body, token)
  }

  /** Endpoint 5: apply a benefit discount with a loyalty card (docs/service.md §4.5). */
  applyDiscount(
    token: string,
    body: RequestOf<"discount">
  ): Promise<ResponseOf<"discount">> {
    return this.call("discount", body, token)
  }

  /** Endpoint 6: exchange the benefits program credentials for a token (docs/service.md §4.6). */
  setup(body: RequestOf<"setup">): Promise<ResponseOf<"setup">> {
    return this.call("setup", body)
  }

  urlOf(name: EndpointName): string {
    return `${this.baseUrl}${endpointPath(name, this.segments)}`
  }

  /**
   * A checkout endpoint called without `X-Token` answers 401 (docs/service.md §3.3); an empty body
   * and no token cannot create anything. Never throws.
   */
  async probeWithoutToken(name: EndpointName): Promise<{
    outcome: "rejected" | "answered" | "unreachable"
    status: number | null
    cause?: string
  }> {
    const endpoint: Endpoint = ENDPOINTS[name]
    const ctx: PaylinkErrorContext = { endpoint: name, label: endpoint.label }
    try {
      await this.transport.post({
        ctx,
        path: endpointPath(name, this.segments),
        body: {},
        secrets: [],
        parseAnswer: () => ({ success: true, data: null }),
      })
      return { outcome: "answered", status: null, cause: "a success status" }
    } catch (error) {
      const status = (error as { status?: number }).status ?? null
      if (status === 401) return { outcome: "rejected", status }
      if (status !== null) return { outcome: "answered", status }
      return {
        outcome: "unreachable",
        status: null,
        cause: error instanceof Error ? error.message : String(error),
      }
    }
  }

  /** Throws PaylinkInvalidRequestError (schema or 400), PaylinkAuthenticationError (no token or 401) or PaylinkUnavailableError. */
  async call<N extends EndpointName>(
    name: N,
    body: RequestOf<N>,
    token?: string
  ): Promise<ResponseOf<N>> {
    const endpoint: Endpoint | undefined = ENDPOINTS[name]
    if (!endpoint) {
      throw new TypeError(
        `PaylinkClient: unknown endpoint ${JSON.stringify(name)}`
      )
    }
    const ctx: PaylinkErrorContext = { endpoint: name, label: endpoint.label }

    const request = endpoint.request.safeParse(body)
    if (!request.success) {
      throw PaylinkInvalidRequestError.fromIssues(
        ctx,
        issuesFromZod(request.error)
      )
    }

    // The setup call is made without a token (docs/service.md §3); the others need one.
    const sentToken = token?.trim() ?? ""
    if (endpoint.requiresToken && !sentToken) {
      throw PaylinkAuthenticationError.missingToken(ctx)
    }

    const parseAnswer = ((json: unknown) =>
      endpoint.response.safeParse(json)) as AnswerParser<ResponseOf<N>>
    return this.transport.post({
      ctx,
      path: endpointPath(name, this.segments),
      body: request.data,
      token: endpoint.requiresToken ? sentToken : undefined,
      secrets: secretsOf(
        endpoint.requiresToken ? [token, sentToken] : [],
        request.data
      ),
      parseAnswer,
    })
  }
}

/** What must never be echoed back: tokens, the setup password, the loyalty card number. */
function secretsOf(tokens: (string | undefined)[], body: unknown): string[] {
  const { password, card } = body as { password?: unknown; card?: unknown }
  const text = (v: unknown) => (typeof v === "string" ? v : undefined)
  const found = [...tokens, text(password), text(card)]
  return [
    ...new Set(
      found.filter((s): s is string => typeof s === "string" && s.length > 0)
    ),
  ]
}
