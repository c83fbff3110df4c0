/**
 * What a message may quote back of the caller's input: a value only to say which one was meant, cut
 * short, so no one can make the store repeat or log a payload of their choosing.
 */
export const ECHO_MAX = 60

export function echo(value: unknown, max = ECHO_MAX): string {
  const text = typeof value === "string" ? value : String(value)
  const chars = Array.from(text)
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : text
}

/** Someone else's message (Medusa's validation formatter quotes what it received) with long quotes and runs cut. */
export function shortenEchoes(message: string, max = ECHO_MAX): string {
  return (
    message
      .replace(
        new RegExp(`'([^']{${max + 1},})'`, "g"),
        (_, quoted: string) => `'${echo(quoted, max)}'`
      )
      // A quote cut above is 63 characters with its quotes and ellipsis: leave it whole.
      .replace(new RegExp(`\\S{${max + 4},}`, "g"), (run) => echo(run, max))
  )
}
