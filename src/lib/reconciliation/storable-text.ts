/**
 * What PostgreSQL can store as text: every Unicode scalar value but U+0000. A cell holding a NUL or a
 * lone surrogate would fail its whole batch, so its row is a bad row instead.
 */

const UNSTORABLE =
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** The merchant's words for the first such character, or null. */
export function unstorableCharacter(text: string): string | null {
  UNSTORABLE.lastIndex = 0
  const found = UNSTORABLE.exec(text)
  if (!found) return null
  return found[0] === "\u0000"
    ? "a NUL byte"
    : `a lone UTF-16 surrogate (U+${found[0].charCodeAt(0).toString(16).toUpperCase()})`
}

/** Each such character replaced by U+FFFD. */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE, "\uFFFD")
}

export function unstorableCellReason(what: string): string {
  return `The cell holds a character a text cannot hold (${what}): the export is damaged or not a text file. Export it again, or save it as CSV UTF-8.`
}
