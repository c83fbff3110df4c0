"use strict"
/**
 * Ports: the ones of the last run when they are free (kept in .demo/<database>/ports.json), so the
 * storefront, the admin and the links handed out before a restart keep their addresses (a browser
 * keeps the admin's sign-in per address); else the one the user asked for, or a free one.
 */
const fs = require("node:fs")
const net = require("node:net")
const path = require("node:path")
const { DemoError } = require("./errors")

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on("error", reject)
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

function isFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer()
    srv.once("error", () => resolve(false))
    srv.listen(port, "0.0.0.0", () => srv.close(() => resolve(true)))
  })
}

const isPort = (p) => Number.isInteger(p) && p >= 1 && p <= 65535

/** `wanted` from an environment variable (named for the message), else a free port. */
async function pickPort(wanted, envName) {
  if (!wanted) return freePort()
  const port = Number(wanted)
  if (!isPort(port))
    throw new DemoError(
      `${envName}=${wanted} is not a port`,
      `set ${envName} to a number from 1 to 65535, or unset it`
    )
  if (!(await isFree(port))) {
    throw new DemoError(
      `port ${port} (${envName}) is in use`,
      `stop what listens there (lsof -i :${port}), or choose another ${envName}, or unset it for a free port`
    )
  }
  return port
}

/** What each server is called in messages, and the variable that names its port. */
const ROLES = {
  store: { label: "storefront", env: "DEMO_STORE_PORT" },
  medusa: { label: "Medusa (admin)", env: "DEMO_MEDUSA_PORT" },
  sandbox: { label: "sandbox", env: "DEMO_SANDBOX_PORT" },
}

function readStored(file) {
  try {
    const stored = JSON.parse(fs.readFileSync(file, "utf8"))
    return stored && typeof stored === "object" ? stored : {}
  } catch {
    return {} // none yet, or unreadable: free ports, and the file is written again
  }
}

/**
 * The three ports, in this order of preference: the environment's (must be free), the last run's
 * from `file` (when free), a new free one. Answers { ports, notes }: a note for each port of the
 * last run that was taken, saying which replaced it. Writes what it chose to `file`.
 */
async function choosePorts(file, env = process.env) {
  const stored = readStored(file)
  const ports = {}
  const notes = []
  const taken = new Set()
  const reused = []
  for (const [role, { label, env: name }] of Object.entries(ROLES)) {
    let port
    if (env[name]) port = await pickPort(env[name], name)
    else if (
      isPort(stored[role]) &&
      !taken.has(stored[role]) &&
      (await isFree(stored[role]))
    ) {
      port = stored[role]
      reused.push(label)
    } else {
      do port = await freePort()
      while (taken.has(port))
      if (isPort(stored[role]))
        notes.push(
          `port ${stored[role]} of the ${label} (last run) is in use: using ${port}; addresses from before on it will not open`
        )
    }
    taken.add(port)
    ports[role] = port
  }
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(tmp, `${JSON.stringify(ports, null, 2)}\n`)
  fs.renameSync(tmp, file)
  return { ports, notes, reused }
}

module.exports = { choosePorts, freePort, isFree, pickPort }
