/**
 * A failed write of the background read, told without its data: the driver's message holds the
 * statement's parameters (card digits included), so it is replaced by one naming the lines and SQLSTATE.
 */

/** A blip passes, a refused value or a sick database does not. */
export const READ_ATTEMPTS = 3

/** The lines a failed write carried; 0 and 0 for the read's end (the orders with no payment, the counts). */
export type FailedLines = { first: number; last: number }

const SQLSTATE = /^[0-9A-Z]{5}$/

/** The database's error code (SQLSTATE, "22P05") of a driver error or of what it wraps, else null. */
export function databaseErrorCode(error: unknown): string | null {
  for (
    let e = error as Record<string, unknown> | undefined, depth = 0;
    e && typeof e === "object" && depth < 4;
    depth++
  ) {
    for (const key of ["code", "sqlState"]) {
      const code = e[key]
      if (typeof code === "string" && SQLSTATE.test(code)) return code
    }
    e = (e.cause ?? e.originalError) as Record<string, unknown> | undefined
  }
  return null
}

const linesText = ({ first, last }: FailedLines) =>
  first === 0
    ? "the read's end"
    : first === last
      ? `line ${first}`
      : `lines ${first} to ${last}`

export class ReadWriteError extends Error {
  readonly code: string | null
  constructor(
    readonly reconciliationId: string,
    readonly lines: FailedLines,
    error: unknown
  ) {
    const code = databaseErrorCode(error)
    super(
      `paylink: reconciliation ${reconciliationId}: ${linesText(lines)} could not be saved (database error ${code ?? "without a code"})`
    )
    this.name = "ReadWriteError"
    this.code = code
  }
}

export function readFailedReason(
  lines: FailedLines,
  code: string | null,
  attempts = READ_ATTEMPTS
): string {
  const where =
    lines.first === 0
      ? "at its end, after every line was read"
      : `at ${linesText(lines)} of the file`
  const what =
    lines.first === 0
      ? "Try again later by deleting this reconciliation and uploading the file again; if it fails again, the store's database needs a look."
      : `Check those lines for damaged or unusual characters or values, correct or remove them, then delete this reconciliation and upload the file again.`
  return `The read stopped ${attempts} times, the last time ${where}: the database refused to save them (error ${code ?? "without a code"}). Nothing was changed. ${what}`
}

/** By name, not instanceof: a workflow's run throws its step's error serialized to a plain object. */
export function readErrorSummary(error: unknown): string {
  const { name, message } = (error ?? {}) as {
    name?: unknown
    message?: unknown
  }
  if (name === "ReadWriteError" && typeof message === "string") return message
  const code = databaseErrorCode(error)
  return `${error instanceof Error ? error.name : "an error"}${code ? ` (database error ${code})` : ""}`
}
