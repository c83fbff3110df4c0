/**
 * The query parameters of the admin's list routes, checked before anything reaches the database:
 * Medusa's createFindParams and createOperatorMap let `limit=-1` or a date like `2026-13-45` through
 * to a database error (docs/architecture.md#errors-and-input). Refusals quote nothing of the value.
 */
import { z } from "@medusajs/framework/zod"
import { createFindParams } from "@medusajs/medusa/api/utils/validators"
import { echo } from "../../lib/common/echo"

export const LIST_LIMIT_MAX = 1000
/** PostgreSQL `integer`, the largest offset and link number a query can carry. */
export const INT32_MAX = 2_147_483_647

/** A whole number from `min` to `max`, as a query string or a number. */
export function wholeNumber(field: string, min: number, max: number) {
  return z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,16}$/.test(v) ? Number(v) : v),
    z.custom<number>(
      (v) =>
        Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max,
      {
        error: `${field} must be a whole number from ${min} to ${max}`,
      }
    )
  )
}

/** Medusa's `fields`, `order` and `with_deleted`, with a page (`limit`, `offset`) that has bounds. */
export function adminListParams(defaults: { limit: number; offset?: number }) {
  return createFindParams(defaults).extend({
    limit: wholeNumber("limit", 0, LIST_LIMIT_MAX)
      .optional()
      .default(defaults.limit),
    offset: wholeNumber("offset", 0, INT32_MAX)
      .optional()
      .default(defaults.offset ?? 0),
  })
}

export function oneOf<const T extends readonly string[]>(
  field: string,
  values: T
) {
  return z.custom<T[number]>(
    (v) => typeof v === "string" && values.includes(v),
    {
      error: `${field} must be one of: ${values.join(", ")}`,
    }
  )
}

/** One of `values`, or several (`origin[]=order&origin[]=draft_order`). */
export function oneOrMoreOf<const T extends readonly string[]>(
  field: string,
  values: T
) {
  return z.custom<T[number] | T[number][]>(
    (v) => {
      const all: unknown[] = Array.isArray(v) ? v : [v]
      return (
        all.length > 0 &&
        all.every((one) => typeof one === "string" && values.includes(one))
      )
    },
    {
      error: `${field} must be one of: ${values.join(", ")} (or several of them)`,
    }
  )
}

const RANGE_OPERATORS = ["$gte", "$gt", "$lte", "$lt"] as const
type RangeOperator = (typeof RANGE_OPERATORS)[number]

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/**
 * An ISO 8601 date (`2026-05-31`) or time (`2026-05-31T18:00:00Z`, `2026-05-31T12:00:00-06:00`)
 * that is on the calendar: month 13, 30 February or 25 o'clock are refused, not rolled over.
 */
export function parseIsoDate(value: string): Date | null {
  const m = ISO_DATE.exec(value)
  if (!m) {
    return null
  }
  const [year, month, day, hour = 0, minute = 0, second = 0] = m
    .slice(1, 7)
    .map((part) => (part === undefined ? undefined : Number(part))) as number[]
  const calendar = new Date(Date.UTC(year, month - 1, day))
  if (
    calendar.getUTCFullYear() !== year ||
    calendar.getUTCMonth() !== month - 1 ||
    calendar.getUTCDate() !== day
  ) {
    return null
  }
  if (hour > 23 || minute > 59 || second > 59) {
    return null
  }
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** `created_at[$gte]=…&created_at[$lte]=…` (also `$gt`, `$lt`), each an ISO 8601 date or time. */
export function dateRange(field: string) {
  const example = `${field}[$gte]=2026-05-01&${field}[$lte]=2026-05-31T23:59:59Z`
  return z.unknown().transform((value, ctx) => {
    if (value === undefined) {
      return undefined
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      ctx.addIssue({
        code: "custom",
        message: `${field} must be a date range such as ${example}`,
      })
      return z.NEVER
    }
    const range: Partial<Record<RangeOperator, Date>> = {}
    for (const [operator, bound] of Object.entries(value)) {
      if (!(RANGE_OPERATORS as readonly string[]).includes(operator)) {
        ctx.addIssue({
          code: "custom",
          message: `${field}[${echo(operator)}] is not accepted: use ${RANGE_OPERATORS.join(", ")}`,
        })
        return z.NEVER
      }
      const date = typeof bound === "string" ? parseIsoDate(bound) : null
      if (!date) {
        ctx.addIssue({
          code: "custom",
          message: `${field}[${operator}] must be an ISO 8601 date or time on the calendar, such as 2026-05-31 or 2026-05-31T18:00:00Z`,
        })
        return z.NEVER
      }
      range[operator as RangeOperator] = date
    }
    return range
  })
}
