/**
 * A write of the background read that failed, told without the data it carried. The driver's error
 * message is the whole statement with its parameters interpolated (a batch's references, amounts,
 * authorization codes and card digits), and Medusa logs a failed subscriber's or job's error as it
 * is: so the error is replaced by one naming only the reconciliation, the lines and the database's
 * error code (SQLSTATE), and the merchant's reason says the same in plain words.
 */

/** Times a read may stop on a failed write before it ends `failed`: a blip passes, a refused value or a sick database does not. */
export const READ_ATTEMPTS = 3

/** The lines a failed write carried; 0 and 0 for the read's end (the orders with no payment, the counts). */
export type FailedLines = { first: number; last: number }

const SQLSTATE = /^[0-9A-Z]{5}$/

/** The database's error code (SQLSTATE, "22P05") of a driver error or of what it wraps, else null. */
export function databaseErrorCode(error: unknown): string | null {
  for (let e = error as Record<string, unknown> | undefined, depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    for (const key of ["code", "sqlState"]) {
      const code = e[key]
      if (typeof code === "string" && SQLSTATE.test(code)) return code
    }
    e = (e.cause ?? e.originalError) as Record<string, unknown> | undefined
  }
  return null
}

const linesText = ({ first, last }: FailedLines) => (first === 0 ? "the read's end" : first === last ? `line ${first}` : `lines ${first} to ${last}`)

/** A write that failed, as thrown on (and logged by the workflow engine, the job, the subscriber). */
export class ReadWriteError extends Error {
  readonly code: string | null
  constructor(readonly reconciliationId: string, readonly lines: FailedLines, error: unknown) {
    const code = databaseErrorCode(error)
    super(`paylink: reconciliation ${reconciliationId}: ${linesText(lines)} could not be saved (database error ${code ?? "without a code"})`)
    this.name = "ReadWriteError"
    this.code = code
  }
}

/** What the merchant reads on a read that ended `failed` after READ_ATTEMPTS failed writes: where, and what to do. */
export function readFailedReason(lines: FailedLines, code: string | null, attempts = READ_ATTEMPTS): string {
  const where = lines.first === 0 ? "at its end, after every line was read" : `at ${linesText(lines)} of the file`
  const what = lines.first === 0 ? "Try again later by deleting this reconciliation and uploading the file again; if it fails again, the store's database needs a look." : `Check those lines for damaged or unusual characters or values, correct or remove them, then delete this reconciliation and upload the file again.`
  return `The read stopped ${attempts} times, the last time ${where}: the database refused to save them (error ${code ?? "without a code"}). Nothing was changed. ${what}`
}

/**
 * A safe line about any error a read threw: a ReadWriteError's own message, else only its kind. By
 * name, not instanceof: a workflow's run throws its step's error serialized to a plain object.
 */
export function readErrorSummary(error: unknown): string {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown }
  if (name === "ReadWriteError" && typeof message === "string") return message
  const code = databaseErrorCode(error)
  return `${error instanceof Error ? error.name : "an error"}${code ? ` (database error ${code})` : ""}`
}
