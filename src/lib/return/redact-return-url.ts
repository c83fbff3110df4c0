/**
 * A return address as a log may show it. Medusa's HTTP request log (morgan: one line per request,
 * JSON on stdout outside development, the logger's `http` level in development) writes each
 * request's `originalUrl`, and so does its tracing: a return address there would put its `sig`
 * in every log store the merchant ships logs to. The parameters that prove nothing on their own
 * and help to follow a return (outcome, amount, currency, expiry) are kept; every other value,
 * `sig` first, is replaced, and so is an odd parameter name.
 */
const KEPT = new Set(["outcome", "amount", "currency", "exp"])

export const REDACTED = "[redacted]"

export function redactReturnUrl(url: string): string {
  const mark = url.indexOf("?")
  if (mark < 0) {
    return url
  }
  const query = url
    .slice(mark + 1)
    .split("&")
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf("=")
      const name = eq < 0 ? part : part.slice(0, eq)
      const value = eq < 0 ? "" : part.slice(eq + 1)
      if (KEPT.has(name) && /^[\w.-]{0,32}$/.test(value)) {
        return part
      }
      return `${/^[\w-]{1,32}$/.test(name) ? name : REDACTED}=${REDACTED}`
    })
  return `${url.slice(0, mark)}?${query.join("&")}`
}
