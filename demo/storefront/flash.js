"use strict"
/**
 * Messages after a redirect, set by this store only. The page never shows text from its address:
 * anyone can send a customer a link with `?error=Call +502 …`, and the store would display it as
 * its own. A failed step instead puts a code of a fixed list (what the customer reads, in their
 * language, i18n `errors`) and the server's message in a short-lived httpOnly cookie that only
 * this store's responses set; the next page shows it once and clears it.
 */
const COOKIE = "flash"
/** The codes a page may show; anything else is dropped. */
const CODES = [
  "address",
  "nit_invalid",
  "shipping",
  "card_invalid",
  "benefit",
  "payment",
]
/** Codes whose detail is the store's own words, already in the shopper's language (the card rule, the NIT rule). */
const OWN_DETAIL = ["card_invalid", "nit_invalid"]
const DETAIL_MAX = 400

/** The server's message of an SDK error, cut to a length a page and a cookie take. */
function detailOf(err) {
  return String(err?.message ?? "").slice(0, DETAIL_MAX)
}

/** Sets the message for the next page: a code of the list, and (optional) the server's message. */
function set(res, code, err) {
  if (!CODES.includes(code)) throw new Error(`flash: unknown code ${code}`)
  res.cookie(
    COOKIE,
    JSON.stringify({ code, detail: err ? detailOf(err) : "" }),
    { path: "/", httpOnly: true, sameSite: "lax", maxAge: 120_000 }
  )
}

/** The message the store set for this page, once (the cookie is cleared), or null. */
function take(req, res) {
  const raw = req.cookieJar?.[COOKIE]
  if (!raw) return null
  res.clearCookie(COOKIE, { path: "/" })
  try {
    const { code, detail } = JSON.parse(raw)
    return CODES.includes(code)
      ? {
          code,
          detail: typeof detail === "string" ? detail.slice(0, DETAIL_MAX) : "",
        }
      : null
  } catch {
    return null
  }
}

/**
 * What of a failure's detail the shopper reads under the store's sentence, in their language only:
 * one of the plugin's sentences (the storefront entry recognises them in either language and gives
 * them back in `lang`), or the store's own words for a code that sets them. Anything else (Medusa's
 * own messages, English for developers) is left out: the store's sentence says what to do.
 */
function shopperDetail(paylink, code, detail, lang) {
  if (!detail) return ""
  if (OWN_DETAIL.includes(code)) return detail
  const error = { message: detail }
  return paylink.paylinkErrorCode(error)
    ? paylink.paylinkErrorMessage(error, lang === "en" ? "en" : "es")
    : ""
}

module.exports = { flash: { set, take, detailOf, shopperDetail, CODES } }
