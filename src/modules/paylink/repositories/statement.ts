/** What every statement builder in this directory returns, the one database error the services read, and a money column's values. */
import { BigNumber } from "@medusajs/framework/utils"
import { centsToDecimal } from "../../../lib/common/money"

/** A decimal and its raw json, as a bigNumber column of the module stores them (./checkout-sql insertCheckout). */
export function moneyColumns(cents: bigint | null) {
  if (cents === null) return { amount: null, raw: null }
  const decimal = centsToDecimal(cents)
  return { amount: decimal, raw: new BigNumber(decimal).raw }
}

/** A statement and its parameters (`?` placeholders), run by lib/common/shared-transaction on the caller's transaction. */
export type Statement = [sql: string, params: unknown[]]

/** Whether `error` is PostgreSQL's unique violation (23505) of the index or constraint `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null
  return e?.code === "23505" && e.constraint === constraint
}
