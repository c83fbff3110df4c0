/**
 * The customer's language, Spanish or English, for what the plugin itself writes to a customer:
 * the return pages and the store routes' error messages.
 */
export type Lang = "es" | "en"

/** Spanish for a browser whose most preferred language is Spanish (`es`, `es-GT`, ...), else English. */
export function languageOf(acceptLanguage: string | undefined): Lang {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(";")
      const q = params
        .map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1])
        .find(Boolean)
      return { tag, q: q === undefined ? 1 : Number(q), index }
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  const first = ranked.find(
    (l) => l.tag === "*" || /^[a-z]{2,3}(-|$)/.test(l.tag)
  )
  return first && /^es(-|$)/.test(first.tag) ? "es" : "en"
}

type RequestHeaders = {
  headers?: Record<string, string | string[] | undefined>
}

const header = (req: RequestHeaders, name: string) => {
  const value = req.headers?.[name]
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined
}

/** `x-medusa-locale` when set (what js-sdk sends after `sdk.setLocale`), else Accept-Language. */
export function requestLanguage(req: RequestHeaders): Lang {
  const locale = header(req, "x-medusa-locale")
  return languageOf(locale ?? header(req, "accept-language"))
}

/** "es" or "en" from a stored tag ("es", "es-GT", "en-US"); undefined for anything else or nothing. */
export function langOfTag(tag: string | null | undefined): Lang | undefined {
  const t = typeof tag === "string" ? tag.trim().toLowerCase() : ""
  return /^es(-|_|$)/.test(t) ? "es" : /^en(-|_|$)/.test(t) ? "en" : undefined
}

/**
 * The shopper's language when something says it, for what the plugin writes to them after the
 * store call (the return pages): the call's `x-medusa-locale` (the storefront's choice for this
 * call), else the cart's stored `locale`, else the call's Accept-Language; undefined when none of
 * them is there, so the return page falls back to the returning browser's Accept-Language.
 */
export function shopperLanguage({
  localeHeader,
  cartLocale,
  acceptLanguage,
}: {
  localeHeader?: string | null
  cartLocale?: string | null
  acceptLanguage?: string | null
}): Lang | undefined {
  if (localeHeader?.trim()) return languageOf(localeHeader)
  const stored = langOfTag(cartLocale)
  if (stored) return stored
  return acceptLanguage?.trim() ? languageOf(acceptLanguage) : undefined
}

/** The raw `x-medusa-locale` and Accept-Language of a store call, for `shopperLanguage`. */
export function requestLocales(req: RequestHeaders): {
  localeHeader: string | null
  acceptLanguage: string | null
} {
  return {
    localeHeader: header(req, "x-medusa-locale") ?? null,
    acceptLanguage: header(req, "accept-language") ?? null,
  }
}
