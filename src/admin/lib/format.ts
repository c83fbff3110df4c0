/**
 * How the plugin's admin writes amounts and times: in the language set in the admin user's profile
 * (Medusa's i18next instance), Guatemalan conventions for Spanish.
 */
import { useMemo } from "react"
import { useTranslation } from "react-i18next"

/** The Intl locale for the admin's language: "es" → es-GT; anything else → the language itself. */
export function intlLocale(language: string | undefined): string {
  const lang = (language || "en").toLowerCase()
  return lang === "es" || lang.startsWith("es-") ? "es-GT" : lang
}

/** As Medusa's own admin writes it (getLocaleAmount): "Q 184.50", "$12.00". */
export function formatAmount(
  c: { amount: number; currency_code: string },
  locale = "es-GT"
) {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: c.currency_code.toUpperCase(),
    currencyDisplay: "narrowSymbol",
  }).format(c.amount)
}

/** A GTQ amount (loyalty benefits are in GTQ). */
export function formatGtq(amount: number, locale = "es-GT") {
  return formatAmount({ amount, currency_code: "GTQ" }, locale)
}

export function formatDate(
  iso: string | Date | null | undefined,
  locale?: string
) {
  return iso ? new Date(iso).toLocaleString(locale) : "—"
}

/**
 * A time in two parts that each stay whole when a narrow column wraps them: the day ("28 nov
 * 2026") and the hour without seconds ("7:35 p. m.").
 */
export function formatDateParts(
  iso: string | Date | null | undefined,
  locale?: string
): { day: string; time: string } | null {
  if (!iso) return null
  const at = new Date(iso)
  return {
    day: at.toLocaleDateString(locale, { dateStyle: "medium" }),
    time: at.toLocaleTimeString(locale, { timeStyle: "short" }),
  }
}

/** A moment as "Nov 28, 2026, 7:35 PM" / "28 nov 2026, 19:35": no seconds, the month in words. */
export function formatDateTime(
  iso: string | Date | null | undefined,
  locale?: string
) {
  return iso
    ? new Date(iso).toLocaleString(locale, {
        dateStyle: "medium",
        timeStyle: "short",
      })
    : "—"
}

export function useFormat() {
  const { i18n } = useTranslation()
  const locale = intlLocale(i18n.language)
  return useMemo(
    () => ({
      locale,
      amount: (c: { amount: number; currency_code: string }) =>
        formatAmount(c, locale),
      gtq: (amount: number) => formatGtq(amount, locale),
      date: (iso: string | Date | null | undefined) => formatDate(iso, locale),
      dateTime: (iso: string | Date | null | undefined) =>
        formatDateTime(iso, locale),
      dateParts: (iso: string | Date | null | undefined) =>
        formatDateParts(iso, locale),
      count: (n: number) => new Intl.NumberFormat(locale).format(n),
    }),
    [locale]
  )
}
