/**
 * Request problems as the sandbox reports them: one `{ path, message }` per broken rule, and a
 * `message` that joins them, so a developer reading a log sees every problem in one round trip.
 */
import type { Response } from "express"
import type { z } from "@medusajs/framework/zod"

export type FieldError = { path: string; message: string }

/** Path used for problems with the body as a whole (not JSON, not an object). */
export const BODY_PATH = "body"

export function sendBadRequest(res: Response, errors: FieldError[]): void {
  res.status(400).json({ message: errors.map((e) => `${e.path}: ${e.message}`).join("; "), errors })
}

export function sendUnauthorized(res: Response): void {
  res.status(401).json({ message: "Unauthorized" })
}

export function issuesToErrors(error: z.ZodError, input: unknown): FieldError[] {
  const errors: FieldError[] = []
  for (const issue of error.issues) {
    const path = issue.path.map(String)
    if (issue.code === "unrecognized_keys") {
      // One entry per key, named in full: "redirection.cancelUrl" says more than "redirection".
      for (const key of issue.keys) errors.push({ path: joinPath([...path, key]), message: "is not an accepted field" })
      continue
    }
    let message = issue.message
    const missing = path.length > 0 && valueAt(input, path) === undefined
    if ((issue.code === "invalid_type" || issue.code === "invalid_value") && missing) {
      message = "is required"
    } else if (issue.code === "invalid_type") {
      if (path.length === 0) message = "must be a JSON object"
      // zod's default wording ("Invalid input: expected number, received string") in the
      // house style; schema-specific messages are kept as written.
      else if (message.startsWith("Invalid input")) message = `must be ${article(issue.expected)} ${issue.expected}`
    } else if (issue.code === "invalid_value" && issue.values.length > 0) {
      message = `must be one of ${issue.values.map(String).join(", ")}`
    }
    errors.push({ path: joinPath(path), message })
  }
  return errors
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a"
}

function joinPath(path: string[]): string {
  return path.length ? path.join(".") : BODY_PATH
}

function valueAt(input: unknown, path: string[]): unknown {
  let current = input
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

/**
 * A JSON number to integer cents without float arithmetic: the number's shortest decimal text is
 * exact for anything with at most two decimals, so the cents are read off that text. Returns null
 * for negatives, exponent forms and more than two decimals.
 */
export function decimalToCents(n: number): bigint | null {
  if (!Number.isFinite(n)) return null
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(n.toString())
  if (!match) return null
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? "").padEnd(2, "0"))
}
