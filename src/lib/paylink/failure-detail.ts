/**
 * Why a link could not be made, as data: a code and its params, stored beside the English sentence
 * (`failure_reason`, for the API, the log and support) so the admin can say it in the merchant's
 * language (admin/i18n/<lang>/checkouts.json `failures`). Pure, so the admin may import it.
 */

export const FAILURE_CODES = [
  /** The gateway refused the configured credentials (HTTP 401), or none usable is configured. */
  "authentication",
  /** The gateway, or our own check before sending, found the request wrong. */
  "invalid_request",
  /** The gateway could not be reached or answered with an error (5xx, refused, unreadable). */
  "unavailable",
  /** No readable answer: the gateway may have made the link anyway. */
  "no_answer",
  /** The process stopped during the call: no answer was ever recorded. */
  "unanswered",
  /** Anything else (an error this plugin did not type). */
  "other",
] as const
export type FailureCode = (typeof FAILURE_CODES)[number]

export type FailureDetail = {
  code: FailureCode
  params: {
    /** The gateway that was asked (e.g. gateway_a). */
    gateway?: string
    /** The HTTP status the gateway answered, when it answered one. */
    http_status?: number
  }
}

type TypedError = {
  kind?: string
  status?: number
  outcomeUnknown?: boolean
}

/** The code of a link-creation error: from the typed error's kind (lib/paylink/errors.ts), never from its words. */
export function failureDetailOf(
  error: unknown,
  gateway: string,
  typed: boolean
): FailureDetail {
  const e = (typed ? error : {}) as TypedError
  const params: FailureDetail["params"] = { gateway }
  if (typeof e.status === "number") params.http_status = e.status
  if (e.outcomeUnknown) return { code: "no_answer", params }
  switch (e.kind) {
    case "authentication":
    case "invalid_request":
    case "unavailable":
      return { code: e.kind, params }
    default:
      return { code: "other", params }
  }
}

export function isFailureDetail(value: unknown): value is FailureDetail {
  return (
    typeof value === "object" &&
    value !== null &&
    (FAILURE_CODES as readonly string[]).includes(
      (value as { code?: string }).code ?? ""
    )
  )
}
