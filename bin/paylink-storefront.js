#!/usr/bin/env node
"use strict"
// `paylink-storefront add <path>`: integrates the plugin into Medusa's Next.js storefront from the
// kit shipped in this package (storefront-kit/); `paylink-storefront --help` says more.
const { main } = require("./lib/storefront-cli")

try {
  process.exitCode = main(process.argv.slice(2))
} catch (err) {
  // A file system error while reading or writing (permissions, a full disk): the message is enough.
  console.error("paylink-storefront:", err && err.message ? err.message : err)
  process.exitCode = 1
}
