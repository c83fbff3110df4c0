"use strict"
/**
 * `paylink-storefront`: applies the storefront kit (lib/storefront-kit.js) to a storefront, prints
 * its patch, or says why it will not. main() returns the exit code and writes only to the streams
 * it is given.
 */
const fs = require("node:fs")
const path = require("node:path")
const kit = require("./storefront-kit")

const USAGE = `Usage: paylink-storefront <command> [options]

Integrates ${kit.PACKAGE_NAME} into Medusa's Next.js storefront (medusajs/dtc-starter, apps/storefront).

Commands:
  add <path>      apply the integration to <path>: a dtc-starter checkout, or its storefront folder
  diff            print the integration's patch (paths relative to the storefront folder)

Options of add:
  --dry-run       say what would change, write nothing
  --quiet-patch   when a file differs, leave the patch out of the message

  -h, --help      this help

add writes a file only where it holds exactly the upstream starter's bytes (line endings included)
or where the integration adds a file that is not there, and adds ${kit.PACKAGE_NAME} to the
storefront's package.json (or raises a range that allows an older version). It refuses a symlink on
any path it would write. If any file is neither the upstream's nor the integration's, it changes
nothing, exits 1 and prints the patch to merge by hand.
`

class UsageError extends Error {}

function parseArgs(argv) {
  const opts = {
    command: null,
    positional: [],
    dryRun: false,
    quietPatch: false,
    help: false,
  }
  for (const a of argv) {
    if (a === "-h" || a === "--help") opts.help = true
    else if (a === "--dry-run") opts.dryRun = true
    else if (a === "--quiet-patch") opts.quietPatch = true
    else if (a.startsWith("-")) throw new UsageError(`unknown option ${a}`)
    else if (!opts.command) opts.command = a
    else opts.positional.push(a)
  }
  if (opts.help || !opts.command) return opts
  if (opts.command === "add") {
    if (opts.positional.length !== 1)
      throw new UsageError(
        "add takes one path: a dtc-starter checkout or its storefront folder"
      )
  } else if (opts.command === "diff") {
    if (opts.positional.length) throw new UsageError("diff takes no argument")
    if (opts.dryRun || opts.quietPatch)
      throw new UsageError("--dry-run and --quiet-patch are options of add")
  } else {
    throw new UsageError(`unknown command ${opts.command}`)
  }
  return opts
}

const short = (commit) =>
  commit ? String(commit).slice(0, 7) : "unknown commit"

/** "kit dtc-starter, upstream medusajs/dtc-starter 9233262 of 2026-07-24" */
function kitLabel(manifest) {
  const up = manifest.upstream || {}
  const date = up.date ? ` of ${up.date}` : ""
  return `kit ${manifest.name}, upstream ${up.repo || "unknown"} ${short(up.commit)}${date}`
}

/** A path for a shell command line, quoted when it has to be. */
const shellPath = (p) =>
  /^[\w@%+=:,./-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`

/** The nearest folder at or above `dir` that holds .git, or null. */
function gitTop(dir) {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, ".git"))) return d
    if (path.dirname(d) === d) return null
  }
}

function counts(entry) {
  return [
    entry.added ? `+${entry.added}` : "",
    entry.removed ? `-${entry.removed}` : "",
  ]
    .filter(Boolean)
    .join(" ")
}

/** One aligned line per file written: its path, lines added and removed, and what it is. */
function changeLines(files, dep, prefix) {
  const rows = files.map((f) => [
    prefix + f.path,
    counts(f.entry) + (f.entry.before === null ? " (new file)" : ""),
  ])
  if (dep.action === "add")
    rows.push([
      `${prefix}package.json`,
      `+1 (${kit.PACKAGE_NAME} ${dep.range} in ${dep.section})`,
    ])
  else if (dep.action === "raise")
    rows.push([
      `${prefix}package.json`,
      `+1 -1 (${kit.PACKAGE_NAME} ${dep.current} raised to ${dep.range} in ${dep.section})`,
    ])
  const width = Math.max(...rows.map((r) => r[0].length))
  return rows.map(([p, what]) => `  ${p.padEnd(width)}  ${what}`)
}

function refusal(k, planned, where, prefix, opts) {
  const { differing, files } = planned
  const one = differing.length === 1
  const lines = [
    `paylink-storefront: nothing was changed: ${differing.length} of the integration's ${files.length} files in ${where} ` +
      `${one ? "is" : "are"} neither the upstream starter's nor the integration's (${kitLabel(k.manifest)}):`,
    ...differing.map((f) => `  ${prefix}${f.path}: ${f.reason}`),
    "",
    `Merge the integration into ${one ? "this file" : "these files"} by hand, from its patch (paths relative to the storefront folder):`,
    `  ${k.patch}`,
  ]
  // git apply reads a patch's paths from the repository's root, and inside a repository skips,
  // without a word, every file outside the folder it runs in: hence -C <root> and --directory.
  const top = gitTop(planned.storefrontDir) || planned.storefrontDir
  const sub = path
    .relative(top, planned.storefrontDir)
    .split(path.sep)
    .join("/")
  lines.push(
    "This command applies what fits and leaves a .rej file beside each file it cannot patch (a file",
    "the integration adds that is already there is skipped):",
    `  git -C ${shellPath(top)} apply --reject${sub ? ` --directory=${shellPath(sub)}` : ""} ${shellPath(k.patch)}`
  )
  if (!opts.quietPatch) lines.push("", "The patch:", "")
  return lines.join("\n") + "\n"
}

function nextSteps(manifest, storefrontDir, cwd) {
  const rel = path.relative(cwd, storefrontDir)
  const install = rel ? `cd ${shellPath(rel)} && npm install` : "npm install"
  const lines = [
    "",
    "Next steps:",
    `  1. Install the new dependency in the storefront: ${install}`,
  ]
  const env = Object.entries(manifest.env || {})
  if (env.length) {
    lines.push("  2. The storefront's environment (.env.local):")
    for (const [name, v] of env) {
      const value = v && typeof v === "object" ? v.value : v
      const note = v && typeof v === "object" && v.note ? `   # ${v.note}` : ""
      lines.push(`       ${name}=${value}${note}`)
    }
  }
  const backend = manifest.backend || []
  if (backend.length) {
    lines.push(`  ${env.length ? 3 : 2}. The Medusa backend:`)
    for (const line of backend) lines.push(`       ${line}`)
  }
  return lines.join("\n") + "\n"
}

function add(target, opts, io) {
  const k = kit.loadKit(io.kitDir)
  const { manifest } = k
  const given = path.resolve(io.cwd, target)
  const sf = kit.findStorefront(given, manifest.storefront)
  const where = sf.prefix ? sf.prefix.replace(/\/$/, "") : target
  const planned = { ...kit.plan(sf.dir, k, io.version), storefrontDir: sf.dir }

  if (planned.differing.length) {
    io.stderr.write(refusal(k, planned, where, sf.prefix, opts))
    if (!opts.quietPatch) io.stdout.write(fs.readFileSync(k.patch, "utf8"))
    return 1
  }

  const dep = planned.dependency
  const depNote = dep.action // added or raised: nothing to note
    ? ""
    : !dep.judged
      ? `Note: package.json asks for ${kit.PACKAGE_NAME} ${dep.current}, left as it is: these files need ${kit.PACKAGE_NAME} ${io.version} or later.\n`
      : dep.current !== dep.range
        ? `Note: package.json asks for ${kit.PACKAGE_NAME} ${dep.current}; these files are from ${io.version}.\n`
        : ""
  if (!planned.toApply.length && dep.newText === null) {
    io.stdout.write(
      `Already applied: ${where} has the integration (${kitLabel(manifest)}); nothing written.\n${depNote}`
    )
    return 0
  }

  const changed = changeLines(planned.toApply, dep, sf.prefix)
  const added =
    planned.toApply.reduce((n, f) => n + f.entry.added, 0) +
    (dep.newText === null ? 0 : 1)
  const removed =
    planned.toApply.reduce((n, f) => n + f.entry.removed, 0) +
    (dep.action === "raise" ? 1 : 0)
  const total = `${changed.length} file${changed.length === 1 ? "" : "s"}, +${added} -${removed} lines`
  const already = planned.applied.length
    ? [
        `Already applied, left as they are: ${planned.applied.map((f) => sf.prefix + f.path).join(", ")}`,
      ]
    : []

  if (opts.dryRun) {
    io.stdout.write(
      [
        `Would apply the integration to ${where} (${kitLabel(manifest)}): ${total}`,
        ...changed,
        ...already,
      ].join("\n") + `\n${depNote}Dry run: nothing written.\n`
    )
    return 0
  }
  kit.apply(sf.dir, k, planned)
  io.stdout.write(
    [
      `Applied the integration to ${where} (${kitLabel(manifest)}): ${total}`,
      ...changed,
      ...already,
    ].join("\n") +
      `\n${depNote}` +
      nextSteps(manifest, sf.dir, io.cwd)
  )
  return 0
}

/**
 * Runs the command. io: { stdout, stderr, cwd, kitDir, version }; the defaults are the process's
 * and the package's own kit and version.
 */
function main(argv, io = {}) {
  io = {
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    kitDir: path.join(kit.KITS_DIR, kit.DEFAULT_KIT),
    version: null,
    ...io,
  }
  if (!io.version)
    io.version = require(
      path.join(__dirname, "..", "..", "package.json")
    ).version
  let opts
  try {
    opts = parseArgs(argv)
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    io.stderr.write(`paylink-storefront: ${err.message}\n\n${USAGE}`)
    return 2
  }
  if (opts.help || !opts.command) {
    io.stdout.write(USAGE)
    return 0
  }
  try {
    if (opts.command === "diff") {
      const k = kit.loadKit(io.kitDir)
      io.stdout.write(fs.readFileSync(k.patch, "utf8"))
      return 0
    }
    return add(opts.positional[0], opts, io)
  } catch (err) {
    if (!(err instanceof kit.KitError)) throw err
    io.stderr.write(`paylink-storefront: ${err.message}\n`)
    return 1
  }
}

module.exports = { main, USAGE }
