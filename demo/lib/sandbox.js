"use strict"
/**
 * The service emulator (src/sandbox) in this process, from its TypeScript sources like
 * bin/paylink-sandbox.js does before a build (transpile only, swc: fast).
 */
const path = require("node:path")
const { DemoError } = require("./errors")

const REPO = path.resolve(__dirname, "../..")

/** A module of src/sandbox, from its TypeScript source (e.g. "index", "random"). */
function loadSandboxSource(name) {
  require("ts-node").register({
    project: path.join(REPO, "tsconfig.json"),
    transpileOnly: true,
    swc: true,
  })
  return require(path.join(REPO, "src", "sandbox", `${name}.ts`))
}

/**
 * `stateFile`: where the sandbox keeps its checkouts, payments and discounts, so links handed out
 * before a restart still open, and earlier purchases can still be exported and reconciled.
 */
async function startSandbox(port, { stateFile } = {}) {
  const { createSandbox } = loadSandboxSource("index")
  try {
    return await createSandbox({ port, host: "127.0.0.1", stateFile })
  } catch (e) {
    if (e.code === "EADDRINUSE")
      throw new DemoError(
        `port ${port} for the sandbox is in use`,
        "choose another DEMO_SANDBOX_PORT, or unset it"
      )
    throw e
  }
}

module.exports = { startSandbox, loadSandboxSource }
