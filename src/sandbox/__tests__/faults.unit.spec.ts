/** Fault injection: queued and seeded random faults (500, 401, malformed, hang, late) and their counts. */
import { createSandbox } from "../server"
import {
  benefitsToken,
  call,
  http,
  sandbox,
  useSandbox,
  valid,
} from "./helpers/sandbox-calls"

useSandbox()

describe("fault injection", () => {
  it("500 once, then normal service", async () => {
    sandbox.failNext(1, "500")
    expect((await call("gatewayC", valid.gatewayC)).status).toBe(500)
    expect((await call("gatewayC", valid.gatewayC)).status).toBe(201)
  })

  it("401 even with a valid token, for the named endpoint only", async () => {
    sandbox.failNext(2, "401", "gatewayB")
    expect((await call("gatewayC", valid.gatewayC)).status).toBe(201)
    expect((await call("gatewayB", valid.gatewayB)).status).toBe(401)
    expect((await call("gatewayB", valid.gatewayB)).status).toBe(401)
    expect((await call("gatewayB", valid.gatewayB)).status).toBe(201)
  })

  it("malformed: 201 with a truncated JSON body", async () => {
    sandbox.failNext(1, "malformed", "gatewayASingle")
    const res = await call("gatewayASingle", valid.gatewayASingle, {
      responseType: "text",
      transitional: { silentJSONParsing: true },
    })
    expect(res.status).toBe(201)
    expect(() => JSON.parse(res.data)).toThrow()
    expect(sandbox.checkouts.size).toBe(0)
  })

  it("hang: no answer; the call stays unanswered in the log", async () => {
    sandbox.failNext(1, "hang")
    await expect(
      call("gatewayC", valid.gatewayC, { timeout: 200 })
    ).rejects.toMatchObject({ code: "ECONNABORTED" })
    expect(sandbox.requests[0]).toMatchObject({
      endpoint: "gatewayC",
      status: null,
    })
    expect((await call("gatewayC", valid.gatewayC)).status).toBe(201)
  })

  it("refuses nonsense faults", () => {
    expect(() => sandbox.failNext(0, "500")).toThrow(/count/)
    expect(() => sandbox.failNext(1, "teapot" as never)).toThrow(/mode/)
    expect(() => sandbox.failNext(1, "500", "nope" as never)).toThrow(
      /endpoint/
    )
  })

  it("random faults: a seeded share of the named endpoints' calls, queued faults first, counted", async () => {
    sandbox.setRandomFaults({
      share: 0.5,
      modes: ["500", "401"],
      endpoints: ["gatewayC"],
      seed: 7,
    })
    sandbox.failNext(1, "malformed", "gatewayC")
    const statuses: number[] = []
    for (let i = 0; i < 40; i++)
      statuses.push(
        (await call("gatewayC", valid.gatewayC, { responseType: "text" }))
          .status
      )
    // The queued fault is used first: a 201 with a cut-off body.
    expect(statuses[0]).toBe(201)
    const failed = statuses.slice(1).filter((s) => s !== 201)
    expect(failed.length).toBeGreaterThan(5)
    expect(failed.length).toBeLessThan(35)
    expect(new Set(failed)).toEqual(new Set([500, 401]))
    // Other endpoints are untouched.
    for (let i = 0; i < 10; i++)
      expect((await call("gatewayB", valid.gatewayB)).status).toBe(201)
    const injected = sandbox.faultsInjected()
    expect(injected.gatewayB).toBeUndefined()
    expect(injected.gatewayC?.malformed).toBe(1)
    expect(
      (injected.gatewayC?.["500"] ?? 0) + (injected.gatewayC?.["401"] ?? 0)
    ).toBe(failed.length)

    // The same seed draws the same sequence.
    sandbox.reset()
    sandbox.setRandomFaults({
      share: 0.5,
      modes: ["500", "401"],
      endpoints: ["gatewayC"],
      seed: 7,
    })
    const again: number[] = []
    for (let i = 0; i < 39; i++)
      again.push((await call("gatewayC", valid.gatewayC)).status)
    expect(again).toEqual(statuses.slice(1))

    sandbox.setRandomFaults(null)
    expect((await call("gatewayC", valid.gatewayC)).status).toBe(201)
    expect(() =>
      sandbox.setRandomFaults({ share: 1.5, modes: ["500"] })
    ).toThrow(/share/)
    expect(() => sandbox.setRandomFaults({ share: 0.1, modes: [] })).toThrow(
      /modes/
    )
    expect(() =>
      sandbox.setRandomFaults({
        share: 0.1,
        modes: ["500"],
        endpoints: ["nope" as never],
      })
    ).toThrow(/endpoints/)
  })

  it("late: the checkout and the discount are made, the answer comes after the deadline, and both say so", async () => {
    sandbox.failNext(1, "late", "gatewayC")
    await expect(
      call("gatewayC", valid.gatewayC, { timeout: 300 })
    ).rejects.toMatchObject({ code: "ECONNABORTED" })
    expect([...sandbox.checkouts.values()].map((c) => c.answeredLate)).toEqual([
      true,
    ])

    const token = await benefitsToken()
    sandbox.failNext(1, "late", "discount")
    await expect(
      call("discount", valid.discount, { token, timeout: 300 })
    ).rejects.toMatchObject({ code: "ECONNABORTED" })
    const ok = await call("discount", valid.discount, { token })
    expect(
      sandbox.discounts.map((d) => [
        d.answeredLate,
        d.cardLast4,
        d.discount,
        d.total,
      ])
    ).toEqual([
      [true, "1234", "10", "100"],
      [false, "1234", "10", "100"],
    ])
    expect(sandbox.discounts[1].authorization).toBe(ok.data.authorization)
    expect(JSON.stringify(sandbox.discounts)).not.toContain(
      valid.discount.card as string
    )
  })

  it("close() ends calls held by a hang", async () => {
    const other = await createSandbox()
    other.failNext(1, "hang")
    const pending = http.post(other.endpointUrl("setup"), valid.setup, {
      timeout: 5000,
    })
    await new Promise((r) => setTimeout(r, 50))
    const started = Date.now()
    await other.close()
    await expect(pending).rejects.toBeTruthy()
    expect(Date.now() - started).toBeLessThan(1000)
  })
})
