/** The sandbox's service API checks X-Token per gateway, benefits tokens and setup credentials, before the body. */
import type { EndpointName } from "../../lib/paylink/endpoints"
import {
  benefitsToken,
  call,
  expectFieldError,
  sandbox,
  useSandbox,
  valid,
} from "./helpers/sandbox-calls"

useSandbox()

describe("authentication", () => {
  const guarded: EndpointName[] = [
    "gatewayASingle",
    "gatewayASubscription",
    "gatewayB",
    "gatewayC",
    "discount",
  ]

  it.each(guarded)(
    "%s: 401 without X-Token and with a wrong one",
    async (name) => {
      for (const token of [null, "wrong-token"]) {
        const res = await call(name, valid[name], { token })
        expect(res.status).toBe(401)
        expect(res.data).toEqual({ message: "Unauthorized" })
      }
    }
  )

  it("a gateway's token does not open another gateway", async () => {
    expect(
      (await call("gatewayB", valid.gatewayB, { token: "sandbox-token-a" }))
        .status
    ).toBe(401)
  })

  it("auth is checked before the body: no token + bad body is 401", async () => {
    expect(
      (await call("gatewayASingle", { amount: "nope" }, { token: null })).status
    ).toBe(401)
    expect((await call("gatewayC", "not json", { token: null })).status).toBe(
      401
    )
  })

  it("revoked benefits tokens are refused until a new setup", async () => {
    const old = await benefitsToken()
    sandbox.revokeBenefitTokens()
    expect(
      (await call("discount", valid.discount, { token: old })).status
    ).toBe(401)
    expect(
      (await call("discount", valid.discount, { token: await benefitsToken() }))
        .status
    ).toBe(201)
  })

  it("setup: missing credentials 401, wrong credentials 401, malformed 400", async () => {
    expect((await call("setup", {})).status).toBe(401)
    expect((await call("setup", { user: "sandbox", branch: 1 })).status).toBe(
      401
    )
    expect((await call("setup", { ...valid.setup, password: "" })).status).toBe(
      401
    )
    expect(
      (await call("setup", { ...valid.setup, password: "nope" })).status
    ).toBe(401)
    expect((await call("setup", { ...valid.setup, branch: 2 })).status).toBe(
      401
    )
    expectFieldError(
      await call("setup", { ...valid.setup, branch: "1" }),
      "branch"
    )
    expectFieldError(
      await call("setup", { ...valid.setup, branch: 1.5 }),
      "branch"
    )
  })
})
