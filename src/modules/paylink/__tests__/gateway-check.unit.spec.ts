/**
 * A gateway's tests against the sandbox, which refuses a wrong token with 401 as the service does.
 * The address test (no token) cannot tell a wrong token from a right one, so it never says the token
 * passed; Test token makes one unpaid Q 5.00 link and is the only one that proves the token.
 */
import { createSandbox } from "../../../sandbox"
import type { SandboxHandle } from "../../../sandbox/types"
import {
  checkGatewayAddresses,
  checkGatewayToken,
} from "../utils/gateway-check"

const RIGHT = "gwA-right-token-0001"

describe("a gateway's tests against a service that refuses a wrong token", () => {
  let sandbox: SandboxHandle
  let numbers: number
  const request = {
    takeNumber: async () => ++numbers,
    email: "marta@example.com",
    language: "es" as const,
  }
  const at = (token: string | null) => [
    { baseUrl: sandbox.url, segment: "gateway_a", token },
  ]

  beforeAll(async () => {
    sandbox = await createSandbox({
      port: 0,
      host: "127.0.0.1",
      tokens: { gatewayA: RIGHT },
    })
  })
  afterAll(() => sandbox.close())
  beforeEach(() => {
    sandbox.reset()
    numbers = 9000
  })

  it("Test token with a wrong token: the gateway rejected the token, nothing made, not ok", async () => {
    const result = await checkGatewayToken(
      "gateway_a",
      at("wrong-token-123"),
      request,
      1000
    )
    expect(result).toMatchObject({
      kind: "token",
      ok: false,
      token_proven: false,
      targets: [{ outcome: "token_rejected", status: 401 }],
    })
    expect(result.message).toContain("the gateway rejected the token")
    expect(result.message).not.toContain("wrong-token-123")
    expect(sandbox.checkouts.size).toBe(0)
  })

  it("the address test passes a wrong token alike, so it says the token is not proven", async () => {
    const result = await checkGatewayAddresses("gateway_a", at(null), 1000)
    expect(result).toMatchObject({
      kind: "address",
      ok: true,
      token_proven: false,
    })
    expect(result.message).toContain("The token was not proven")
  })

  it("Test token with the right token: one unpaid Q 5.00 link titled as a test, its number the one taken", async () => {
    const result = await checkGatewayToken(
      "gateway_a",
      at(RIGHT),
      request,
      1000
    )
    expect(result).toMatchObject({
      kind: "token",
      ok: true,
      token_proven: true,
    })
    const link = result.targets[0].test_link!
    expect(link).toMatchObject({
      number: 9001,
      amount: "5.00",
      currency: "GTQ",
      description: "Prueba de conexión de la tienda — no pagar",
    })
    const made = sandbox.checkouts.get(link.checkout_id)!
    expect(made.amount).toBe("5.00")
    expect(made.request).toMatchObject({ number: 9001 })
    expect(made.url).toBe(link.url)
  })

  it("a target without a token sends nothing and says so", async () => {
    const result = await checkGatewayToken("gateway_a", at(null), request, 1000)
    expect(result.targets[0]).toMatchObject({ outcome: "no_token" })
    expect(result.ok).toBe(false)
    expect(sandbox.requests).toHaveLength(0)
  })
})
