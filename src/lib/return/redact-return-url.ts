/**
 * A return address as a log may show it: Medusa's request log and tracing write `originalUrl`, so
 * only outcome, amount, currency and expiry are kept; every other value, `sig` first, is replaced
 * (docs/architecture.md#return-addresses-stay-out-of-the-logs).
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
