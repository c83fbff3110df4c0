/**
 * A report's amount cell ("Q 1,234.50", "1.234,50", "US$ 10.00", "10.00 GTQ") to integer cents,
 * without floats. Separator rules: docs/architecture.md#reading-rules.
 */
export type AmountReading =
  | { ok: true; cents: bigint; currency: string | null }
  | { ok: false; reason: string }

/** Symbols and codes for the currencies the service takes; any other three-letter code is itself. */
const SYMBOLS: Record<string, string> = {
  Q: "GTQ",
  GTQ: "GTQ",
  US$: "USD",
  $: "USD",
  USD: "USD",
}

const SHAPE =
  /^(?:(US\$|\$|[A-Za-z]{1,3})\s*)?([0-9][0-9.,]*)(?:\s*(US\$|\$|[A-Za-z]{1,3}))?$/

function currencyOf(token: string): string | null {
  const known = SYMBOLS[token.toUpperCase()]
  if (known) return known
  return /^[A-Z]{3}$/.test(token) ? token : null
}

const fail = (reason: string): AmountReading => ({ ok: false, reason })

/**
 * 15 digits of cents: an amount travels as a JSON number (batch insert, API answer, download), and
 * a double holds at most 15 significant decimal digits exactly.
 */
export const MAX_REPORT_CENTS = 999_999_999_999_999n

/** "9,999,999,999,999.99". */
export const MAX_REPORT_AMOUNT_TEXT = `${(MAX_REPORT_CENTS / 100n).toLocaleString("en-US")}.${String(MAX_REPORT_CENTS % 100n).padStart(2, "0")}`

/** Digits grouped by `sep` in threes after a first group of one to three. */
function ungroup(text: string, sep: string): string | null {
  const groups = text.split(sep)
  if (
    !/^\d{1,3}$/.test(groups[0]) ||
    groups.slice(1).some((g) => !/^\d{3}$/.test(g))
  )
    return null
  return groups.join("")
}

/** The number part to [units, fraction], or a reason. */
function splitNumber(text: string): [string, string] | string {
  const lastDot = text.lastIndexOf(".")
  const lastComma = text.lastIndexOf(",")
  let decimalMark: string | null = null
  if (lastDot >= 0 && lastComma >= 0)
    decimalMark = lastDot > lastComma ? "." : ","
  else if (lastDot >= 0)
    decimalMark = text.indexOf(".") === lastDot ? "." : null
  else if (lastComma >= 0) {
    const single = text.indexOf(",") === lastComma
    decimalMark = single && !/^\d+,\d{3}$/.test(text) ? "," : null
  }
  const markAt = decimalMark === null ? -1 : text.lastIndexOf(decimalMark)
  const whole = markAt < 0 ? text : text.slice(0, markAt)
  const fraction = markAt < 0 ? "" : text.slice(markAt + 1)
  if (!/^\d*$/.test(fraction) || (markAt >= 0 && fraction === "")) {
    return "The decimal mark must be followed by digits."
  }
  const thousands = decimalMark === "." ? "," : "."
  const other = decimalMark === null ? (lastDot >= 0 ? "." : ",") : thousands
  const units = whole.includes(other)
    ? ungroup(whole, other)
    : /^\d+$/.test(whole)
      ? whole
      : null
  if (units === null)
    return "Thousands separators must split the digits in groups of three."
  return [units, fraction]
}

export function parseReportAmount(text: string): AmountReading {
  const trimmed = text.trim().replace(/\u00a0/g, " ")
  if (trimmed === "") return fail("The amount is empty.")
  if (/[-\u2212]|^\(.*\)$/.test(trimmed))
    return fail("The amount is negative; a payment is a positive amount.")
  const match = SHAPE.exec(trimmed)
  if (!match)
    return fail(
      'The amount is not a number (digits with "," or ".", and an optional Q, US$, $ or currency code).'
    )
  const [, prefix, number, suffix] = match
  if (prefix && suffix)
    return fail("The amount has a currency both before and after the number.")
  const token = prefix ?? suffix
  const currency = token ? currencyOf(token) : null
  if (token && !currency)
    return fail(
      `"${token}" is not a currency symbol or a three-letter currency code.`
    )
  const parts = splitNumber(number)
  if (typeof parts === "string") return fail(parts)
  const [units, fraction] = parts
  if (/[1-9]/.test(fraction.slice(2)))
    return fail(
      "The amount has more than two decimals; cents are the smallest unit."
    )
  const cents =
    BigInt(units) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, "0"))
  if (cents > MAX_REPORT_CENTS) {
    return fail(
      `The amount is larger than a payment record can hold (at most ${MAX_REPORT_AMOUNT_TEXT}); a gateway's export never holds one this large, so this cell is damaged.`
    )
  }
  return { ok: true, cents, currency }
}
