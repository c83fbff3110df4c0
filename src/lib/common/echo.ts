/**
 * What a message may quote back of the caller's input. An answer (and the log line Medusa writes
 * for it) names the field and the rule; a value is quoted only to say which one was meant, and a
 * long one (a 5,000-character provider_id, a pasted document in a query string) is cut, so that
 * no one can make the store repeat, or log, a payload of their choosing.
 */
export const ECHO_MAX = 60

/** `value` as text, at most ECHO_MAX characters, with an ellipsis when it was cut. */
export function echo(value: unknown, max = ECHO_MAX): string {
  const text = typeof value === "string" ? value : String(value)
  const chars = Array.from(text)
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : text
}

/**
 * A message written by someone else (Medusa's validation formatter quotes what it received:
 * "got: '…'", "Unrecognized fields: '…'"), with every long quote and every long unbroken run cut.
 */
export function shortenEchoes(message: string, max = ECHO_MAX): string {
  return message
    .replace(new RegExp(`'([^']{${max + 1},})'`, "g"), (_, quoted: string) => `'${echo(quoted, max)}'`)
    // A quote cut above is 63 characters with its quotes and ellipsis: leave it whole.
    .replace(new RegExp(`\\S{${max + 4},}`, "g"), (run) => echo(run, max))
}
