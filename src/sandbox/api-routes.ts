/**
 * The six endpoints of the service (docs/service.md §4). Order of checks, per call: route, injected
 * fault, token, body format, schema, cross-field rules. Auth comes before the body so that a call
 * without a token is a 401 whatever it carries (docs/service.md §3.3).
 */
import type { Request, Response } from "express"
import {
  ENDPOINTS,
  type EndpointName,
  type RequestOf,
} from "../lib/paylink/endpoints"
import { GATEWAY_DEFINITIONS } from "../lib/paylink/gateways"
import { createCheckout } from "./checkouts"
import { answerLate, sendFault, type FaultQueue } from "./faults"
import { newAuthorizationCode, newConfirmationCode } from "./ids"
import type { SandboxConfig } from "./options"
import { rawBodyText } from "./recorder"
import {
  checkoutRuleErrors,
  discountRuleErrors,
  isCheckoutEndpoint,
} from "./rules"
import type { SandboxStore } from "./store"
import {
  BODY_PATH,
  issuesToErrors,
  sendBadRequest,
  sendUnauthorized,
} from "./validation"

export type ApiContext = {
  config: SandboxConfig
  store: SandboxStore
  faults: FaultQueue
  hostedUrl: (id: string) => string
  now: () => Date
}

/** Which gateway's token a checkout endpoint takes (the benefits program issues its own). */
const GATEWAY_TOKEN: Partial<
  Record<EndpointName, keyof SandboxConfig["tokens"]>
> = Object.fromEntries(GATEWAY_DEFINITIONS.map((d) => [d.endpoint, d.pathKey]))

/** Endpoint at a path, regardless of method. Paths are matched exactly: no trailing slash, case. */
export function endpointAtPath(
  config: SandboxConfig
): (path: string) => EndpointName | null {
  const byPath = new Map<string, EndpointName>()
  for (const [name, path] of Object.entries(config.endpointPaths))
    byPath.set(path, name as EndpointName)
  return (path) => byPath.get(path) ?? null
}

export function apiHandler(ctx: ApiContext) {
  const atPath = endpointAtPath(ctx.config)
  return (req: Request, res: Response) => {
    const name = atPath(req.path)
    if (!name) {
      res.status(404).json({ message: `Not found: ${req.method} ${req.path}` })
      return
    }
    if (req.method !== "POST") {
      res
        .set("Allow", "POST")
        .status(405)
        .json({ message: `Method not allowed: ${req.method}; use POST` })
      return
    }
    const fault = ctx.faults.take(name)
    const answeredLate = fault === "late"
    if (answeredLate) {
      answerLate(res)
    } else if (fault) {
      sendFault(res, fault)
      return
    }
    if (
      ENDPOINTS[name].requiresToken &&
      !isAuthorized(ctx, name, req.get("x-token"))
    ) {
      sendUnauthorized(res)
      return
    }
    const body = readJsonBody(req, res)
    if (body === NO_BODY) return

    if (name === "setup") return handleSetup(ctx, body, res)

    const parsed = ENDPOINTS[name].request.safeParse(body)
    if (!parsed.success) {
      sendBadRequest(res, issuesToErrors(parsed.error, body))
      return
    }
    if (name === "discount")
      return handleDiscount(
        ctx,
        parsed.data as RequestOf<"discount">,
        answeredLate,
        res
      )
    if (isCheckoutEndpoint(name)) {
      const request = parsed.data as RequestOf<typeof name>
      const problems = checkoutRuleErrors(name, request)
      if (problems.length) {
        sendBadRequest(res, problems)
        return
      }
      const now = ctx.now()
      const checkout = createCheckout(name, request, {
        now,
        ttlMs: ctx.config.checkoutTtlMs,
        hostedUrl: ctx.hostedUrl,
        isTaken: (id) => ctx.store.checkouts.has(id),
        answeredLate,
      })
      ctx.store.addCheckout(checkout)
      res.status(ENDPOINTS[name].successStatus).json(checkout.response)
    }
  }
}

function isAuthorized(
  ctx: ApiContext,
  name: EndpointName,
  token: string | undefined
): boolean {
  if (!token) return false
  const gateway = GATEWAY_TOKEN[name]
  if (gateway) return token === ctx.config.tokens[gateway]
  return ctx.store.isBenefitsTokenValid(token)
}

const NO_BODY = Symbol("no body")

/** NO_BODY after answering 400. */
function readJsonBody(req: Request, res: Response): unknown {
  const text = rawBodyText(req)
  if (text.trim() === "") {
    sendBadRequest(res, [
      { path: BODY_PATH, message: "is required (a JSON object)" },
    ])
    return NO_BODY
  }
  if (!req.is("application/json")) {
    sendBadRequest(res, [
      {
        path: BODY_PATH,
        message: "must be sent with Content-Type: application/json",
      },
    ])
    return NO_BODY
  }
  try {
    return JSON.parse(text)
  } catch {
    sendBadRequest(res, [{ path: BODY_PATH, message: "must be valid JSON" }])
    return NO_BODY
  }
}

/**
 * Credentials not sent are a 401, not a 400 (docs/service.md §3.3). A field counts as not sent
 * when it is absent, null or blank; a field sent with the wrong type is malformed data, a 400.
 */
function handleSetup(ctx: ApiContext, body: unknown, res: Response): void {
  if (body !== null && typeof body === "object" && !Array.isArray(body)) {
    const fields = body as Record<string, unknown>
    const notSent = (v: unknown) =>
      v === undefined ||
      v === null ||
      (typeof v === "string" && v.trim() === "")
    if (
      notSent(fields.user) ||
      notSent(fields.password) ||
      notSent(fields.branch)
    ) {
      sendUnauthorized(res)
      return
    }
  }
  const parsed = ENDPOINTS.setup.request.safeParse(body)
  if (!parsed.success) {
    sendBadRequest(res, issuesToErrors(parsed.error, body))
    return
  }
  // Compared as sent, not as trimmed by the schema: " sandbox" is a different user.
  const sent = body as { user: string; password: string; branch: number }
  const expected = ctx.config.benefits
  if (
    sent.user !== expected.user ||
    sent.password !== expected.password ||
    sent.branch !== expected.branch
  ) {
    sendUnauthorized(res)
    return
  }
  res
    .status(ENDPOINTS.setup.successStatus)
    .json({ token: ctx.store.issueBenefitsToken() })
}

function handleDiscount(
  ctx: ApiContext,
  request: RequestOf<"discount">,
  answeredLate: boolean,
  res: Response
): void {
  const problems = discountRuleErrors(request)
  if (problems.length) {
    sendBadRequest(res, problems)
    return
  }
  const codes = {
    authorization: newAuthorizationCode(),
    confirmation: newConfirmationCode(),
  }
  ctx.store.addDiscount({
    ...codes,
    cardLast4: request.card.replace(/\D/g, "").slice(-4),
    discount: String(request.discount),
    total: String(request.total),
    at: ctx.now().toISOString(),
    answeredLate,
  })
  res.status(ENDPOINTS.discount.successStatus).json(codes)
}
