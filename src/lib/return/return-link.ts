/**
 * Signed return links. The service has no webhook and no status lookup, so the only evidence of a
 * payment is the customer's browser arriving at the success address we gave the gateway. That
 * address carries an HMAC-SHA256 over everything the return flow acts on (session, amount,
 * currency, outcome, expiry), keyed with the `secret` option, so that it cannot be forged, moved
 * to another session, turned from "cancel" into "success", or replayed after it expires.
 */
import { createHmac, timingSafeEqual } from "node:crypto"

export type ReturnOutcome = "success" | "cancel"

export type ReturnClaims = {
  /** Payment session id (Medusa's `payses_...`). */
  session: string
  /** Amount in integer cents, as sent to the gateway. */
  cents: bigint
  /** Upper-case ISO currency. */
  currency: string
  outcome: ReturnOutcome
  /** Expiry, seconds since the epoch. */
  exp: number
}

export type ReturnLinkProblem = "malformed" | "bad_signature" | "expired"

export const RETURN_ROUTE_PATH = "/paylink/return"

function payload(c: ReturnClaims): string {
  return ["v1", c.session, c.cents.toString(), c.currency, c.outcome, String(c.exp)].join("|")
}

export function signReturnClaims(secret: string, claims: ReturnClaims): string {
  return createHmac("sha256", secret).update(payload(claims)).digest("base64url")
}

/** The full address the gateway sends the browser back to. */
export function buildReturnUrl(backendUrl: string, secret: string, claims: ReturnClaims): string {
  const u = new URL(`${backendUrl.replace(/\/+$/, "")}${RETURN_ROUTE_PATH}/${encodeURIComponent(claims.session)}`)
  u.searchParams.set("outcome", claims.outcome)
  u.searchParams.set("amount", claims.cents.toString())
  u.searchParams.set("currency", claims.currency)
  u.searchParams.set("exp", String(claims.exp))
  u.searchParams.set("sig", signReturnClaims(secret, claims))
  return u.toString()
}

export type ReturnQuery = {
  session?: unknown
  outcome?: unknown
  amount?: unknown
  currency?: unknown
  exp?: unknown
  sig?: unknown
}

/**
 * Parses and verifies a return. The signature is compared in constant time; expiry is checked
 * only after the signature, so an attacker learns nothing from which check failed first.
 */
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
    !sig
  ) {
    return { ok: false, problem: "malformed" }
  }
  const claims: ReturnClaims = { session, outcome, cents: BigInt(amount), currency, exp: Number(exp) }
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
 * Marks session data as written by this store's provider for one checkout record, so that a
 * re-created session (Medusa's compensation hands the old data back) may reuse that record's link,
 * and data from anywhere else may not.
 */
export function signResume(secret: string, recordId: string): string {
  return createHmac("sha256", secret).update(`resume|${recordId}`).digest("base64url")
}

export function verifyResume(secret: string, recordId: string, sig: string): boolean {
  const expected = Buffer.from(signResume(secret, recordId))
  const given = Buffer.from(sig)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
