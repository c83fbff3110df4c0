/**
 * Request problems as the sandbox reports them: one `{ path, message }` per broken rule, and a
 * `message` that joins them all, so a developer reading a log sees every problem in one round trip.
 */
import type { Response } from "express"
import {
  formatIssues,
  issuesFromZod,
  type PaylinkIssue,
  type ZodErrorLike,
  type ZodIssue,
} from "../lib/paylink/issues"

/** One broken rule of a request, as answered in a 400 body's `errors`. */
export type FieldError = PaylinkIssue

/** Path used for problems with the body as a whole (not JSON, not an object). */
export const BODY_PATH = "body"

export function sendBadRequest(res: Response, errors: FieldError[]): void {
  res.status(400).json({ message: formatIssues(errors, Infinity), errors })
}

export function sendUnauthorized(res: Response): void {
  res.status(401).json({ message: "Unauthorized" })
}

/**
 * zod issues in the sandbox's wording: dotted paths ("order.0.price", "body" for the root), "is
 * required" for a missing field, and zod's generic type messages in the house style.
 */
export function issuesToErrors(
  error: ZodErrorLike,
  input: unknown
): FieldError[] {
  return issuesFromZod(error, {
    path: dottedPath,
    message: (issue) => houseMessage(issue, input),
  })
}

function houseMessage(issue: ZodIssue, input: unknown): string {
  const path = issue.path.map(String)
  const missing = path.length > 0 && valueAt(input, path) === undefined
  if (
    (issue.code === "invalid_type" || issue.code === "invalid_value") &&
    missing
  )
    return "is required"
  if (issue.code === "invalid_type") {
    if (path.length === 0) return "must be a JSON object"
    // zod's default wording ("Invalid input: expected number, received string") in the house
    // style; schema-specific messages are kept as written.
    if (issue.message.startsWith("Invalid input"))
      return `must be ${article(issue.expected)} ${issue.expected}`
  } else if (issue.code === "invalid_value" && issue.values.length > 0) {
    return `must be one of ${issue.values.map(String).join(", ")}`
  }
  return issue.message
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a"
}

function dottedPath(path: readonly PropertyKey[]): string {
  return path.length ? path.map(String).join(".") : BODY_PATH
}

function valueAt(input: unknown, path: string[]): unknown {
  let current = input
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}
