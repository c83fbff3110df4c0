"use strict"
/**
 * The service emulator (src/sandbox) in this process, from its TypeScript sources like
 * bin/paylink-sandbox.js does before a build (transpile only, swc: fast).
 */
const path = require("node:path")
const { DemoError } = require("./errors")

const REPO = path.resolve(__dirname, "../..")

async function startSandbox(port) {
  require("ts-node").register({ project: path.join(REPO, "tsconfig.json"), transpileOnly: true, swc: true })
  const { createSandbox } = require(path.join(REPO, "src", "sandbox", "index.ts"))
  try {
    return await createSandbox({ port, host: "127.0.0.1" })
  } catch (e) {
    if (e.code === "EADDRINUSE") throw new DemoError(`port ${port} for the sandbox is in use`, "choose another DEMO_SANDBOX_PORT, or unset it")
    throw e
  }
}

module.exports = { startSandbox }
