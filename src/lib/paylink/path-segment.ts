/**
 * One literal URL path segment: unreserved characters only, and not "." or ".." (a URL parser would
 * resolve them away). The one pattern for every configured segment; imports nothing.
 */
export const PATH_SEGMENT_PATTERN = /^(?!\.{1,2}$)[A-Za-z0-9._~-]+$/

/** The rule in words, for error messages: "paths.gatewayA must be <this>". */
export const PATH_SEGMENT_RULE =
  "one URL path segment (letters, digits, . _ ~ -)"

export function isPathSegment(value: unknown): value is string {
  return typeof value === "string" && PATH_SEGMENT_PATTERN.test(value)
}
