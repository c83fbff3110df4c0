/** The demo's ports (demo/lib/ports.js): the last run's when free, a new one only when taken, said. */
const fs = require("node:fs")
const net = require("node:net")
const os = require("node:os")
const path = require("node:path")
const { choosePorts } = require("../ports")

let dir
let file
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "demo-ports-"))
  file = path.join(dir, "paylink_demo", "ports.json")
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

function occupy(port) {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once("error", reject)
    srv.listen(port, "127.0.0.1", () => resolve(srv))
  })
}

describe("choosePorts", () => {
  it("keeps the first run's ports on the next run", async () => {
    const first = await choosePorts(file, {})
    expect(new Set(Object.values(first.ports)).size).toBe(3)
    expect(first.reused).toEqual([])
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual(first.ports)

    const second = await choosePorts(file, {})
    expect(second.ports).toEqual(first.ports)
    expect(second.reused).toEqual(["storefront", "Medusa (admin)", "sandbox"])
    expect(second.notes).toEqual([])
  })

  it("a port of the last run that is taken is replaced, and the note says so", async () => {
    const first = await choosePorts(file, {})
    const srv = await occupy(first.ports.medusa)
    try {
      const second = await choosePorts(file, {})
      expect(second.ports.store).toBe(first.ports.store)
      expect(second.ports.medusa).not.toBe(first.ports.medusa)
      expect(second.notes).toEqual([
        expect.stringContaining(
          `port ${first.ports.medusa} of the Medusa (admin) (last run) is in use: using ${second.ports.medusa}`
        ),
      ])
    } finally {
      srv.close()
    }
  })

  it("the environment's port wins; an unreadable file is as none", async () => {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, "{not json")
    const first = await choosePorts(file, {})
    expect(first.notes).toEqual([])
    const srv = await occupy(0)
    const busy = srv.address().port
    srv.close()
    const chosen = await choosePorts(file, { DEMO_STORE_PORT: String(busy) })
    expect(chosen.ports.store).toBe(busy)
    await expect(
      choosePorts(file, { DEMO_SANDBOX_PORT: "http" })
    ).rejects.toThrow(/DEMO_SANDBOX_PORT=http is not a port/)
  })
})
