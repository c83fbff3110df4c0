/**
 * The storefront's own language for the `lang` call option, from what a storefront route knows: the
 * locale it shows, else the country in its address (dtc-starter's `/[countryCode]/…`).
 */
import type { PaylinkLang } from "./sdk"

/** Countries whose shoppers read Spanish (ISO 3166-1 alpha-2, lower case). */
export const SPANISH_SPEAKING_COUNTRIES: readonly string[] = [
  "gt",
  "sv",
  "hn",
  "ni",
  "cr",
  "pa",
  "mx",
  "es",
  "co",
  "pe",
  "cl",
  "ar",
  "bo",
  "ec",
  "py",
  "uy",
  "ve",
  "do",
  "cu",
  "pr",
  "gq",
]

const SPANISH = new Set(SPANISH_SPEAKING_COUNTRIES)

/**
 * `locale` when set: Spanish for `es…`, else English (the plugin's texts come in these two);
 * else `countryCode`: Spanish for a Spanish-speaking country, else English; else English.
 */
export function paylinkShopperLang({
  locale,
  countryCode,
}: {
  locale?: string | null
  countryCode?: string | null
}): PaylinkLang {
  const language = languageOf(locale)
  if (language) {
    return language === "es" ? "es" : "en"
  }
  const country = typeof countryCode === "string" ? countryCode.trim() : ""
  return country && SPANISH.has(country.toLowerCase()) ? "es" : "en"
}

/** "es-GT" → "es"; null when no locale is set. */
function languageOf(locale: string | null | undefined): string | null {
  if (typeof locale !== "string") return null
  const language = locale.trim().split(/[-_]/)[0].toLowerCase()
  return language || null
}
