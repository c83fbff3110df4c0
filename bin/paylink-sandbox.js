#!/usr/bin/env node
"use strict"
// Runs the sandbox CLI from the built package when there is one (an installed copy), and from the
// TypeScript sources otherwise (this repository, before `npm run build`).
const fs = require("node:fs")
const path = require("node:path")

const root = path.join(__dirname, "..")
const built = path.join(root, ".medusa", "server", "src", "sandbox", "cli.js")

function loadCli() {
  if (fs.existsSync(built)) return require(built)
  // Transpile only: type errors are `npm run typecheck`'s job, and this keeps start-up fast.
  require("ts-node").register({
    project: path.join(root, "tsconfig.json"),
    transpileOnly: true,
    swc: true,
  })
  return require(path.join(root, "src", "sandbox", "cli.ts"))
}

loadCli()
  .main(process.argv.slice(2), process.env)
  .catch((err) => {
    console.error("paylink-sandbox:", err && err.message ? err.message : err)
    process.exit(1)
  })
