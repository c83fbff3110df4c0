/**
 * Signed return links: an HMAC-SHA256, keyed with the `secret` option, over everything the return
 * flow acts on, so an address cannot be forged, moved, turned from cancel into success, or replayed
 * after it expires (docs/architecture.md#what-a-return-proves).
 */
import { createHmac, timingSafeEqual } from "node:crypto"

export type ReturnOutcome = "success" | "cancel"

export type ReturnClaims = {
  session: string
  cents: bigint
  currency: string
  outcome: ReturnOutcome
  /** Seconds since the epoch. */
  exp: number
  /**
   * The shopper's language at checkout: the return pages speak it, whatever the returning browser
   * prefers. Absent in addresses made before it was signed (their pages follow Accept-Language).
   */
  lang?: ReturnLang
}

export type ReturnLang = "es" | "en"

export type ReturnLinkProblem = "malformed" | "bad_signature" | "expired"

export const RETURN_ROUTE_PATH = "/paylink/return"

/** v1 has no language (addresses made before it); v2 signs it too, so it cannot be swapped or dropped. */
function payload(c: ReturnClaims): string {
  const common = [
    c.session,
    c.cents.toString(),
    c.currency,
    c.outcome,
    String(c.exp),
  ]
  return (c.lang ? ["v2", ...common, c.lang] : ["v1", ...common]).join("|")
}

export function signReturnClaims(secret: string, claims: ReturnClaims): string {
  return createHmac("sha256", secret)
    .update(payload(claims))
    .digest("base64url")
}

export function buildReturnUrl(
  backendUrl: string,
  secret: string,
  claims: ReturnClaims
): string {
  const u = new URL(
    `${backendUrl.replace(/\/+$/, "")}${RETURN_ROUTE_PATH}/${encodeURIComponent(claims.session)}`
  )
  u.searchParams.set("outcome", claims.outcome)
  u.searchParams.set("amount", claims.cents.toString())
  u.searchParams.set("currency", claims.currency)
  u.searchParams.set("exp", String(claims.exp))
  if (claims.lang) {
    u.searchParams.set("lang", claims.lang)
  }
  u.searchParams.set("sig", signReturnClaims(secret, claims))
  return u.toString()
}

export type ReturnQuery = {
  session?: unknown
  outcome?: unknown
  amount?: unknown
  currency?: unknown
  exp?: unknown
  lang?: unknown
  sig?: unknown
}

/** Constant-time comparison; expiry checked only after the signature, so the order of failures tells nothing. */
export function verifyReturn(
  secret: string,
  q: ReturnQuery,
  now: Date = new Date()
):
  | { ok: true; claims: ReturnClaims }
  | { ok: false; problem: "expired"; claims: ReturnClaims }
  | { ok: false; problem: Exclude<ReturnLinkProblem, "expired"> } {
  const str = (v: unknown) => (typeof v === "string" ? v : undefined)
  const session = str(q.session)
  const outcome = str(q.outcome)
  const amount = str(q.amount)
  const currency = str(q.currency)
  const exp = str(q.exp)
  const lang = q.lang === undefined ? undefined : str(q.lang)
  const sig = str(q.sig)
  if (
    !session ||
    (outcome !== "success" && outcome !== "cancel") ||
    !amount ||
    !/^\d{1,15}$/.test(amount) ||
    !currency ||
    !/^[A-Z]{3}$/.test(currency) ||
    !exp ||
    !/^\d{1,12}$/.test(exp) ||
    (q.lang !== undefined && lang !== "es" && lang !== "en") ||
    !sig
  ) {
    return { ok: false, problem: "malformed" }
  }
  const claims: ReturnClaims = {
    session,
    outcome,
    cents: BigInt(amount),
    currency,
    exp: Number(exp),
    ...(lang ? { lang: lang as ReturnLang } : {}),
  }
  const expected = Buffer.from(signReturnClaims(secret, claims))
  const given = Buffer.from(sig)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, problem: "bad_signature" }
  }
  if (claims.exp * 1000 < now.getTime()) {
    // Genuine but late: the caller may still need to know what it was about (a paid link).
    return { ok: false, problem: "expired", claims }
  }
  return { ok: true, claims }
}

/**
 * Marks session data as this store's for one record, so a session Medusa's compensation re-creates
 * with the old data may reuse that record's link, and data from anywhere else may not.
 */
export function signResume(secret: string, recordId: string): string {
  return createHmac("sha256", secret)
    .update(`resume|${recordId}`)
    .digest("base64url")
}

export function verifyResume(
  secret: string,
  recordId: string,
  sig: string
): boolean {
  const expected = Buffer.from(signResume(secret, recordId))
  const given = Buffer.from(sig)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
