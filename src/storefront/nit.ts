/**
 * Guatemala's NIT (número de identificación tributaria): digits and a check digit, or "CF" for a
 * consumidor final (a buyer with no NIT). The check digit is computed modulo 11: the digits before it,
 * read from the right, are weighted 2, 3, 4, …; the check digit is (11 − sum mod 11) mod 11, written
 * "K" when it is 10. "576937-K", "1234567-9" and "CF" are valid; "12345" is not (its check digit is 1).
 * Shared by the storefront entry and the backend, so both refuse the same NITs; no import.
 */
import type { PaylinkLang } from "./sdk"

/** A consumidor final's NIT. */
export const NIT_FINAL_CONSUMER = "CF"

/** The longest NIT taken, check digit included (SAT's are up to 9 today; room for growth). */
const NIT_MAX_LENGTH = 13

/** The check digit of the digits before it: "0"–"9", or "K" for 10. */
export function nitCheckDigit(digits: string): string {
  if (!/^\d+$/.test(digits)) {
    throw new TypeError("nitCheckDigit: digits only")
  }
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    sum += Number(digits[digits.length - 1 - i]) * (i + 2)
  }
  const check = (11 - (sum % 11)) % 11
  return check === 10 ? "K" : String(check)
}

/**
 * The NIT as "576937-K" (digits, a hyphen, the check digit in upper case) or "CF"; null when it is
 * not a NIT (spaces, hyphens and a lower-case k are tolerated).
 */
export function normalizeNit(input: unknown): string | null {
  if (typeof input !== "string") {
    return null
  }
  const compact = input.replace(/[\s-]/g, "").toUpperCase()
  if (compact === NIT_FINAL_CONSUMER) {
    return NIT_FINAL_CONSUMER
  }
  if (
    compact.length < 2 ||
    compact.length > NIT_MAX_LENGTH ||
    !/^\d+[\dK]$/.test(compact)
  ) {
    return null
  }
  const digits = compact.slice(0, -1)
  const check = compact.slice(-1)
  // All zeros passes the check digit (0-0) but is no one's NIT.
  if (/^0+$/.test(digits)) {
    return null
  }
  return nitCheckDigit(digits) === check ? `${digits}-${check}` : null
}

/** Whether `input` is a valid NIT or "CF". */
export function isValidNit(input: unknown): boolean {
  return normalizeNit(input) !== null
}

/** The rule, as the backend states it in a refusal (the field is named by the caller). */
export const NIT_RULE =
  "must be a Guatemalan NIT: digits and a check digit computed modulo 11 (K for 10), such as 576937-K, or CF for a final consumer"

const NIT_MESSAGES: Record<PaylinkLang, { empty: string; invalid: string }> = {
  es: {
    empty: "NIT: ingrese su NIT, o CF si es consumidor final.",
    invalid:
      "NIT: el número no es válido (revise el dígito verificador, después del guion, como en 576937-K), o escriba CF si es consumidor final.",
  },
  en: {
    empty: "NIT (tax id): enter your NIT, or CF for a final consumer.",
    invalid:
      "NIT (tax id): the number is not valid (check the digit after the hyphen, as in 576937-K), or enter CF for a final consumer.",
  },
}

/** What to show under a NIT field before sending it, in the customer's language; null when valid. */
export function nitError(
  input: unknown,
  lang: PaylinkLang = "es"
): string | null {
  const texts = NIT_MESSAGES[lang === "en" ? "en" : "es"]
  if (typeof input !== "string" || !input.trim()) {
    return texts.empty
  }
  return normalizeNit(input) ? null : texts.invalid
}
