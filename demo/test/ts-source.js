"use strict"
/**
 * This repository's TypeScript sources in the test's process, as bin/paylink-sandbox.js loads them
 * before a build: ts-node, transpile only, swc (fast). Registered once: a second registration would
 * wrap require's hook again and compile every file twice.
 */
const path = require("node:path")

const REPO = path.resolve(__dirname, "../..")
let registered = false

/** The module at `relative` (from the repository's root), compiled on require. */
function requireTs(relative) {
  if (!registered) {
    require("ts-node").register({
      project: path.join(REPO, "tsconfig.json"),
      transpileOnly: true,
      swc: true,
    })
    registered = true
  }
  return require(path.join(REPO, relative))
}

module.exports = { requireTs }
