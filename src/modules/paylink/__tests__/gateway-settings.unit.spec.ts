import http from "node:http"
import type { AddressInfo } from "node:net"
import {
  changedFields,
  gatewaySettingsProblem,
  gatewaySettingsProblems,
  isAcceptableGatewayUrl,
  lastFour,
  settingsPatch,
  type GatewaySettingsRow,
} from "../utils/gateway-settings"
import { effectiveConfig, viewOf } from "../utils/gateway-view"
import { clientFor } from "../../../providers/base/gateway-config"
import { PaylinkClient } from "../../../lib/paylink/client"

const row = (over: Partial<GatewaySettingsRow> = {}): GatewaySettingsRow => ({
  gateway: "gateway_b",
  token_sealed: "sealed:admin-token-9999",
  token_last4: "9999",
  path_segment: null,
  base_url: null,
  enabled: true,
  version: 3,
  ...over,
})
const fallback = {
  token: "option-token-1234",
  baseUrl: "https://api.example.com",
  pathSegment: undefined,
}
const open = (sealed: string) => sealed.replace(/^sealed:/, "")
const messageOf = (e: unknown) => (e as Error | null)?.message ?? null

describe("gatewaySettingsProblem", () => {
  it("accepts https anywhere and plain http only on this machine", () => {
    expect(isAcceptableGatewayUrl("https://pay.example.com/prefix")).toBe(true)
    for (const local of [
      "http://localhost:4010",
      "http://127.0.0.1:4010",
      "http://[::1]:4010",
    ]) {
      expect(isAcceptableGatewayUrl(local)).toBe(true)
    }
    for (const bad of [
      "http://pay.example.com",
      "ftp://localhost",
      "not a url",
      "http://127.0.0.2",
    ]) {
      expect(isAcceptableGatewayUrl(bad)).toBe(false)
    }
  })

  it("refuses a new base_url without the token typed again, naming token", () => {
    expect(
      messageOf(
        gatewaySettingsProblem({ base_url: "https://new.example.com" }, row())
      )
    ).toMatch(/^token: changing base_url/)
    expect(
      messageOf(
        gatewaySettingsProblem({ base_url: "https://new.example.com" }, null)
      )
    ).toMatch(/^token: changing base_url/)
    expect(
      gatewaySettingsProblem(
        { base_url: "https://new.example.com", token: "typed-again-0001" },
        row()
      )
    ).toBeNull()
    // The same address again is no change.
    expect(
      gatewaySettingsProblem(
        { base_url: "https://old.example.com" },
        row({ base_url: "https://old.example.com" })
      )
    ).toBeNull()
  })

  it("never lets the provider option's token go to an address set in the admin", () => {
    const withAddress = row({ base_url: "https://old.example.com" })
    expect(
      messageOf(gatewaySettingsProblem({ token: null }, withAddress))
    ).toMatch(/^token: a base_url set in the admin/)
    expect(
      messageOf(
        gatewaySettingsProblem(
          { base_url: "https://new.example.com", token: null },
          withAddress
        )
      )
    ).toMatch(/^token:/)
    expect(
      gatewaySettingsProblem({ base_url: null, token: null }, withAddress)
    ).toBeNull()
  })

  it("names the field and never quotes a bad token", () => {
    const bad = gatewaySettingsProblem({ token: "line\nbreak-secret" }, null)
    expect(messageOf(bad)).toMatch(/^token: must be the gateway's X-Token/)
    expect(messageOf(bad)).not.toContain("break-secret")
    expect(
      messageOf(gatewaySettingsProblem({ token: " padded-token " }, null))
    ).toMatch(/^token:/)
    expect(
      messageOf(gatewaySettingsProblem({ path_segment: "a/b" }, null))
    ).toMatch(/^path_segment:/)
    expect(
      messageOf(gatewaySettingsProblem({ path_segment: ".." }, null))
    ).toMatch(/^path_segment:/)
    expect(
      messageOf(
        gatewaySettingsProblem(
          { base_url: "http://pay.example.com", token: "t-0000000" },
          null
        )
      )
    ).toMatch(/^base_url:/)
    expect(
      gatewaySettingsProblem({ path_segment: "gw_b-2", enabled: false }, null)
    ).toBeNull()
  })
})

describe("back to the provider's address, every problem at once, a save that changes nothing", () => {
  const atAddress = row({ base_url: "https://old.example.com" })

  it("emptying base_url without a token drops the token typed for that address, instead of refusing", () => {
    expect(gatewaySettingsProblem({ base_url: null }, atAddress)).toBeNull()
    expect(settingsPatch({ base_url: null }, atAddress, () => "x")).toEqual({
      version: 4,
      base_url: null,
      token_sealed: null,
      token_last4: null,
    })
    expect(
      effectiveConfig(
        "gateway_b",
        { ...atAddress, base_url: null, token_sealed: null, token_last4: null },
        fallback,
        open
      )
    ).toMatchObject({
      token: "option-token-1234",
      baseUrl: "https://api.example.com",
    })
    // Another address set here still needs the token typed again (the form says why).
    expect(
      messageOf(
        gatewaySettingsProblem(
          { base_url: "https://new.example.com" },
          atAddress
        )
      )
    ).toMatch(/^token: changing base_url/)
    // The same address again keeps the token.
    expect(
      settingsPatch(
        { base_url: "https://old.example.com" },
        atAddress,
        () => "x"
      )
    ).toEqual({ version: 4, base_url: "https://old.example.com" })
  })

  it("names every invalid field in one answer, each as `field: rule`", () => {
    const all = gatewaySettingsProblems(
      {
        token: "line\nbreak-secret",
        base_url: "http://pay.example.com",
        path_segment: "a/b",
      },
      null
    )
    expect(all.map((p) => p.split(":")[0])).toEqual([
      "token",
      "base_url",
      "path_segment",
    ])
    const joined = messageOf(
      gatewaySettingsProblem(
        {
          token: "line\nbreak-secret",
          base_url: "http://pay.example.com",
          path_segment: "a/b",
        },
        null
      )
    )
    expect(joined).toBe(all.join("; "))
    expect(joined).not.toContain("break-secret")
    // A bad address and a bad segment: both, not only the first.
    expect(
      gatewaySettingsProblems(
        {
          base_url: "http://example.com",
          path_segment: "a/b",
          token: "typed-again-0001",
        },
        atAddress
      )
    ).toHaveLength(2)
    expect(gatewaySettingsProblems({ enabled: false }, atAddress)).toEqual([])
  })

  it("tells the fields a save would change; none when every value given is the stored one", () => {
    const same = (token: string) => token === "admin-token-9999"
    expect(
      changedFields(
        {
          base_url: "https://old.example.com",
          path_segment: null,
          enabled: true,
        },
        atAddress,
        same
      )
    ).toEqual([])
    expect(
      changedFields({ token: "admin-token-9999" }, atAddress, same)
    ).toEqual([])
    expect(
      changedFields(
        { token: "another-token-0000", enabled: false },
        atAddress,
        same
      )
    ).toEqual(["token", "enabled"])
    expect(
      changedFields(
        { token: null },
        row({ token_sealed: null, token_last4: null }),
        same
      )
    ).toEqual([])
    expect(changedFields({ token: null }, atAddress, same)).toEqual(["token"])
    // No row yet: the provider options are the stored values.
    expect(
      changedFields(
        { base_url: null, path_segment: null, enabled: true, token: null },
        null,
        same
      )
    ).toEqual([])
    expect(changedFields({ path_segment: "custom" }, null, same)).toEqual([
      "path_segment",
    ])
  })
})

describe("settingsPatch", () => {
  it("seals the token, keeps its last 4, bumps the version and leaves out what was not given", () => {
    expect(
      settingsPatch(
        { token: "new-admin-token-4321" },
        row(),
        (t) => `sealed:${t}`
      )
    ).toEqual({
      version: 4,
      token_sealed: "sealed:new-admin-token-4321",
      token_last4: "4321",
    })
    expect(
      settingsPatch(
        { token: null, enabled: false, path_segment: null },
        null,
        () => "x"
      )
    ).toEqual({
      version: 1,
      token_sealed: null,
      token_last4: null,
      enabled: false,
      path_segment: null,
    })
  })

  it("shows no last 4 of a token too short to hide the rest", () => {
    expect(lastFour("abcdefgh")).toBe("efgh")
    expect(lastFour("abcdefg")).toBeNull()
  })
})

describe("effectiveConfig and viewOf", () => {
  it("takes each field from the admin when set, else from the provider option", () => {
    expect(effectiveConfig("gateway_b", null, fallback, open)).toMatchObject({
      enabled: true,
      token: "option-token-1234",
      baseUrl: "https://api.example.com",
      pathSegment: "gateway_b",
      sources: {
        token: "provider_option",
        base_url: "provider_option",
        path_segment: "provider_option",
      },
    })
    const admin = row({
      base_url: "https://other.example.com",
      path_segment: "custom",
      enabled: false,
    })
    expect(
      effectiveConfig("gateway_a_subscription", admin, fallback, open)
    ).toMatchObject({
      enabled: false,
      token: "admin-token-9999",
      baseUrl: "https://other.example.com",
      pathSegment: "custom",
      version: 3,
      sources: { token: "admin", base_url: "admin", path_segment: "admin" },
    })
    expect(
      effectiveConfig(
        "gateway_a_subscription",
        null,
        { ...fallback, pathSegment: "opt_a" },
        open
      ).pathSegment
    ).toBe("opt_a")
    expect(
      effectiveConfig("gateway_a_subscription", null, fallback, open)
        .pathSegment
    ).toBe("gateway_a")
  })

  it("never shows a token; the providers' options only when they agree", () => {
    const registered = [
      {
        base_url: "https://api.example.com",
        path_segment: "gateway_b",
        token_last4: "1234",
      },
    ]
    const view = viewOf("gateway_b", row(), registered)
    expect(JSON.stringify(view)).not.toContain("admin-token")
    expect(JSON.stringify(view)).not.toContain("sealed")
    expect(view).toMatchObject({
      token_set: true,
      token_last4: "9999",
      effective: {
        token: { source: "admin", last4: "9999" },
        base_url: {
          source: "provider_option",
          value: "https://api.example.com",
        },
        path_segment: { source: "provider_option", value: "gateway_b" },
      },
    })
    const disagree = viewOf("gateway_b", null, [
      ...registered,
      { ...registered[0], base_url: "https://b.example.com" },
    ])
    expect(disagree.effective.base_url).toEqual({
      source: "provider_option",
      value: null,
    })
    expect(disagree.effective.token).toEqual({
      source: "provider_option",
      set: true,
      last4: "1234",
    })
    expect(viewOf("gateway_c", null, [])).toMatchObject({
      token_set: false,
      enabled: true,
      version: 0,
      effective: { token: { set: false } },
    })
  })
})

describe("clients and the no-token probe", () => {
  it("shares one client per address and path", () => {
    const a = clientFor(
      "https://api.example.com",
      "gatewayB",
      "gateway_b",
      1000
    )
    expect(
      clientFor("https://api.example.com", "gatewayB", "gateway_b", 1000)
    ).toBe(a)
    expect(
      clientFor("https://api.example.com", "gatewayB", "other", 1000)
    ).not.toBe(a)
    expect(
      clientFor("https://api2.example.com", "gatewayB", "gateway_b", 1000)
    ).not.toBe(a)
  })

  it("posts an empty body without X-Token and reports the answer", async () => {
    const seen: { token?: string; body: string }[] = []
    let status = 401
    const server = http.createServer((req, res) => {
      let body = ""
      req.on("data", (c) => (body += c))
      req.on("end", () => {
        seen.push({ token: req.headers["x-token"] as string | undefined, body })
        res.writeHead(status, { "content-type": "application/json" }).end("{}")
      })
    })
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
    const { port } = server.address() as AddressInfo
    try {
      const client = new PaylinkClient({
        baseUrl: `http://127.0.0.1:${port}`,
        timeoutMs: 1000,
        connectRetries: 0,
      })
      expect(await client.probeWithoutToken("gatewayC")).toEqual({
        outcome: "rejected",
        status: 401,
      })
      status = 404
      expect(await client.probeWithoutToken("gatewayC")).toEqual({
        outcome: "answered",
        status: 404,
      })
      expect(seen).toEqual([
        { token: undefined, body: "{}" },
        { token: undefined, body: "{}" },
      ])
    } finally {
      await new Promise<void>((r) => server.close(() => r()))
    }
    const down = await new PaylinkClient({
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 1000,
      connectRetries: 0,
    }).probeWithoutToken("gatewayC")
    expect(down).toMatchObject({ outcome: "unreachable", status: null })
  })
})
