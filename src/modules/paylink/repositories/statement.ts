/** What every statement builder in this directory returns, and the one database error the services read. */

/** A statement and its parameters (`?` placeholders), run by lib/common/shared-transaction on the caller's transaction. */
export type Statement = [sql: string, params: unknown[]]

/** Whether `error` is PostgreSQL's unique violation (23505) of the index or constraint `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null
  return e?.code === "23505" && e.constraint === constraint
}
