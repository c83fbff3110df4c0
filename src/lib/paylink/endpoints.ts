/**
 * The six endpoints of the service (spec section 4) as data: path, schemas, success status and
 * whether `X-Token` is required. The client and the sandbox both read this table, so a path or a
 * status is written once.
 */
import type { z } from "@medusajs/framework/zod"
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

/** The literal path segments the spec leaves unnamed; every one is settable in options. */
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

export type Endpoints = typeof ENDPOINTS
export type RequestOf<N extends EndpointName> = z.infer<Endpoints[N]["request"]>
export type ResponseOf<N extends EndpointName> = z.infer<Endpoints[N]["response"]>
