/**
 * What PostgreSQL can store as text: every Unicode scalar value but U+0000. A NUL is refused by a
 * text column ("invalid byte sequence") and by jsonb ("unsupported Unicode escape sequence"), and a
 * UTF-16 surrogate without its pair is not a character at all (jsonb refuses its escape; the driver
 * would silently turn it into U+FFFD). A cell holding either would fail its whole batch's insert, so
 * the read lists its row as bad instead, and shows the value with each such character replaced.
 */

/** A NUL, or a surrogate that is not half of a pair. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** What the merchant reads about the first character `text` cannot hold as text, or null when it holds none. */
export function unstorableCharacter(text: string): string | null {
  UNSTORABLE.lastIndex = 0
  const found = UNSTORABLE.exec(text)
  if (!found) return null
  return found[0] === "\u0000" ? "a NUL byte" : `a lone UTF-16 surrogate (U+${found[0].charCodeAt(0).toString(16).toUpperCase()})`
}

/** `text` with every character a text cannot hold replaced by U+FFFD, the replacement character. */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE, "\uFFFD")
}

/** The bad-row reason for a cell holding such a character. */
export function unstorableCellReason(what: string): string {
  return `The cell holds a character a text cannot hold (${what}): the export is damaged or not a text file. Export it again, or save it as CSV UTF-8.`
}
