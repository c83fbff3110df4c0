/**
 * Loyalty cards. The full number goes to the program and nowhere else: the plugin keeps the last
 * four digits and a keyed hash.
 */
export const CARD_MIN_DIGITS = 8
export const CARD_MAX_DIGITS = 19

/** Digits only, spaces and dashes allowed in between; null when it is not a plausible card. */
export function normalizeCard(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "")
  if (
    !/^\d+$/.test(digits) ||
    digits.length < CARD_MIN_DIGITS ||
    digits.length > CARD_MAX_DIGITS
  ) {
    return null
  }
  return digits
}

/** Every refusal states the rule, never the value that was sent. */
export const CARD_RULE_MESSAGE = `card: must be a string of ${CARD_MIN_DIGITS} to ${CARD_MAX_DIGITS} digits (spaces and dashes allowed)`

/** The lock under which a card's unused authorizations are counted: its keyed hash, never its number. */
export const cardLockKey = (fingerprint: string) =>
  `benefit-card:${fingerprint}`
