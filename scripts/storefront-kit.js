#!/usr/bin/env node
"use strict"
/**
 * The storefront kit's maintainer tool (CONTRIBUTING.md#the-storefront-kit).
 *
 *   node scripts/storefront-kit.js build <dtc-starter checkout> [--commit <sha>] [--date <YYYY-MM-DD>] [--note <text>]
 *     (npm run kit:build -- <checkout>) reads every file under storefront-kit/dtc-starter/files and
 *     the checkout's apps/storefront, and writes manifest.json (each file's sha256 before and after,
 *     lines added and removed) and dtc-starter.patch (a unified diff with paths relative to the
 *     storefront folder). env, backend and upstream are kept from the manifest there was; the
 *     upstream commit and date come from git when the checkout is a git checkout, else from
 *     --commit/--date or the manifest there was.
 *   node scripts/storefront-kit.js check
 *     the kit is consistent without the checkout: every manifest `after` is its file under files/,
 *     every file under files/ is in the manifest, and the patch applied in reverse (`git apply -R`)
 *     to a copy of files/ gives back every `before` (a new file disappears). A unit test runs it.
 *
 * Both take --kit <dir> (default storefront-kit/dtc-starter) for the tests' fixture kits.
 */
const { spawnSync } = require("node:child_process")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const kitLib = require("../bin/lib/storefront-kit")

const { KitError, sha256 } = kitLib
const DEFAULT_KIT_DIR = path.join(
  __dirname,
  "..",
  "storefront-kit",
  "dtc-starter"
)

/**
 * Names the kit cannot carry: npm leaves them out of the package (or, package.json, the command
 * edits it itself: its other lines differ in every checkout).
 */
const REFUSED = {
  "package.json":
    "add adds the dependency to package.json itself; leave it out of files/",
  "package-lock.json": "npm leaves it out of the package",
  ".gitignore": "npm leaves .gitignore files out of the package",
  ".npmignore": "npm leaves it out of the package",
  ".npmrc": "npm leaves it out of the package",
}

/** Kit defaults for a first build; a rebuild keeps what the manifest says. */
const DEFAULTS = {
  upstream: { repo: "medusajs/dtc-starter" },
  storefront: "apps/storefront",
  env: {
    NEXT_PUBLIC_DEFAULT_REGION: { value: "gt", note: "a Guatemala-only store" },
  },
  backend: [
    "medusa-config.ts, the plugin's options (the starter's routes carry the country):",
    "  orderConfirmedUrl: `${STOREFRONT_URL}/{country_code}/order/{order_id}/confirmed`",
    "  paymentStepUrl: `${STOREFRONT_URL}/{country_code}/checkout?step=payment&cart_id={cart_id}`",
    "projectConfig.http: storeCors: STOREFRONT_URL, authCors: `${STOREFRONT_URL},${process.env.MEDUSA_BACKEND_URL}`",
    "Serve the storefront and the backend on one registrable domain (shop.gt and api.shop.gt): the starter's cookies are SameSite=Strict.",
  ],
}

/** Every file under dir, as sorted forward-slash paths relative to it (dotfiles included). */
function listFiles(dir) {
  const out = []
  const walk = (rel) => {
    for (const d of fs.readdirSync(path.join(dir, rel), {
      withFileTypes: true,
    })) {
      const r = rel ? `${rel}/${d.name}` : d.name
      if (d.isDirectory()) walk(r)
      else if (d.isFile()) out.push(r)
      else
        throw new KitError(
          `files/${r} is not a regular file (a symlink?): the kit holds copies`
        )
    }
  }
  walk("")
  return out.sort()
}

function git(args, opts = {}) {
  const res = spawnSync("git", args, { encoding: "utf8", ...opts })
  if (res.error)
    throw new KitError(
      `git ${args[0]}: ${res.error.message} (is git installed?)`
    )
  return res
}

/**
 * The unified diff of one file from `before` (a Buffer, or null for a new file) to `after`, with
 * the headers `a/<rel>` and `b/<rel>`. git diff --no-index on two temporary copies (both 0644, so no
 * mode lines), the options pinned so a maintainer's git config cannot change the output, and
 * --full-index so `git apply --3way` finds the upstream blob in a merchant's checkout.
 */
function diffFile(rel, before, after, tmp) {
  const a = path.join(tmp, "a")
  const b = path.join(tmp, "b")
  fs.writeFileSync(b, after)
  if (before) fs.writeFileSync(a, before)
  const res = git(
    [
      "-c",
      "core.autocrlf=false",
      "-c",
      "core.safecrlf=false",
      "diff",
      "--no-index",
      "--no-color",
      "--no-ext-diff",
      "--no-renames",
      "--full-index",
      "--diff-algorithm=myers",
      "--indent-heuristic",
      "-U3",
      "--",
      before ? a : "/dev/null",
      b,
    ],
    { cwd: tmp }
  )
  fs.rmSync(a, { force: true })
  fs.rmSync(b, { force: true })
  if (res.status === 0) return null // identical
  if (res.status !== 1)
    throw new KitError(`git diff ${rel}: ${res.stderr.trim()}`)
  const lines = res.stdout.replace(/\n$/, "").split("\n")
  const firstHunk = lines.findIndex((l) => l.startsWith("@@"))
  if (firstHunk < 0)
    throw new KitError(
      `${rel}: git sees a binary file; the kit holds text files`
    )
  const header = lines.slice(0, firstHunk).map((l) => {
    if (l.startsWith("diff --git ")) return `diff --git a/${rel} b/${rel}`
    if (l.startsWith("--- ")) return l === "--- /dev/null" ? l : `--- a/${rel}`
    if (l.startsWith("+++ ")) return `+++ b/${rel}`
    return l
  })
  return [...header, ...lines.slice(firstHunk)].join("\n")
}

/** Lines added and removed in one file's diff (its hunks, not its headers). */
function countLines(diff) {
  let added = 0
  let removed = 0
  let inHunks = false
  for (const l of diff.split("\n")) {
    if (l.startsWith("@@")) inHunks = true
    else if (!inHunks) continue
    else if (l.startsWith("+")) added++
    else if (l.startsWith("-")) removed++
    else if (l.startsWith("diff --git ")) inHunks = false
  }
  return { added, removed }
}

/** The patch's first lines: git apply and patch skip everything before the first `diff --git`. */
function patchPreamble(m) {
  const up = m.upstream
  return [
    `medusa-plugin-paylink: the storefront kit "${m.name}", ${up.repo} ${up.commit}${up.date ? ` (${up.date})` : ""}, ${m.storefront}.`,
    "Paths are relative to the storefront folder. `npx paylink-storefront add <checkout>` applies it after",
    "checking every file. By hand, from the checkout's root:",
    `  git apply --directory=${m.storefront} <this patch>`,
    "(--reject applies what fits and leaves .rej files; --3way merges into edited files once staged).",
    `(a plain \`git apply\` run inside ${m.storefront} of a git checkout skips every file without a word).`,
    "Written by scripts/storefront-kit.js build: edit the files under files/ and rebuild.",
    "",
    "",
  ].join("\n")
}

function upstreamOf(checkout, kept, opts) {
  const upstream = { ...DEFAULTS.upstream, ...kept }
  const top = git(["-C", checkout, "rev-parse", "--show-toplevel"])
  const isGit =
    top.status === 0 &&
    path.resolve(top.stdout.trim()) === fs.realpathSync(checkout)
  if (isGit) {
    const head = git(["-C", checkout, "log", "-1", "--format=%H%n%cs%n%s"])
      .stdout.trim()
      .split("\n")
    if (head[0] !== upstream.commit) upstream.note = head[2]
    upstream.commit = head[0]
    upstream.date = head[1]
  }
  if (opts.commit) upstream.commit = opts.commit
  if (opts.date) upstream.date = opts.date
  if (opts.note !== undefined) upstream.note = opts.note
  if (!upstream.commit)
    throw new KitError(
      `${checkout} is not a git checkout and no manifest names its commit: pass --commit <sha> --date <YYYY-MM-DD>`
    )
  return {
    repo: upstream.repo,
    commit: upstream.commit,
    date: upstream.date || null,
    note: upstream.note || "",
    isGit,
  }
}

/**
 * Writes the kit's manifest.json and patch from its files/ and the checkout's storefront. Returns
 * { manifest, patch }.
 */
function build({
  kitDir = DEFAULT_KIT_DIR,
  checkout,
  commit,
  date,
  note,
  log = () => {},
}) {
  const paths = kitLib.kitPaths(kitDir)
  const previous = fs.existsSync(paths.manifest)
    ? JSON.parse(fs.readFileSync(paths.manifest, "utf8"))
    : {}
  const storefront = previous.storefront || DEFAULTS.storefront
  const sf = kitLib.findStorefront(path.resolve(checkout), storefront)
  if (!sf.prefix)
    throw new KitError(
      `${checkout}: give the checkout's root (the one holding ${storefront})`
    )
  const { isGit, ...upstream } = upstreamOf(
    path.resolve(checkout),
    previous.upstream,
    {
      commit,
      date,
      note,
    }
  )
  if (isGit) {
    const dirty = git([
      "-C",
      checkout,
      "status",
      "--porcelain",
      "--",
      storefront,
    ]).stdout.trim()
    if (dirty)
      throw new KitError(
        `${checkout} has changes in ${storefront}: build against the upstream commit as it is\n${dirty}`
      )
  } else if (!commit) {
    log(
      `${checkout} is not a git checkout: recording upstream commit ${upstream.commit} (check it is that commit)`
    )
  }
  if (!fs.existsSync(paths.files)) throw new KitError(`no ${paths.files}`)

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "paylink-kit-build-"))
  const files = []
  const diffs = []
  try {
    for (const rel of listFiles(paths.files)) {
      kitLib.checkKitPath(rel)
      const base = path.posix.basename(rel)
      if (REFUSED[base]) throw new KitError(`files/${rel}: ${REFUSED[base]}`)
      const after = fs.readFileSync(path.join(paths.files, rel))
      const upstreamFile = path.join(sf.dir, ...rel.split("/"))
      const before = fs.existsSync(upstreamFile)
        ? fs.readFileSync(upstreamFile)
        : null
      const diff = diffFile(rel, before, after, tmp)
      if (!diff)
        throw new KitError(
          `files/${rel} is the upstream's file unchanged: remove it from the kit`
        )
      files.push({
        path: rel,
        before: before ? sha256(before) : null,
        after: sha256(after),
        ...countLines(diff),
      })
      diffs.push(diff)
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true })
  }
  if (!files.length) throw new KitError(`${paths.files} holds no file`)

  const manifest = {
    name: previous.name || path.basename(kitDir),
    upstream,
    storefront,
    files,
    env: previous.env || DEFAULTS.env,
    backend: previous.backend || DEFAULTS.backend,
  }
  const patch = patchPreamble(manifest) + diffs.join("\n") + "\n"
  fs.writeFileSync(paths.manifest, JSON.stringify(manifest, null, 2) + "\n")
  fs.writeFileSync(paths.patch, patch)
  return { manifest, patch }
}

/** The file paths a patch touches, in order, from its `diff --git a/<p> b/<p>` lines. */
function patchedPaths(patch) {
  return [...patch.matchAll(/^diff --git a\/(\S+) b\/\S+$/gm)].map((m) => m[1])
}

/** The kit's consistency problems, each a sentence; [] when it is consistent. */
function check({ kitDir = DEFAULT_KIT_DIR } = {}) {
  const k = kitLib.loadKit(kitDir)
  const problems = []
  const listed = new Map(k.manifest.files.map((f) => [f.path, f]))
  const present = fs.existsSync(k.files) ? listFiles(k.files) : []
  for (const rel of present)
    if (!listed.has(rel))
      problems.push(`files/${rel} is not in the manifest (rebuild the kit)`)
  for (const f of k.manifest.files) {
    const file = path.join(k.files, ...f.path.split("/"))
    if (!fs.existsSync(file))
      problems.push(
        `the manifest lists ${f.path}, but files/${f.path} is missing`
      )
    else if (sha256(fs.readFileSync(file)) !== f.after)
      problems.push(
        `files/${f.path} is not the manifest's after (edited since the build: rebuild the kit)`
      )
  }
  if (!fs.existsSync(k.patch)) return [...problems, `no patch at ${k.patch}`]
  const patch = fs.readFileSync(k.patch, "utf8")
  const inPatch = patchedPaths(patch)
  if (
    JSON.stringify([...inPatch].sort()) !==
    JSON.stringify([...listed.keys()].sort())
  )
    problems.push(
      `the patch touches ${inPatch.join(", ") || "no file"}; the manifest lists ${[...listed.keys()].join(", ")}`
    )
  const chunks = patch.split(/^(?=diff --git )/m).slice(1)
  for (const chunk of chunks) {
    const rel = patchedPaths(chunk)[0]
    const f = listed.get(rel)
    const n = countLines(chunk)
    if (f && (n.added !== f.added || n.removed !== f.removed))
      problems.push(
        `${rel}: the patch adds ${n.added} and removes ${n.removed} lines; the manifest says +${f.added} -${f.removed}`
      )
  }
  if (problems.length) return problems

  // The patch reversed on a copy of files/ must give back the upstream's exact bytes. The copy is
  // its own git repository, so git apply reads the patch's paths from there, wherever TMPDIR is.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "paylink-kit-check-"))
  try {
    fs.cpSync(k.files, tmp, { recursive: true })
    git(["init", "-q"], { cwd: tmp })
    const res = git(["apply", "-R", "--whitespace=nowarn", k.patch], {
      cwd: tmp,
    })
    if (res.status !== 0)
      return [
        `the patch does not apply in reverse to files/: ${res.stderr.trim()}`,
      ]
    for (const f of k.manifest.files) {
      const file = path.join(tmp, ...f.path.split("/"))
      const exists = fs.existsSync(file)
      if (f.before === null && exists)
        problems.push(
          `${f.path}: new in the kit, but the reversed patch leaves it`
        )
      else if (f.before !== null && !exists)
        problems.push(
          `${f.path}: the reversed patch deletes it, but the manifest has a before`
        )
      else if (f.before !== null && sha256(fs.readFileSync(file)) !== f.before)
        problems.push(
          `${f.path}: the reversed patch does not give back the upstream's file (the manifest's before)`
        )
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true })
  }
  return problems
}

const USAGE = `Usage:
  node scripts/storefront-kit.js build <dtc-starter checkout> [--commit <sha>] [--date <YYYY-MM-DD>] [--note <text>] [--kit <dir>]
  node scripts/storefront-kit.js check [--kit <dir>]
`

function cli(argv) {
  const opts = { positional: [] }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const value = () => {
      if (i + 1 >= argv.length) throw new KitError(`${a} needs a value`)
      return argv[++i]
    }
    if (a === "--commit") opts.commit = value()
    else if (a === "--date") opts.date = value()
    else if (a === "--note") opts.note = value()
    else if (a === "--kit") opts.kitDir = path.resolve(value())
    else if (a === "-h" || a === "--help") return process.stdout.write(USAGE)
    else if (a.startsWith("-"))
      throw new KitError(`unknown option ${a}\n${USAGE}`)
    else opts.positional.push(a)
  }
  const [command, ...rest] = opts.positional
  const kitDir = opts.kitDir || DEFAULT_KIT_DIR
  const shown = path.relative(process.cwd(), kitDir) || "."
  if (command === "build" && rest.length === 1) {
    const { manifest } = build({
      ...opts,
      kitDir,
      checkout: rest[0],
      log: (m) => console.log(m),
    })
    const up = manifest.upstream
    console.log(
      `${shown}: manifest.json and ${path.basename(kitDir)}.patch against ${up.repo} ${up.commit}${up.date ? ` (${up.date})` : ""}`
    )
    for (const f of manifest.files)
      console.log(
        `  ${f.before === null ? "new " : "    "} ${f.path}  +${f.added} -${f.removed}`
      )
    const add = manifest.files.reduce((n, f) => n + f.added, 0)
    const rm = manifest.files.reduce((n, f) => n + f.removed, 0)
    const fresh = manifest.files.filter((f) => f.before === null).length
    console.log(
      `${manifest.files.length} files (${fresh} new), +${add} -${rm} lines`
    )
    const problems = check({ kitDir })
    if (problems.length)
      throw new KitError(
        `the kit just built fails its check:\n  ${problems.join("\n  ")}`
      )
    console.log("check: consistent")
  } else if (command === "check" && rest.length === 0) {
    const problems = check({ kitDir })
    if (problems.length)
      throw new KitError(
        `${shown} is not consistent:\n  ${problems.join("\n  ")}`
      )
    console.log(`${shown}: consistent`)
  } else {
    throw new KitError(USAGE)
  }
}

if (require.main === module) {
  try {
    cli(process.argv.slice(2))
  } catch (err) {
    if (!(err instanceof KitError)) throw err
    console.error(`storefront-kit: ${err.message}`)
    process.exitCode = 1
  }
}

module.exports = {
  build,
  check,
  listFiles,
  countLines,
  diffFile,
  DEFAULTS,
  DEFAULT_KIT_DIR,
}
