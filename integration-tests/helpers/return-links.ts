/** Return links as the specs need them: tampered, expired, or signed by another store. */
import {
  buildReturnUrl,
  type ReturnClaims,
} from "../../src/lib/return/return-link"

/** The secret medusa-config.ts uses when PAYLINK_SECRET is not set. */
export const DEV_SECRET =
  process.env.PAYLINK_SECRET || "development-only-secret-0123456789abcdef"

export function signedReturn(claims: ReturnClaims, secret = DEV_SECRET) {
  return buildReturnUrl("http://localhost:9000", secret, claims)
}

export function withParam(url: string, key: string, value: string) {
  const u = new URL(url)
  u.searchParams.set(key, value)
  return u.toString()
}
