/** createSandbox options: custom tokens, credentials, paths and public URL, and the ones it refuses. */
import { createSandbox } from "../server"
import { http, valid } from "./helpers/sandbox-calls"

// Each test starts its own sandbox (or expects none to start), so the shared one is not needed.

describe("options", () => {
  it("custom tokens, credentials, paths and public URL", async () => {
    const custom = await createSandbox({
      publicUrl: "https://pay.example.test/",
      paths: { gatewayC: "other_c" },
      tokens: { gatewayC: "tok-c" },
      benefits: { user: "u", password: "p", branch: 7 },
    })
    try {
      expect(custom.endpointUrl("gatewayC")).toBe(
        `${custom.url}/pay/v2/other_c/checkouts/hosted/single`
      )
      const res = await http.post(
        custom.endpointUrl("gatewayC"),
        valid.gatewayC,
        { headers: { "X-Token": "tok-c" } }
      )
      expect(res.status).toBe(201)
      expect(res.data.url).toBe(
        `https://pay.example.test/hosted/${res.data.id}`
      )
      const setup = await http.post(custom.endpointUrl("setup"), {
        user: "u",
        password: "p",
        branch: 7,
      })
      expect(setup.status).toBe(200)
    } finally {
      await custom.close()
    }
  })

  it("refuses options that would make an endpoint unreachable", async () => {
    await expect(
      createSandbox({ paths: { gatewayB: "same", gatewayC: "same" } })
    ).rejects.toThrow(/same path/)
    await expect(createSandbox({ paths: { gatewayA: "a/b" } })).rejects.toThrow(
      /path segment/
    )
    // The client refuses these too: a URL parser would resolve "." and ".." away.
    await expect(createSandbox({ paths: { gatewayA: ".." } })).rejects.toThrow(
      /paths.gatewayA must be one URL path segment/
    )
    await expect(createSandbox({ checkoutTtlMinutes: 0 })).rejects.toThrow(
      /checkoutTtlMinutes/
    )
  })
})
