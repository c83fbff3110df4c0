/**
 * The six endpoints of the service (docs/service.md §4) as data: path, schemas, success status and
 * whether `X-Token` is required. The client and the sandbox both read this table, so a path or a
 * status is written once.
 */
import type { z } from "zod"
import {
  discountRequestSchema,
  discountResponseSchema,
  gatewayASingleRequestSchema,
  gatewayASingleResponseSchema,
  gatewayBRequestSchema,
  gatewayBResponseSchema,
  gatewayCRequestSchema,
  gatewayCResponseSchema,
  setupRequestSchema,
  setupResponseSchema,
  subscriptionRequestSchema,
  subscriptionResponseSchema,
} from "./schemas"

/** The literal path segments, whose real values are not published (docs/service.md §2.1): each is settable. */
export type PathSegments = {
  gatewayA: string
  gatewayB: string
  gatewayC: string
  benefits: string
}

export const DEFAULT_PATH_SEGMENTS: PathSegments = {
  gatewayA: "gateway_a",
  gatewayB: "gateway_b",
  gatewayC: "gateway_c",
  benefits: "benefits_program",
}

/**
 * One literal URL path segment: unreserved characters only (nothing to escape, no "/"), and not
 * "." or "..", which a URL parser would resolve away. Every check of a configured segment (the
 * client, the sandbox, the plugin and provider options) uses this one pattern.
 */
export const PATH_SEGMENT_PATTERN = /^(?!\.{1,2}$)[A-Za-z0-9._~-]+$/

/** The rule in words, for error messages: "paths.gatewayA must be <this>". */
export const PATH_SEGMENT_RULE = "one URL path segment (letters, digits, . _ ~ -)"

export function isPathSegment(value: unknown): value is string {
  return typeof value === "string" && PATH_SEGMENT_PATTERN.test(value)
}

/**
 * The defaults with the given segments over them (an undefined one keeps its default). Throws a
 * TypeError prefixed with `owner` when a segment is not one URL path segment.
 */
export function resolvePathSegments(paths: Partial<PathSegments> | undefined, owner: string): PathSegments {
  const segments: PathSegments = { ...DEFAULT_PATH_SEGMENTS }
  for (const [key, segment] of Object.entries(paths ?? {}) as [keyof PathSegments, unknown][]) {
    if (segment === undefined) continue
    if (!isPathSegment(segment)) {
      throw new TypeError(`${owner}: paths.${key} must be ${PATH_SEGMENT_RULE}, got ${JSON.stringify(segment)}`)
    }
    segments[key] = segment
  }
  return segments
}

export type EndpointName =
  | "gatewayASingle"
  | "gatewayASubscription"
  | "gatewayB"
  | "gatewayC"
  | "discount"
  | "setup"

export type Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> = {
  name: EndpointName
  /** Which path segment the endpoint lives under. */
  segment: keyof PathSegments
  path: (segment: string) => string
  request: Req
  response: Res
  successStatus: 200 | 201
  requiresToken: boolean
  /** What the endpoint is called in error messages. */
  label: string
}

function endpoint<Req extends z.ZodType, Res extends z.ZodType>(e: Endpoint<Req, Res>) {
  return e
}

export const ENDPOINTS = {
  gatewayASingle: endpoint({
    name: "gatewayASingle",
    segment: "gatewayA",
    path: (s) => `/pay/v2/${s}/checkouts/hosted/single`,
    request: gatewayASingleRequestSchema,
    response: gatewayASingleResponseSchema,
    successStatus: 201,
    requiresToken: true,
    label: "gateway A",
  }),
  gatewayASubscription: endpoint({
    name: "gatewayASubscription",
    segment: "gatewayA",
    path: (s) => `/pay/v2/${s}/checkouts/hosted/subscription`,
    request: subscriptionRequestSchema,
    response: subscriptionResponseSchema,
    successStatus: 201,
    requiresToken: true,
    label: "gateway A (subscription)",
  }),
  gatewayB: endpoint({
    name: "gatewayB",
    segment: "gatewayB",
    path: (s) => `/pay/v2/${s}/checkouts/hosted/single`,
    request: gatewayBRequestSchema,
    response: gatewayBResponseSchema,
    successStatus: 201,
    requiresToken: true,
    label: "gateway B",
  }),
  gatewayC: endpoint({
    name: "gatewayC",
    segment: "gatewayC",
    path: (s) => `/pay/v2/${s}/checkouts/hosted/single`,
    request: gatewayCRequestSchema,
    response: gatewayCResponseSchema,
    successStatus: 201,
    requiresToken: true,
    label: "gateway C",
  }),
  discount: endpoint({
    name: "discount",
    segment: "benefits",
    path: (s) => `/benefits/v2/${s}/discounts`,
    request: discountRequestSchema,
    response: discountResponseSchema,
    successStatus: 201,
    requiresToken: true,
    label: "benefits program",
  }),
  setup: endpoint({
    name: "setup",
    segment: "benefits",
    path: (s) => `/benefits/v2/${s}/setup`,
    request: setupRequestSchema,
    response: setupResponseSchema,
    successStatus: 200,
    requiresToken: false,
    label: "benefits program setup",
  }),
} as const

/** The path of an endpoint under the base address, e.g. "/pay/v2/gateway_a/checkouts/hosted/single". */
export function endpointPath(name: EndpointName, segments: PathSegments): string {
  const endpoint: Endpoint = ENDPOINTS[name]
  return endpoint.path(segments[endpoint.segment])
}

export type Endpoints = typeof ENDPOINTS
export type RequestOf<N extends EndpointName> = z.infer<Endpoints[N]["request"]>
export type ResponseOf<N extends EndpointName> = z.infer<Endpoints[N]["response"]>
