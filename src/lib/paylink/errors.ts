/**
 * Typed errors of the payment-link client, one class per thing the caller can do: fix the request,
 * fix the credentials, or try later (chosen from the HTTP status, as stripe-node does). They reach
 * logs and answers, so they hold only text built or sanitized here, never a token or axios object.
 */
import type { EndpointName } from "./endpoints"
import { formatIssues, type PaylinkIssue } from "./issues"

export { formatIssues, issuesFromZod, type PaylinkIssue } from "./issues"

export type PaylinkErrorKind =
  "invalid_request" | "authentication" | "unavailable"

export type PaylinkErrorContext = { endpoint: EndpointName; label: string }

type PaylinkErrorInit = PaylinkErrorContext & {
  status?: number
  issues?: PaylinkIssue[]
  /** The request may have reached the service (timeout, reset, unreadable 2xx): a checkout may exist. */
  outcomeUnknown?: boolean
  /** Sanitized text, never the underlying error object. */
  cause?: string
}

/** Marks instances even across two loaded copies of this module (source and compiled build). */
const PAYLINK_ERROR_BRAND = Symbol.for("medusa-plugin-paylink.PaylinkError")

export class PaylinkError extends Error {
  readonly kind: PaylinkErrorKind
  readonly endpoint: EndpointName
  readonly label: string
  // `declare`: an absent status is absent from the object, not an own `undefined` property.
  declare readonly status?: number
  declare readonly issues?: PaylinkIssue[]
  declare readonly outcomeUnknown?: boolean

  constructor(kind: PaylinkErrorKind, message: string, init: PaylinkErrorInit) {
    super(message)
    if (init.cause !== undefined) {
      // Non-enumerable, as `new Error(message, { cause })` would make it (that form needs ES2022 lib).
      Object.defineProperty(this, "cause", {
        value: init.cause,
        enumerable: false,
        configurable: true,
        writable: true,
      })
    }
    // Non-enumerable like Error's own `name`, so JSON output shows only the fields below.
    Object.defineProperty(this, "name", {
      value: new.target.name,
      enumerable: false,
      configurable: true,
    })
    this.kind = kind
    this.endpoint = init.endpoint
    this.label = init.label
    if (init.status !== undefined) {
      this.status = init.status
    }
    if (init.issues !== undefined) {
      this.issues = init.issues
    }
    if (init.outcomeUnknown) {
      this.outcomeUnknown = true
    }
  }

  /** Structured loggers call this; `message` is not an enumerable property of an Error. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      message: this.message,
      endpoint: this.endpoint,
      label: this.label,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.issues === undefined ? {} : { issues: this.issues }),
    }
  }
}

Object.defineProperty(PaylinkError.prototype, PAYLINK_ERROR_BRAND, {
  value: true,
})

/** The request is wrong: refused by our own schema before sending, or by the service (HTTP 400). */
export class PaylinkInvalidRequestError extends PaylinkError {
  constructor(message: string, init: PaylinkErrorInit) {
    super("invalid_request", message, init)
  }

  static fromIssues(
    ctx: PaylinkErrorContext,
    issues: PaylinkIssue[]
  ): PaylinkInvalidRequestError {
    return new PaylinkInvalidRequestError(
      `invalid ${ctx.label} request: ${formatIssues(issues)}`,
      { ...ctx, issues }
    )
  }

  /** The service's own `message`, when it sends one, is the most useful text. */
  static fromAnswer(
    ctx: PaylinkErrorContext,
    serviceMessage: string | undefined
  ): PaylinkInvalidRequestError {
    const message =
      serviceMessage ||
      `${ctx.label} refused the request as incorrect (HTTP 400)`
    return new PaylinkInvalidRequestError(message, { ...ctx, status: 400 })
  }
}

/** The credentials are missing or refused (HTTP 401). Retrying will not help; configuration will. */
export class PaylinkAuthenticationError extends PaylinkError {
  constructor(message: string, init: PaylinkErrorInit) {
    super("authentication", message, init)
  }

  static rejected(
    ctx: PaylinkErrorContext,
    requiresToken: boolean
  ): PaylinkAuthenticationError {
    const what = requiresToken
      ? "the token configured for it"
      : "the user, password and branch configured for it"
    return new PaylinkAuthenticationError(
      `${ctx.label} rejected the credentials (HTTP 401): check ${what}`,
      {
        ...ctx,
        status: 401,
      }
    )
  }

  static missingToken(ctx: PaylinkErrorContext): PaylinkAuthenticationError {
    return new PaylinkAuthenticationError(
      `${ctx.label} needs a token and none is configured: nothing was sent`,
      ctx
    )
  }

  static invalidToken(ctx: PaylinkErrorContext): PaylinkAuthenticationError {
    return new PaylinkAuthenticationError(
      `${ctx.label} cannot be sent the token configured for it: it holds characters not allowed in an HTTP header`,
      ctx
    )
  }
}

/** The service could not be reached or gave an answer we cannot use. Worth trying again later. */
export class PaylinkUnavailableError extends PaylinkError {
  constructor(message: string, init: PaylinkErrorInit) {
    super("unavailable", message, init)
  }

  /** `cause` is short sanitized text: "HTTP 500", "connection refused", "malformed JSON in the answer". */
  static because(
    ctx: PaylinkErrorContext,
    cause: string,
    extra: {
      status?: number
      issues?: PaylinkIssue[]
      outcomeUnknown?: boolean
    } = {}
  ): PaylinkUnavailableError {
    return new PaylinkUnavailableError(
      `${ctx.label} is unavailable: ${cause}`,
      { ...ctx, ...extra, cause }
    )
  }
}

export function isPaylinkError(value: unknown): value is PaylinkError {
  return (
    value instanceof PaylinkError ||
    (typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[PAYLINK_ERROR_BRAND] === true)
  )
}
