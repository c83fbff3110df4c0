/**
 * What the transport makes of a request's outcome, always as text it built or sanitized (never the
 * axios error, which holds the request headers).
 */

/** It goes into error messages and logs. */
const MAX_SERVICE_MESSAGE_CHARS = 300

export type HttpAnswer = { kind: "answer"; status: number; data: unknown }

/** `mayHaveArrived`: the POST may have reached the service (anything but a refused or unresolved connection). */
export type SendOutcome =
  | HttpAnswer
  | {
      kind: "no_answer"
      refused: boolean
      mayHaveArrived: boolean
      cause: string
    }

export function parseJson(
  data: unknown
): { ok: true; value: unknown } | { ok: false } {
  const text =
    typeof data === "string"
      ? data
      : Buffer.isBuffer(data)
        ? data.toString("utf8")
        : undefined
  if (text === undefined) {
    // An injected client that already decoded the body.
    return data === undefined || data === null
      ? { ok: false }
      : { ok: true, value: data }
  }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/**
 * The `message` of an error body (docs/service.md §7.2), safe for a log line: secrets blanked,
 * control characters dropped, length bounded.
 */
export function serviceMessage(
  data: unknown,
  secrets: readonly string[]
): string | undefined {
  const json = parseJson(data)
  if (!json.ok || typeof json.value !== "object" || json.value === null) {
    return undefined
  }
  const body = json.value as { message?: unknown; error?: unknown }
  const raw =
    typeof body.message === "string"
      ? body.message
      : Array.isArray(body.message) &&
          body.message.every((m) => typeof m === "string")
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

export function describeNetworkFailure(
  err: unknown,
  deadlineHit: boolean,
  timeoutMs: number
): SendOutcome {
  const code = networkErrorCode(err)
  const noAnswer = (
    cause: string,
    refused = false,
    mayHaveArrived = !refused
  ): SendOutcome => ({
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

/** Only a code-shaped string, never anything else of the error (a dual-stack failure keeps it on the inner errors). */
function networkErrorCode(err: unknown): string | undefined {
  const codeOf = (e: unknown): string | undefined => {
    const code =
      typeof e === "object" && e !== null
        ? (e as { code?: unknown }).code
        : undefined
    return typeof code === "string" && /^[A-Z0-9_]{1,40}$/.test(code)
      ? code
      : undefined
  }
  const cause =
    typeof err === "object" && err !== null
      ? (err as { cause?: unknown }).cause
      : undefined
  const inner =
    typeof cause === "object" && cause !== null
      ? (cause as { errors?: unknown }).errors
      : undefined
  return (
    codeOf(err) ??
    codeOf(cause) ??
    (Array.isArray(inner) ? codeOf(inner[0]) : undefined)
  )
}

/** Printable ASCII only: Node refuses other header bytes with an error that looks like a network one. */
export function isHeaderValue(value: string): boolean {
  return /^[\x20-\x7e]+$/.test(value)
}
