#!/usr/bin/env node
"use strict"
/**
 * Reads a V8 CPU profile (`npm run bench -- --cpu-prof` writes one to bench/profiles) and prints
 * where the server's time went: self time per package (or this plugin's own folder), and the
 * functions with the most self time. Time is what the profile sampled, idle included, so shares
 * are given of the non-idle time.
 *
 *   node bench/profile-summary.js bench/profiles/CPU.….cpuprofile [--top 25]
 */
const fs = require("node:fs")
const path = require("node:path")

const file = process.argv[2]
if (!file) {
  console.error(
    "usage: node bench/profile-summary.js <file.cpuprofile> [--top N]"
  )
  process.exit(2)
}
const TOP = Number(process.argv[process.argv.indexOf("--top") + 1]) || 25
const profile = JSON.parse(fs.readFileSync(file, "utf8"))
const REPO = path.resolve(__dirname, "..")

// Self time per node: the sampled intervals attributed to it.
const selfUs = new Map()
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i + 1] ?? 0
  selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + dt)
}

/** Where a function lives: a package name, this plugin's folder, node's internals, or V8's. */
function ownerOf(url) {
  if (!url) return "(V8 / native)"
  const u = url.replace(/^file:\/\//, "")
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u)
  if (m) return m[1]
  if (u.startsWith("node:")) return "(node internals)"
  if (u.startsWith(REPO))
    return `plugin ${path.relative(REPO, u).split("/").slice(0, 2).join("/")}`
  return u
}

const byOwner = new Map()
const byFunction = new Map()
let idle = 0
let total = 0
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0
  if (!us) continue
  total += us
  const name = node.callFrame.functionName || "(anonymous)"
  if (
    name === "(idle)" ||
    name === "(program)" ||
    name === "(garbage collector)"
  ) {
    if (name === "(idle)") idle += us
    const key = name
    byOwner.set(key, (byOwner.get(key) ?? 0) + us)
    continue
  }
  const owner = ownerOf(node.callFrame.url)
  byOwner.set(owner, (byOwner.get(owner) ?? 0) + us)
  const fn = `${name}  ${owner}:${node.callFrame.lineNumber + 1}`
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us)
}

const busy = total - idle
const ms = (us) => (us / 1000).toFixed(0).padStart(8)
const pct = (us) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`
console.log(
  `profile ${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s not idle\n`
)
console.log("self time by package (share of the non-idle time)")
for (const [owner, us] of [...byOwner]
  .filter(([o]) => o !== "(idle)")
  .sort((a, b) => b[1] - a[1])
  .slice(0, TOP)) {
  console.log(`${ms(us)} ms ${pct(us)}  ${owner}`)
}
console.log("\nfunctions with the most self time")
for (const [fn, us] of [...byFunction]
  .sort((a, b) => b[1] - a[1])
  .slice(0, TOP))
  console.log(`${ms(us)} ms ${pct(us)}  ${fn}`)
