/**
 * Every rule the paylink module can refuse a gateway save with is recognised by the page (else it
 * silently shows English) and lands on the field the server named.
 */
import { MedusaError } from "@medusajs/framework/utils"
import {
  gatewaySettingsProblem,
  type GatewaySettingsRow,
} from "../../../modules/paylink/utils/gateway-settings"
import { en } from "../../i18n"
import { AdminGatewaySettingsBody } from "../../../api/admin/paylink/schemas"
import {
  gatewayFieldMessage,
  gatewaySaveError,
  translatedServerMessage,
} from "../gateway-errors"
import { fieldErrorOf, fieldErrorsOf } from "../server-errors"

const t = ((key: string) =>
  key.split(".").reduce((o: any, k) => o?.[k], en) ?? `MISSING ${key}`) as any

const stored: GatewaySettingsRow = {
  gateway: "gateway_a",
  token_sealed: "v1:sealed",
  token_last4: "1234",
  path_segment: null,
  base_url: "https://pay.example.com",
  enabled: true,
  version: 3,
}

describe("server errors of the gateways' settings, on their field and in the admin's language", () => {
  it.each([
    ["token", { token: " padded " }, null, en.gateways.errors.tokenInvalid],
    [
      "base_url",
      { base_url: "http://example.com", token: "typed-with-it-0001" },
      null,
      en.gateways.errors.baseUrlInvalid,
    ],
    [
      "path_segment",
      { path_segment: "a/b" },
      null,
      en.gateways.errors.pathSegmentInvalid,
    ],
    [
      "token",
      { base_url: "https://other.example.com" },
      stored,
      en.gateways.errors.tokenAgainForNewAddress,
    ],
    [
      "token",
      { token: null },
      stored,
      en.gateways.errors.tokenNeededForAdminAddress,
    ],
  ] as const)("%s: %j", (field, input, previous, message) => {
    const problem = gatewaySettingsProblem(input as any, previous)
    expect(problem).toBeInstanceOf(MedusaError)
    expect(gatewaySaveError(t, problem)).toEqual({
      fields: [{ field, message }],
      message: null,
    })
  })

  it("every field the server named, each on its own field", () => {
    const problem = gatewaySettingsProblem(
      {
        base_url: "http://example.com",
        path_segment: "a/b",
        token: "typed-again-0001",
      },
      stored
    )
    expect(gatewaySaveError(t, problem)).toEqual({
      fields: [
        { field: "base_url", message: en.gateways.errors.baseUrlInvalid },
        {
          field: "path_segment",
          message: en.gateways.errors.pathSegmentInvalid,
        },
      ],
      message: null,
    })
    // A rule's own "; " is not a split: only "; <field>: " starts another field's problem.
    const again = gatewaySettingsProblem(
      { base_url: "https://other.example.com", path_segment: "a/b" },
      stored
    )
    expect(
      fieldErrorsOf(again, ["token", "base_url", "path_segment"] as const).map(
        (e) => e.field
      )
    ).toEqual(["token", "path_segment"])
    expect(gatewaySaveError(t, again).fields[0]).toEqual({
      field: "token",
      message: en.gateways.errors.tokenAgainForNewAddress,
    })
  })

  it("the route schema's refusal, after Medusa's \"Invalid request: \", lands on each field", () => {
    const routeAnswer = new Error(
      "Invalid request: token: must be the gateway's X-Token: 1 to 4096 printable characters without surrounding spaces (or null to use the provider option); " +
        "base_url: must be an absolute https URL (plain http only for localhost, 127.0.0.1 or ::1), or null to use the provider option; " +
        "path_segment: must be one URL path segment (letters, digits, . _ ~ -), or null to use the provider option"
    )
    expect(gatewaySaveError(t, routeAnswer)).toEqual({
      fields: [
        { field: "token", message: en.gateways.errors.tokenInvalid },
        { field: "base_url", message: en.gateways.errors.baseUrlInvalid },
        {
          field: "path_segment",
          message: en.gateways.errors.pathSegmentInvalid,
        },
      ],
      message: null,
    })
    // Medusa's own wording for what is not a field rule stays whole, in a toast.
    expect(
      gatewaySaveError(
        t,
        new Error("Invalid request: Unrecognized fields: 'secret'")
      )
    ).toEqual({
      fields: [],
      message: "Invalid request: Unrecognized fields: 'secret'",
    })
  })

  it("the form shows the schema's rule on its field, in the admin's language, before sending", () => {
    const parsed = AdminGatewaySettingsBody.safeParse({
      token: " padded ",
      base_url: "http://example.com",
      path_segment: "a/b",
      enabled: "no",
    })
    expect(parsed.success).toBe(false)
    const shown = parsed.error!.issues.map((i) => [
      i.path.join("."),
      gatewayFieldMessage(t, i.message),
    ])
    expect(shown).toEqual([
      ["token", en.gateways.errors.tokenInvalid],
      ["base_url", en.gateways.errors.baseUrlInvalid],
      ["path_segment", en.gateways.errors.pathSegmentInvalid],
      // No translation for it (the form's switch cannot send anything else): the rule without its field.
      ["enabled", "must be true or false"],
    ])
    // A message already translated (a server refusal set on the field) is shown as it is.
    expect(gatewayFieldMessage(t, en.gateways.errors.tokenInvalid)).toBe(
      en.gateways.errors.tokenInvalid
    )
  })

  it("the service's own refusals are recognised too", () => {
    const noKey = new Error(
      "token: a gateway token cannot be stored without a key: set the medusa-plugin-paylink plugin option encryptionKey (32 bytes)."
    )
    expect(gatewaySaveError(t, noKey)).toEqual({
      fields: [{ field: "token", message: en.gateways.errors.noEncryptionKey }],
      message: null,
    })
    const meanwhile = new Error(
      "The gateway_a settings were changed by another save meanwhile: reload them and save again."
    )
    expect(gatewaySaveError(t, meanwhile)).toEqual({
      fields: [],
      message: en.gateways.errors.changedMeanwhile,
    })
    expect(
      translatedServerMessage(
        t,
        "base_url: gateway_c has no address: set base_url here or register its provider."
      )
    ).toBe(en.gateways.errors.noAddress)
  })

  it("an unknown message is shown as the server wrote it, on its field when it names one", () => {
    expect(gatewaySaveError(t, new Error("base_url: something new"))).toEqual({
      fields: [{ field: "base_url", message: "something new" }],
      message: null,
    })
    expect(gatewaySaveError(t, new Error("Internal error"))).toEqual({
      fields: [],
      message: "Internal error",
    })
    // A prefix that is not one of the form's fields is not a field error.
    expect(
      fieldErrorOf(new Error("note: too short"), ["token", "base_url"] as const)
    ).toBeNull()
    expect(fieldErrorOf("x", ["token"] as const)).toBeNull()
  })
})
