/**
 * The `stateFile` option: a restarted sandbox still knows, pays, lists and exports the checkouts
 * it created; the file is replaced whole (never half written); an unreadable file is moved aside
 * with a message, not trusted and not overwritten.
 */
import fs from "node:fs"
import { Agent } from "node:http"
import os from "node:os"
import path from "node:path"
import axios from "axios"
import { parseCli } from "../cli"
import { createSandbox } from "../server"
import { loadState } from "../state-file"
import type { SandboxHandle } from "../types"
import { TOKEN, valid } from "./helpers/sandbox-calls"

// No kept-alive sockets: the restarted sandbox listens on the port of the one closed.
const http = axios.create({
  httpAgent: new Agent({ keepAlive: false }),
  validateStatus: () => true,
  maxRedirects: 0,
  timeout: 3000,
})

let dir: string
let file: string
const open: SandboxHandle[] = []

async function start(options: Parameters<typeof createSandbox>[0] = {}) {
  const s = await createSandbox({ stateFile: file, ...options })
  open.push(s)
  return s
}

async function checkout(s: SandboxHandle, name: "gatewayASingle" | "gatewayB") {
  const res = await http.post(s.endpointUrl(name), valid[name], {
    headers: { "X-Token": TOKEN[name] as string },
  })
  expect(res.status).toBe(201)
  return res.data as { id: string; url: string }
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "paylink-sandbox-state-"))
  file = path.join(dir, "sandbox.json")
})

afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()))
  fs.rmSync(dir, { recursive: true, force: true })
})

describe("sandbox state file", () => {
  it("a restart keeps checkouts, payments, discounts and benefits tokens; an open link is paid after it", async () => {
    const first = await start()
    const paid = await checkout(first, "gatewayB")
    const left = await checkout(first, "gatewayASingle")
    first.payWithoutReturn(paid.id, { cardLast4: "1111" })
    const setup = await http.post(first.endpointUrl("setup"), valid.setup)
    const discount = await http.post(
      first.endpointUrl("discount"),
      valid.discount,
      { headers: { "X-Token": setup.data.token } }
    )
    expect(discount.status).toBe(201)
    const port = first.port
    await first.close()

    // The same port, so the hosted-page addresses handed out before still open.
    const second = await start({ port })
    expect([...second.checkouts.keys()].sort()).toEqual(
      [paid.id, left.id].sort()
    )
    expect(second.checkouts.get(paid.id)).toMatchObject({
      state: "paid",
      cardLast4: "1111",
    })
    expect(second.discounts).toHaveLength(1)
    const again = await http.post(
      second.endpointUrl("discount"),
      valid.discount,
      {
        headers: { "X-Token": setup.data.token },
      }
    )
    expect(again.status).toBe(201)

    expect((await http.get(left.url)).status).toBe(200)
    expect((await http.post(`${left.url}/pay`)).status).toBe(303)
    expect(second.checkouts.get(left.id)?.state).toBe("paid")
    expect(second.exportCsv("gatewayA").toString("utf8")).toContain(left.id)
    expect(second.exportCsv("gatewayB").toString("utf8")).toContain(paid.id)
    // The control API and the front page list them too.
    const listed = await http.get(`${second.url}/__sandbox/checkouts`)
    expect(listed.data.checkouts).toHaveLength(2)
    await second.close()

    // The payment made after the restart is kept as well.
    const third = await start({ port })
    expect(third.checkouts.get(left.id)?.state).toBe("paid")
  })

  it("a restart keeps a subscription's renewals (exported, and the next counted from the last); a file without renewals reads as none", async () => {
    const first = await start()
    const created = await http.post(
      first.endpointUrl("gatewayASubscription"),
      valid.gatewayASubscription,
      { headers: { "X-Token": TOKEN.gatewayASubscription as string } }
    )
    expect(created.status).toBe(201)
    const id = created.data.id as string
    first.payWithoutReturn(id)
    first.chargeNextPeriod(id, { at: "2030-01-01T12:00:00Z", amount: 95 })
    const before = first.checkouts.get(id)!.renewals
    const exported = first.exportCsv("gatewayA").toString("utf8")
    await first.close()

    // Restarted on a clock past the next due date, so the charge falls on it.
    const second = await start({ now: () => new Date("2031-01-01T00:00:00Z") })
    expect(second.checkouts.get(id)!.renewals).toEqual(before)
    expect(second.exportCsv("gatewayA").toString("utf8")).toBe(exported)
    // Every 2 weeks (the plan of valid.gatewayASubscription), from the renewal kept.
    expect(second.chargeNextPeriod(id).renewals[1].at).toBe(
      "2030-01-15T12:00:00.000Z"
    )
    await second.close()
    expect(loadState(file).state?.checkouts[0].renewals).toHaveLength(2)

    // A file an earlier sandbox wrote: checkouts without the field.
    const old = JSON.parse(fs.readFileSync(file, "utf8"))
    delete old.checkouts[0].renewals
    fs.writeFileSync(file, JSON.stringify(old))
    const third = await start()
    expect(third.checkouts.get(id)!.renewals).toEqual([])
    expect(third.chargeNextPeriod(id).renewals).toHaveLength(1)
  })

  it("reset empties the file too; the file is replaced whole, no temporary file stays", async () => {
    const s = await start()
    await checkout(s, "gatewayB")
    expect(loadState(file).state?.checkouts).toHaveLength(1)
    s.reset()
    expect(loadState(file).state?.checkouts).toEqual([])
    expect(fs.readdirSync(dir)).toEqual(["sandbox.json"])
  })

  it("an unreadable file (cut short) is moved aside with a message, and the sandbox starts empty", async () => {
    const s = await start()
    await checkout(s, "gatewayB")
    await s.close()
    const whole = fs.readFileSync(file, "utf8")
    fs.writeFileSync(file, whole.slice(0, Math.floor(whole.length / 2)))
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {})
    try {
      const after = await start()
      expect(after.checkouts.size).toBe(0)
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(
          /state file .*sandbox\.json is not valid JSON .*moved to .*sandbox\.json\.unreadable-/
        )
      )
    } finally {
      warn.mockRestore()
    }
    const aside = fs.readdirSync(dir).find((f) => f.includes(".unreadable-"))
    expect(aside).toBeDefined()
    // Kept for whoever wants to look at it, untouched.
    expect(fs.readFileSync(path.join(dir, aside!), "utf8")).toBe(
      whole.slice(0, Math.floor(whole.length / 2))
    )
  })

  it("a file of another shape is not trusted", () => {
    fs.writeFileSync(file, JSON.stringify({ version: 1, checkouts: [1, 2] }))
    const loaded = loadState(file)
    expect(loaded.state).toBeNull()
    expect(loaded.warning).toMatch(/checkouts list/)
    fs.writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        checkouts: [
          {
            id: "c",
            endpoint: "gatewayASubscription",
            state: "paid",
            renewals: [{ at: 1 }],
          },
        ],
      })
    )
    expect(loadState(file).warning).toMatch(/checkouts list/)
  })

  it("off by default: nothing is written, and the handle says so", async () => {
    const s = await createSandbox()
    open.push(s)
    await checkout(s, "gatewayB")
    expect(s.stateFile).toBeNull()
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it("rejects an empty path; the CLI takes --state-file or PAYLINK_SANDBOX_STATE_FILE", async () => {
    await expect(createSandbox({ stateFile: " " })).rejects.toThrow(
      /stateFile must be a file path/
    )
    expect(
      parseCli(["--state-file", "s.json"], {
        PAYLINK_SANDBOX_STATE_FILE: "env.json",
      })
    ).toMatchObject({ options: { stateFile: "s.json" } })
    expect(
      parseCli([], { PAYLINK_SANDBOX_STATE_FILE: "env.json" })
    ).toMatchObject({ options: { stateFile: "env.json" } })
  })
})
