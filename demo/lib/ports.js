"use strict"
/** Ports: a free one from the system, or the one the user asked for, checked before anything starts. */
const net = require("node:net")
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

/** `wanted` from an environment variable (named for the message), else a free port. */
async function pickPort(wanted, envName) {
  if (!wanted) return freePort()
  const port = Number(wanted)
  if (!Number.isInteger(port) || port < 1 || port > 65535)
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

module.exports = { freePort, pickPort }
