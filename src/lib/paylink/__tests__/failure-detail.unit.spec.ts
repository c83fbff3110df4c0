import {
  PaylinkAuthenticationError,
  PaylinkInvalidRequestError,
  PaylinkUnavailableError,
} from "../errors"
import { failureDetailOf, isFailureDetail } from "../failure-detail"

const ctx = { endpoint: "checkout" as any, label: "gateway A" }

describe("failureDetailOf: a failed link's reason as a code, from the typed error, never its words", () => {
  it("codes each kind, with the gateway and the HTTP status", () => {
    expect(
      failureDetailOf(
        PaylinkAuthenticationError.rejected(ctx, true),
        "gateway_a",
        true
      )
    ).toEqual({
      code: "authentication",
      params: { gateway: "gateway_a", http_status: 401 },
    })
    expect(
      failureDetailOf(
        PaylinkInvalidRequestError.fromAnswer(ctx, undefined),
        "gateway_b",
        true
      )
    ).toEqual({
      code: "invalid_request",
      params: { gateway: "gateway_b", http_status: 400 },
    })
    expect(
      failureDetailOf(
        PaylinkUnavailableError.because(ctx, "HTTP 500", { status: 500 }),
        "gateway_c",
        true
      ).code
    ).toBe("unavailable")
  })

  it("no readable answer is no_answer; an untyped error is other", () => {
    expect(
      failureDetailOf(
        PaylinkUnavailableError.because(ctx, "timeout", {
          outcomeUnknown: true,
        }),
        "gateway_a",
        true
      ).code
    ).toBe("no_answer")
    // An untyped error's fields are not trusted, whatever they look like.
    expect(
      failureDetailOf({ kind: "authentication" }, "gateway_a", false)
    ).toEqual({ code: "other", params: { gateway: "gateway_a" } })
  })

  it("isFailureDetail accepts only known codes", () => {
    expect(isFailureDetail({ code: "authentication", params: {} })).toBe(true)
    expect(isFailureDetail({ code: "nope", params: {} })).toBe(false)
    expect(isFailureDetail(null)).toBe(false)
  })
})
