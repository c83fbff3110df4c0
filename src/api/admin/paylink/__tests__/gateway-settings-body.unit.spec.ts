/**
 * The gateway save's field rules (the route's schema, also the admin form's): each refusal names its
 * field and rule in the module's words and never quotes the value.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { AdminGatewaySettingsBody } from "../schemas"
import { validateAndTransformBody } from "../../../utils/validation"
import { gatewaySettingsProblem } from "../../../../modules/paylink/utils/gateway-settings"

const issuesOf = (body: unknown) => {
  const parsed = AdminGatewaySettingsBody.safeParse(body)
  return parsed.success
    ? []
    : parsed.error.issues.map((i) => ({
        path: i.path.join("."),
        message: i.message,
      }))
}

/** The error the route's middleware passes on for `body` (null when it accepts it). */
async function routeRefusal(body: unknown): Promise<MedusaError | null> {
  const middleware = validateAndTransformBody(AdminGatewaySettingsBody) as (
    req: any,
    res: any,
    next: (e?: unknown) => void
  ) => Promise<void>
  let refusal: MedusaError | null = null
  await middleware({ body }, {}, (e) => {
    refusal = (e as MedusaError) ?? null
  })
  return refusal
}

describe("AdminGatewaySettingsBody", () => {
  it.each([
    ["token", { token: " padded " }, "token: must be the gateway's X-Token"],
    [
      "token",
      { token: "line\nbreak-1234" },
      "token: must be the gateway's X-Token",
    ],
    ["token", { token: "" }, "token: must be the gateway's X-Token"],
    ["token", { token: 12345678 }, "token: must be the gateway's X-Token"],
    [
      "token",
      { token: "x".repeat(4097) },
      "token: must be the gateway's X-Token",
    ],
    [
      "base_url",
      { base_url: "http://pay.example.com" },
      "base_url: must be an absolute https URL",
    ],
    [
      "base_url",
      { base_url: "not a url" },
      "base_url: must be an absolute https URL",
    ],
    [
      "path_segment",
      { path_segment: "a/b" },
      "path_segment: must be one URL path segment",
    ],
    [
      "path_segment",
      { path_segment: ".." },
      "path_segment: must be one URL path segment",
    ],
    ["enabled", { enabled: "yes" }, "enabled: must be true or false"],
  ])(
    "refuses %s in %j, naming the field and the rule",
    (path, body, message) => {
      const issues = issuesOf(body)
      expect(issues).toEqual([
        { path, message: expect.stringContaining(message) },
      ])
      expect(issues[0].message).not.toContain("padded")
      expect(issues[0].message).not.toContain("12345678")
      // The module's defensive re-check words the same rule the same way.
      expect(
        gatewaySettingsProblem(body as any, null)?.message.split(
          /; (?=[a-z_]+: )/
        )
      ).toContain(issues[0].message)
    }
  )

  it("accepts null (back to the provider option), http on this machine, and a field left out", () => {
    expect(
      issuesOf({ token: null, base_url: null, path_segment: null })
    ).toEqual([])
    expect(
      issuesOf({
        base_url: "http://localhost:9000",
        token: "typed-with-it-0001",
      })
    ).toEqual([])
    expect(
      issuesOf({
        base_url: "https://pay.example.com/prefix",
        path_segment: "gw_b.v2~x-y",
        enabled: false,
      })
    ).toEqual([])
    expect(issuesOf({})).toEqual([])
  })

  it("the route answers every field in one 400, in the form's order, after Medusa's prefix", async () => {
    const refusal = await routeRefusal({
      path_segment: "a/b",
      base_url: "http://pay.example.com",
      token: "bad\ntoken-secret",
    })
    expect(refusal).toBeInstanceOf(MedusaError)
    expect(refusal!.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(refusal!.message).toMatch(
      /^Invalid request: token: must be the gateway's X-Token.*; base_url: must be an absolute https URL.*; path_segment: must be one URL path segment/
    )
    expect(refusal!.message).not.toContain("token-secret")
    expect(
      await routeRefusal({
        base_url: "https://pay.example.com",
        token: "typed-with-it-0001",
      })
    ).toBeNull()
  })
})
