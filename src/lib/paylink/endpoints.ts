/**
 * The six endpoints of the service (docs/service.md §4) as data: path, schemas, success status and
 * whether `X-Token` is required, read by the client and the sandbox alike.
 */
import type { z } from "zod"
import {
  GATEWAY_DEFINITIONS,
  GATEWAY_PATHS,
  type CheckoutEndpointName,
  type GatewayPathKey,
} from "./gateways"
import {
  CHECKOUT_SCHEMAS,
  discountRequestSchema,
  discountResponseSchema,
  setupRequestSchema,
  setupResponseSchema,
} from "./schemas"
import {
  isPathSegment,
  PATH_SEGMENT_PATTERN,
  PATH_SEGMENT_RULE,
} from "./path-segment"

/**
 * The literal path segments, whose real values are not published (docs/service.md §2.1), one per
 * gateway (gateways.ts) and the benefits program's; every one is settable in options.
 */
export type PathSegments = Record<GatewayPathKey, string> & { benefits: string }

export const DEFAULT_PATH_SEGMENTS: PathSegments = {
  ...(Object.fromEntries(
    GATEWAY_PATHS.map((p) => [p.key, p.defaultSegment])
  ) as Record<GatewayPathKey, string>),
  benefits: "benefits_program",
}

export { isPathSegment, PATH_SEGMENT_PATTERN, PATH_SEGMENT_RULE }

/** The defaults with the given segments over them; a TypeError prefixed with `owner` for a bad one. */
export function resolvePathSegments(
  paths: Partial<PathSegments> | undefined,
  owner: string
): PathSegments {
  const segments: PathSegments = { ...DEFAULT_PATH_SEGMENTS }
  for (const [key, segment] of Object.entries(paths ?? {}) as [
    keyof PathSegments,
    unknown,
  ][]) {
    if (segment === undefined) continue
    if (!isPathSegment(segment)) {
      throw new TypeError(
        `${owner}: paths.${key} must be ${PATH_SEGMENT_RULE}, got ${JSON.stringify(segment)}`
      )
    }
    segments[key] = segment
  }
  return segments
}

export type EndpointName = CheckoutEndpointName | "discount" | "setup"

export type Endpoint<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> = {
  name: EndpointName
  segment: keyof PathSegments
  path: (segment: string) => string
  request: Req
  response: Res
  successStatus: 200 | 201
  requiresToken: boolean
  label: string
}

function endpoint<Req extends z.ZodType, Res extends z.ZodType>(
  e: Endpoint<Req, Res>
) {
  return e
}

type CheckoutSchemas = typeof CHECKOUT_SCHEMAS
type CheckoutEndpoints = {
  [N in CheckoutEndpointName]: Endpoint<
    CheckoutSchemas[N]["request"],
    CheckoutSchemas[N]["response"]
  >
}

const CHECKOUT_ENDPOINTS = Object.fromEntries(
  GATEWAY_DEFINITIONS.map((d) => [
    d.endpoint,
    endpoint({
      name: d.endpoint,
      segment: d.pathKey,
      path: (s) => `/pay/v2/${s}/checkouts/hosted/${d.hosted}`,
      request: CHECKOUT_SCHEMAS[d.endpoint].request,
      response: CHECKOUT_SCHEMAS[d.endpoint].response,
      successStatus: 201,
      requiresToken: true,
      label: d.label,
    }),
  ])
) as CheckoutEndpoints

export const ENDPOINTS = {
  ...CHECKOUT_ENDPOINTS,
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
export function endpointPath(
  name: EndpointName,
  segments: PathSegments
): string {
  const endpoint: Endpoint = ENDPOINTS[name]
  return endpoint.path(segments[endpoint.segment])
}

export type Endpoints = typeof ENDPOINTS
export type RequestOf<N extends EndpointName> = z.infer<Endpoints[N]["request"]>
export type ResponseOf<N extends EndpointName> = z.infer<
  Endpoints[N]["response"]
>
