/**
 * One literal URL path segment: unreserved characters only (nothing to escape, no "/"), and not
 * "." or "..", which a URL parser would resolve away. Every check of a configured segment (the
 * client, the sandbox, the plugin and provider options, the admin's gateway form) uses this one
 * pattern. Imports nothing, so the admin's forms check with it too.
 */
export const PATH_SEGMENT_PATTERN = /^(?!\.{1,2}$)[A-Za-z0-9._~-]+$/

/** The rule in words, for error messages: "paths.gatewayA must be <this>". */
export const PATH_SEGMENT_RULE = "one URL path segment (letters, digits, . _ ~ -)"

export function isPathSegment(value: unknown): value is string {
  return typeof value === "string" && PATH_SEGMENT_PATTERN.test(value)
}
