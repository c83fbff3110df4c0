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

/**
 * An amount as Medusa's own admin writes it (@medusajs/dashboard's getLocaleAmount): the currency's
 * narrow symbol ("Q 184.50", "$12.00"), so the plugin's cards read like Medusa's beside them.
 */
export function formatAmount(c: { amount: number; currency_code: string }, locale = "es-GT") {
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

export function formatDate(iso: string | Date | null | undefined, locale?: string) {
  return iso ? new Date(iso).toLocaleString(locale) : "—"
}

/** The formatters bound to the admin's current language. */
export function useFormat() {
  const { i18n } = useTranslation()
  const locale = intlLocale(i18n.language)
  return useMemo(
    () => ({
      locale,
      amount: (c: { amount: number; currency_code: string }) => formatAmount(c, locale),
      gtq: (amount: number) => formatGtq(amount, locale),
      date: (iso: string | Date | null | undefined) => formatDate(iso, locale),
      /** A count with the language's grouping: "40,000". */
      count: (n: number) => new Intl.NumberFormat(locale).format(n),
    }),
    [locale]
  )
}
