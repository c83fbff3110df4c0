/**
 * Identifiers and codes. All come from the CSPRNG: tests and demos must not be able to guess or
 * collide with them, exactly as with the real service.
 */
import { randomBytes, randomInt } from "node:crypto"

const LOWER_ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789"
// No 0/O or 1/I: codes are read aloud and typed by people at a till.
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

function pick(alphabet: string, length: number): string {
  let out = ""
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)]
  return out
}

export const newCheckoutId = () => `chk_${pick(LOWER_ALNUM, 20)}`
/** Gateway C's ids are numeric-looking text (docs/service.md §5.7). */
export const newNumericCheckoutId = () =>
  String(randomInt(100_000, 1_000_000_000))
export const newProductId = () => `prod_${pick(LOWER_ALNUM, 16)}`
export const newSubscriptionProductId = () => `sub_${pick(LOWER_ALNUM, 16)}`
export const newClientToken = () =>
  `ct_${randomBytes(24).toString("base64url")}`
export const newBenefitsToken = () =>
  `bt_${randomBytes(32).toString("base64url")}`
export const newAuthorizationCode = () => `AUT-${pick(CODE_ALPHABET, 6)}`
export const newConfirmationCode = () => `CNF-${pick(CODE_ALPHABET, 6)}`

/** Draws until `taken` says no; the id spaces are large, so this loops about once. */
export function unique(
  draw: () => string,
  taken: (id: string) => boolean
): string {
  for (;;) {
    const id = draw()
    if (!taken(id)) return id
  }
}
