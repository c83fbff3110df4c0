/**
 * zod issues as field/rule pairs, the one shape every refusal of the client, the options and the
 * sandbox is reported in. Only `issues` is read, so an error from another copy of zod 4 works too.
 */
import type { z } from "zod"

/** One broken rule: `path` is the field ("billing.email", "order[0].qty"), `message` the rule. */
export type PaylinkIssue = { path: string; message: string }

export type ZodIssue = z.core.$ZodIssue

export type ZodErrorLike = { readonly issues: readonly ZodIssue[] }

export type IssueFormat = {
  /** The field name of an issue's path; by default "order[0].qty", and "(body)" for the root. */
  path?: (path: readonly PropertyKey[]) => string
  /** The rule text of an issue (unknown keys excepted); by default zod's own message. */
  message?: (issue: ZodIssue) => string
}

/** "order[0].qty" from ["order", 0, "qty"]; "(body)" for the root. */
export function bracketPath(path: readonly PropertyKey[]): string {
  const text = path
    .map((part, i) =>
      typeof part === "number"
        ? `[${part}]`
        : `${i === 0 ? "" : "."}${String(part)}`
    )
    .join("")
  return text || "(body)"
}

/** One issue per unknown key; zod's messages never quote the input (the setup body holds a password). */
export function issuesFromZod(
  error: ZodErrorLike,
  format: IssueFormat = {}
): PaylinkIssue[] {
  const pathOf = format.path ?? bracketPath
  return error.issues.flatMap((issue): PaylinkIssue[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        path: pathOf([...issue.path, key]),
        message: "is not an accepted field",
      }))
    }
    return [
      {
        path: pathOf(issue.path),
        message: format.message ? format.message(issue) : issue.message,
      },
    ]
  })
}

export const MAX_ISSUES_IN_MESSAGE = 5

/** "billing.email: must be an e-mail address; amount: must be greater than 0" */
export function formatIssues(
  issues: readonly PaylinkIssue[],
  max = MAX_ISSUES_IN_MESSAGE
): string {
  const shown = issues.slice(0, max).map((i) => `${i.path}: ${i.message}`)
  const more = issues.length - shown.length
  return more > 0 ? `${shown.join("; ")}; and ${more} more` : shown.join("; ")
}
