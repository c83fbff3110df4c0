/**
 * What the storefront helpers need of a Medusa client: `sdk.client.fetch` of @medusajs/js-sdk,
 * typed by shape rather than by importing the SDK, so this entry works with whatever copy the
 * storefront has.
 */
export type PaylinkStoreSdk = {
  client: {
    fetch<T>(
      input: string,
      init?: {
        method?: string
        body?: Record<string, unknown>
        query?: Record<string, unknown>
        headers?: Record<string, string>
      }
    ): Promise<T>
    /** js-sdk's locale after `sdk.setLocale(...)` in a browser (then it sends `x-medusa-locale` itself). */
    readonly locale?: string
  }
}

/** Storefront languages: Spanish (default) and English. */
export type PaylinkLang = "es" | "en"

/**
 * Per call: `lang`, the shopper's language, sent as `x-medusa-locale` so the server's refusals (and
 * the return pages of a link made by this call) speak it; extra `headers`, e.g. the logged-in
 * customer's `authorization` header (dtc-starter's `getAuthHeaders()`), so a link is made for that
 * customer.
 */
export type PaylinkCallOptions = {
  headers?: Record<string, string>
  lang?: PaylinkLang
}

const LOCALE_HEADER = "x-medusa-locale"

/**
 * The headers of one call with the shopper's language: an `x-medusa-locale` in `headers` as given;
 * else `lang`; else none added, so the SDK's own locale (`sdk.setLocale`: the SDK sends it) or, with
 * none, the cart's locale and then the browser's Accept-Language decide on the backend. A fixed
 * default here would hide both. A server-side storefront has no shopper's Accept-Language to
 * forward: it passes `lang`.
 */
export function paylinkCallHeaders({
  headers,
  lang,
}: PaylinkCallOptions = {}): Record<string, string> {
  const given = { ...headers }
  if (Object.keys(given).some((k) => k.toLowerCase() === LOCALE_HEADER)) {
    return given
  }
  if (lang !== undefined) {
    return { ...given, [LOCALE_HEADER]: paylinkLang(lang) }
  }
  return given
}

/** "en" for English, anything else Spanish (a Guatemalan store's default). */
export function paylinkLang(lang: string | null | undefined): PaylinkLang {
  return typeof lang === "string" && lang.toLowerCase().startsWith("en")
    ? "en"
    : "es"
}

/**
 * Bad input caught before any request: names the field and its rule, never the value (a card
 * number must not reach a log). `type` and `status` as Medusa's own INVALID_DATA error.
 */
export class PaylinkInputError extends Error {
  readonly type = "invalid_data"
  readonly status = 400
  constructor(
    readonly field: string,
    rule: string
  ) {
    super(`${field}: ${rule}`)
    this.name = "PaylinkInputError"
  }
}

/** A Medusa id in a path: a non-empty string without a slash (it could reach another route). */
export function requireId(field: string, value: unknown): string {
  if (typeof value !== "string" || !value.trim() || /[/?#\\]/.test(value)) {
    throw new PaylinkInputError(
      field,
      "must be a Medusa id (a non-empty string without / ? # or \\)"
    )
  }
  return value
}

/** The HTTP status of an error thrown by `sdk.client.fetch` (js-sdk's FetchError has `status`). */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === "number" ? status : undefined
}
