"use strict"
/**
 * The integration applied as a merchant applies it: the package's own `paylink-storefront add`,
 * run from the stock app where the tarball is installed, against the copied storefront. Before it,
 * a copy with one file edited by hand must be refused with nothing changed; after it, a second run
 * must say it is already applied. Each is a check in the run's table.
 */
const crypto = require("node:crypto")
const fs = require("node:fs")
const path = require("node:path")
const { run } = require("../helpers/stock-app")

/** A file the integration changes, edited by hand in the refusal check. */
const EDITED = "src/modules/checkout/components/payment/index.tsx"

/** sha256 over every file of `dir` (path and content), node_modules and build output left out. */
function treeHash(dir) {
  const hash = crypto.createHash("sha256")
  const walk = (d) => {
    for (const name of fs.readdirSync(d).sort()) {
      if (["node_modules", ".next"].includes(name)) continue
      const p = path.join(d, name)
      if (fs.statSync(p).isDirectory()) walk(p)
      else
        hash
          .update(path.relative(dir, p))
          .update("\0")
          .update(fs.readFileSync(p))
    }
  }
  walk(dir)
  return hash.digest("hex")
}

function command(appDir, args) {
  const bin = path.join(appDir, "node_modules", ".bin", "paylink-storefront")
  const res = run(bin, args, { cwd: appDir })
  return { status: res.status, output: res.output }
}

/**
 * Runs the three checks; answers { checks, output } (output: what `add` printed, for the report).
 * `sfDir` ends applied, with the dependency pointed at `tarball` (the registry has no such package).
 */
function applyWithCommand({ appDir, sfDir, work, tarball }) {
  const checks = []
  const check = (name, ok, detail) =>
    checks.push({ flow: "command", name, ok, detail })

  // 1. A storefront with one of the integration's files edited by hand: refused, nothing changed.
  const edited = path.join(work, "storefront-edited")
  fs.rmSync(edited, { recursive: true, force: true })
  fs.cpSync(sfDir, edited, {
    recursive: true,
    filter: (src) => !["node_modules", ".next"].includes(path.basename(src)),
  })
  fs.appendFileSync(
    path.join(edited, EDITED),
    "\n// a change of the store's own\n"
  )
  const before = treeHash(edited)
  const refused = command(appDir, ["add", edited])
  const unchanged = treeHash(edited) === before
  check(
    "refuses-hand-edited-file",
    refused.status === 1 && refused.output.includes(EDITED) && unchanged,
    `exit ${refused.status}; names ${EDITED}: ${refused.output.includes(EDITED)}; tree unchanged: ${unchanged}`
  )
  fs.rmSync(edited, { recursive: true, force: true })

  // 2. The stock storefront: applied.
  const added = command(appDir, ["add", sfDir])
  check(
    "add",
    added.status === 0,
    `exit ${added.status}: ${added.output.trim().split("\n").slice(0, 3).join(" / ")}`
  )

  // 3. Again: already applied, nothing written.
  const hash = treeHash(sfDir)
  const again = command(appDir, ["add", sfDir])
  check(
    "already-applied",
    again.status === 0 &&
      /already applied/i.test(again.output) &&
      treeHash(sfDir) === hash,
    `exit ${again.status}: ${again.output.trim().split("\n")[0]}`
  )

  // The dependency the command added, from this run's tarball.
  const pkgFile = path.join(sfDir, "package.json")
  const pkg = JSON.parse(fs.readFileSync(pkgFile, "utf8"))
  if (pkg.dependencies?.["medusa-plugin-paylink"]) {
    pkg.dependencies["medusa-plugin-paylink"] = `file:${tarball}`
    fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2) + "\n")
  }
  return { checks, output: added.output }
}

module.exports = { applyWithCommand, treeHash }
