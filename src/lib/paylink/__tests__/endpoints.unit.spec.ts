import {
  DEFAULT_PATH_SEGMENTS,
  PATH_SEGMENT_PATTERN,
  endpointPath,
  isPathSegment,
  resolvePathSegments,
} from "../endpoints"

describe("path segments", () => {
  it.each(["gateway_a", "recurrente", "a.b", "x~y-z", "V2", "..."])(
    "%p is one URL path segment",
    (segment) => {
      expect(isPathSegment(segment)).toBe(true)
      expect(PATH_SEGMENT_PATTERN.test(segment)).toBe(true)
    }
  )

  it.each(["", ".", "..", "a/b", "a b", "é", "a?b", "a#b", "%2F"])(
    "%p is not",
    (segment) => {
      expect(isPathSegment(segment)).toBe(false)
      expect(PATH_SEGMENT_PATTERN.test(segment)).toBe(false)
    }
  )

  it("refuses non-strings", () => {
    expect(isPathSegment(5)).toBe(false)
    expect(isPathSegment(undefined)).toBe(false)
  })

  it("resolvePathSegments fills defaults, keeps undefined ones at their default, names the bad one", () => {
    expect(resolvePathSegments(undefined, "x")).toEqual(DEFAULT_PATH_SEGMENTS)
    expect(
      resolvePathSegments({ gatewayA: "a", gatewayB: undefined }, "x")
    ).toEqual({ ...DEFAULT_PATH_SEGMENTS, gatewayA: "a" })
    expect(() => resolvePathSegments({ benefits: ".." }, "owner")).toThrow(
      'owner: paths.benefits must be one URL path segment (letters, digits, . _ ~ -), got ".."'
    )
  })

  it("endpointPath puts the segment in the endpoint's path", () => {
    const segments = { ...DEFAULT_PATH_SEGMENTS, gatewayA: "ga" }
    expect(endpointPath("gatewayASubscription", segments)).toBe(
      "/pay/v2/ga/checkouts/hosted/subscription"
    )
    expect(endpointPath("setup", segments)).toBe(
      "/benefits/v2/benefits_program/setup"
    )
  })
})
