"use strict"
/**
 * The storefront kit: the files of a storefront (Medusa's Next.js storefront, medusajs/dtc-starter)
 * as they must be once the plugin is integrated, with a manifest of each file's sha256 before
 * (upstream) and after (the kit). `paylink-storefront add` writes a kit file only over the exact
 * upstream bytes or where the kit adds a file, so it never overwrites a merchant's own edits.
 *
 * Bytes are compared exactly: a file whose line endings were converted (CRLF) is not the upstream's.
 * Everything here is synchronous and takes its directories as arguments, so the tests call it on
 * fixture trees; bin/paylink-storefront.js (lib/storefront-cli.js) is the command around it.
 */
const crypto = require("node:crypto")
const fs = require("node:fs")
const path = require("node:path")

const PACKAGE_NAME = "medusa-plugin-paylink"
/** The kits shipped in the package: storefront-kit/<name>/ beside bin/. */
const KITS_DIR = path.join(__dirname, "..", "..", "storefront-kit")
const DEFAULT_KIT = "dtc-starter"

/** A refusal or a broken input, said to the user as is (no stack). */
class KitError extends Error {}

const sha256 = (buffer) =>
  crypto.createHash("sha256").update(buffer).digest("hex")

/** manifest.json, files/ and <name>.patch of a kit directory. */
function kitPaths(kitDir) {
  const name = path.basename(kitDir)
  return {
    dir: kitDir,
    manifest: path.join(kitDir, "manifest.json"),
    files: path.join(kitDir, "files"),
    patch: path.join(kitDir, `${name}.patch`),
  }
}

/**
 * A kit file's path: relative, forward slashes, no `.`/`..` segment, printable ASCII without spaces
 * or quotes (a patch quotes any other name, and the command writes where the manifest says).
 */
function checkKitPath(p) {
  const problem = pathProblem(p)
  if (problem)
    throw new KitError(`kit file path ${JSON.stringify(p)} ${problem}`)
  return p
}

/** What makes `p` no kit path (see checkKitPath), or null. */
function pathProblem(p) {
  return typeof p !== "string" || p === ""
    ? "is empty"
    : p.startsWith("/") || /^[A-Za-z]:/.test(p)
      ? "is absolute"
      : /[^\x21-\x7e]|["\\]/.test(p)
        ? "has a space, a quote, a backslash or a non-ASCII character"
        : p.split("/").some((s) => s === "" || s === "." || s === "..")
          ? "has an empty, . or .. segment"
          : null
}

const HASH = /^[0-9a-f]{64}$/

/** Reads and validates a kit's manifest; throws a KitError naming what is wrong. */
function loadKit(kitDir) {
  const paths = kitPaths(kitDir)
  let manifest
  try {
    manifest = JSON.parse(fs.readFileSync(paths.manifest, "utf8"))
  } catch (err) {
    throw new KitError(
      `cannot read the storefront kit's manifest ${paths.manifest}: ${err.message}`
    )
  }
  const bad = (what) => {
    throw new KitError(
      `the storefront kit's manifest ${paths.manifest}: ${what}`
    )
  }
  if (!manifest || typeof manifest !== "object") bad("not an object")
  if (typeof manifest.name !== "string") bad("name must be a string")
  if (typeof manifest.storefront !== "string")
    bad("storefront must be a string")
  // The storefront folder is joined to the path the user gives: the same rules as a file's path,
  // so it cannot lead outside it.
  const storefrontProblem = pathProblem(manifest.storefront)
  if (storefrontProblem)
    bad(
      `storefront ${JSON.stringify(manifest.storefront)} ${storefrontProblem}`
    )
  if (!Array.isArray(manifest.files) || manifest.files.length === 0)
    bad("files must be a non-empty array")
  const seen = new Set()
  for (const f of manifest.files) {
    checkKitPath(f && f.path)
    if (seen.has(f.path)) bad(`${f.path} is listed twice`)
    seen.add(f.path)
    if (!(f.before === null || HASH.test(f.before)))
      bad(`${f.path}: before must be a sha256 or null`)
    if (!HASH.test(f.after)) bad(`${f.path}: after must be a sha256`)
    if (!Number.isInteger(f.added) || !Number.isInteger(f.removed))
      bad(`${f.path}: added and removed must be integers`)
  }
  return { ...paths, manifest }
}

/** A package.json's content, null when there is none; a KitError naming it when it is not JSON. */
function readPackageJson(file) {
  let text
  try {
    text = fs.readFileSync(file, "utf8")
  } catch (err) {
    if (err.code === "ENOENT") return null
    throw err
  }
  return parsePackageJson(text, file).pkg
}

/** A folder is a Next.js storefront when its package.json depends on `next`. */
function isStorefront(dir) {
  const pkg = readPackageJson(path.join(dir, "package.json"))
  return Boolean(
    pkg &&
    ((pkg.dependencies && pkg.dependencies.next) ||
      (pkg.devDependencies && pkg.devDependencies.next))
  )
}

/**
 * The storefront folder of `target`: the checkout's `<subdir>` (apps/storefront) when target is a
 * checkout, else target itself when it is a storefront. `prefix` is the storefront's path relative
 * to target ("" or "apps/storefront/"), for messages that name paths relative to what was given.
 */
function findStorefront(target, subdir) {
  if (!fs.existsSync(target)) throw new KitError(`${target}: no such directory`)
  const inCheckout = path.join(target, ...subdir.split("/"))
  if (isStorefront(inCheckout)) return { dir: inCheckout, prefix: `${subdir}/` }
  if (isStorefront(target)) return { dir: target, prefix: "" }
  throw new KitError(
    `${target} is neither a dtc-starter checkout nor its storefront folder: ` +
      `no ${subdir}/package.json, and no package.json with a "next" dependency`
  )
}

function readOrNull(file) {
  try {
    return fs.readFileSync(file)
  } catch (err) {
    if (err.code === "ENOENT") return null
    if (err.code === "EISDIR") return "dir"
    throw err
  }
}

const toLf = (buffer) =>
  Buffer.from(buffer.toString("latin1").replace(/\r\n/g, "\n"), "latin1")

/**
 * One file's state against its manifest entry:
 *   apply   - the upstream's exact bytes, or absent where the kit adds the file;
 *   applied - the kit's exact bytes;
 *   differs - anything else, with the reason.
 */
function classify(content, entry) {
  if (content === "dir") return { state: "differs", reason: "is a directory" }
  if (content === null) {
    return entry.before === null
      ? { state: "apply" }
      : { state: "differs", reason: "missing" }
  }
  const hash = sha256(content)
  if (hash === entry.after) return { state: "applied" }
  if (hash === entry.before) return { state: "apply" }
  if (entry.before === null)
    return { state: "differs", reason: "exists but the integration adds it" }
  // Line endings are compared as bytes, on purpose (what is written must replace exactly what was
  // checked); say so when they are the only difference.
  const lf = sha256(toLf(content))
  if (lf === entry.before || lf === entry.after)
    return {
      state: "differs",
      reason:
        "edited by hand or another version (its line endings are CRLF; the kit compares exact bytes)",
    }
  return { state: "differs", reason: "edited by hand or another version" }
}

/** Every manifest file's state in `storefrontDir`: [{ path, state, reason?, entry }]. */
function inspect(storefrontDir, manifest) {
  return manifest.files.map((entry) => ({
    path: entry.path,
    entry,
    ...classify(
      readOrNull(path.join(storefrontDir, ...entry.path.split("/"))),
      entry
    ),
  }))
}

/**
 * Throws when any part of `rel` under the storefront folder is a symlink (a folder linked to a
 * shared package, a dangling link where the kit adds a file): a write there would land outside the
 * folder, or replace the link. Parts that do not exist yet are made as real folders by apply.
 */
function refuseSymlinks(storefrontDir, rel) {
  let abs = storefrontDir
  for (const part of rel.split("/")) {
    abs = path.join(abs, part)
    const stat = fs.lstatSync(abs, { throwIfNoEntry: false })
    if (!stat) return
    if (stat.isSymbolicLink())
      throw new KitError(
        `${abs} is a symlink: add writes only real files and folders inside the storefront folder; nothing written`
      )
  }
}

/**
 * package.json's text parsed: { bom, body, pkg }. A byte order mark (some Windows editors write one)
 * is set aside for parsing and put back on writing. `file` names the file in the error.
 */
function parsePackageJson(text, file = "package.json") {
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : ""
  const body = text.slice(bom.length)
  let pkg
  try {
    pkg = JSON.parse(body)
  } catch (err) {
    throw new KitError(`${file} is not valid JSON: ${err.message}`)
  }
  if (!pkg || typeof pkg !== "object" || Array.isArray(pkg))
    throw new KitError(`${file} is not a JSON object`)
  return { bom, body, pkg }
}

/** Where the package is listed in the storefront's package.json: { present, current, section }. */
function dependencyState(pkgText, file) {
  const { pkg } = parsePackageJson(pkgText, file)
  for (const section of ["dependencies", "devDependencies"])
    if (Object.hasOwn(pkg[section] || {}, PACKAGE_NAME))
      return { present: true, current: pkg[section][PACKAGE_NAME], section }
  return { present: false, current: null, section: "dependencies" }
}

/**
 * The spans of a valid JSON text's values, to edit it in place rather than reserialize it (which
 * would reformat every other line): each value's { start, end }, and an object's `members`, each
 * { key, keyStart, keyEnd, value }.
 */
function scanJson(text) {
  let i = 0
  const space = () => {
    while (i < text.length && /\s/.test(text[i])) i++
  }
  const string = () => {
    const start = i++
    while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1
    i++
    return JSON.parse(text.slice(start, i))
  }
  const value = () => {
    const start = i
    if (text[i] === "{" || text[i] === "[") {
      const isObject = text[i] === "{"
      const members = []
      i++
      space()
      while (text[i] !== (isObject ? "}" : "]")) {
        if (isObject) {
          const keyStart = i
          const key = string()
          const keyEnd = i
          space()
          i++ // the colon
          space()
          members.push({ key, keyStart, keyEnd, value: value() })
        } else value()
        space()
        if (text[i] === ",") i++
        space()
      }
      i++
      return isObject ? { start, end: i, members } : { start, end: i }
    }
    if (text[i] === '"') string()
    else while (i < text.length && !/[\s,}\]]/.test(text[i])) i++
    return { start, end: i }
  }
  space()
  return value()
}

/** An object's member `key` (the last one, as JSON.parse keeps), or undefined. */
const memberOf = (object, key) => object.members.findLast((m) => m.key === key)

/**
 * What the object's own text puts between two members: the comma and whatever follows (",\n    ",
 * ", ", ","), read between its first two members, or after its opening brace when it has one.
 */
function separatorOf(text, object) {
  const [first, second] = object.members
  return second
    ? text.slice(first.value.end, second.keyStart)
    : `,${text.slice(object.start + 1, first.keyStart)}`
}

/**
 * package.json's text with `"<name>": "<range>"` added to "dependencies", in alphabetical place, laid
 * out as the file lays out its other entries (indentation and end of line, or one line); every other
 * byte is kept, a byte order mark included. A file without "dependencies" gets the object after its
 * last top-level entry. `file` names the file in errors.
 */
function addDependency(text, name, range, file = "package.json") {
  const { bom, body, pkg } = parsePackageJson(text, file)
  const root = scanJson(body)
  if (!root.members.length) throw new KitError(`${file} is empty`)
  const first = root.members[0]
  const colon = body.slice(first.keyEnd, first.value.start)
  const entry = `${JSON.stringify(name)}${colon}${JSON.stringify(range)}`
  // A new object one level below the top: the top level's line break and indentation, doubled.
  const topSeparator = separatorOf(body, root)
  const lead = topSeparator.slice(1)
  const newline = lead.slice(0, lead.lastIndexOf("\n") + 1)
  const indent = lead.slice(newline.length)
  const block = newline
    ? `{${newline}${indent}${indent}${entry}${newline}${indent}}`
    : `{${lead}${entry}${lead}}`

  const deps = memberOf(root, "dependencies")
  const splice = (start, end, insert) =>
    body.slice(0, start) + insert + body.slice(end)
  let out
  if (!deps) {
    const last = root.members[root.members.length - 1].value.end
    out = splice(
      last,
      last,
      `${topSeparator}${JSON.stringify("dependencies")}${colon}${block}`
    )
  } else if (!deps.value.members)
    throw new KitError(`${file}: dependencies is not an object`)
  else if (!deps.value.members.length)
    out = splice(deps.value.start, deps.value.end, block)
  else {
    const { members } = deps.value
    const separator = separatorOf(body, deps.value)
    const next = members.find((m) => m.key.localeCompare(name, "en") > 0)
    const last = members[members.length - 1].value.end
    out = next
      ? splice(next.keyStart, next.keyStart, `${entry}${separator}`)
      : splice(last, last, `${separator}${entry}`)
  }
  // Whatever the text looked like, the result must be the same package with the one entry added.
  const expected = { ...pkg, dependencies: { ...pkg.dependencies } }
  expected.dependencies[name] = range
  if (
    JSON.stringify(sortDeps(JSON.parse(out))) !==
    JSON.stringify(sortDeps(expected))
  )
    throw new KitError(
      `could not add the dependency to ${file} without changing other lines`
    )
  return bom + out
}

const sortDeps = (pkg) => ({
  ...pkg,
  dependencies: Object.fromEntries(Object.entries(pkg.dependencies).sort()),
})

/** "1.2.3", "v1.2", "1.x", "*" (a missing or wildcard part counts as 0): [major, minor, patch, pre]. */
const VERSION_TEXT =
  /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/

function parseVersion(text) {
  const m = VERSION_TEXT.exec(text)
  if (!m) return null
  const number = (part) => (part && /^\d+$/.test(part) ? Number(part) : 0)
  return [number(m[1]), number(m[2]), number(m[3]), Boolean(m[4])]
}

/** major.minor.patch compared as numbers; a prerelease comes before its release. */
function compareVersions(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1
  return Number(b[3]) - Number(a[3])
}

/** The lowest version an npm semver range allows, or null when `spec` is not one (a tag, file:, git). */
function lowestVersion(spec) {
  let lowest = null
  for (const alternative of spec.split("||")) {
    const set = alternative
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~>?)\s+/g, "$1")
      .replace(/^(\S+)\s+-\s+\S+$/, ">=$1") // a hyphen range starts at its first version
    let floor = [0, 0, 0, false]
    for (const comparator of set ? set.split(/\s+/) : []) {
      const [, operator = "", text] = /^(>=|<=|>|<|=|\^|~>?)?(.*)$/.exec(
        comparator
      )
      const version = parseVersion(text)
      if (!version) return null
      // Only a lower bound raises the floor; "<2" allows every version below it.
      if (!operator.startsWith("<") && compareVersions(version, floor) > 0)
        floor = version
    }
    if (!lowest || compareVersions(floor, lowest) < 0) lowest = floor
  }
  return lowest
}

/**
 * Whether the package.json spec `spec`, a plain semver range, allows a version below `version`
 * (then the kit's files, which import this version's exports, may get an older plugin): true or
 * false, or null when it is no plain range (file:, link:, git, a tag) and cannot be judged.
 */
function rangeStartsBelow(spec, version) {
  const own = parseVersion(version)
  const lowest = typeof spec === "string" ? lowestVersion(spec) : null
  if (!own || !lowest) return null
  return compareVersions(lowest, own) < 0
}

/**
 * package.json's text with the range of `name` in `section` replaced by `range`: only the range's
 * string changes.
 */
function setDependencyRange(text, section, name, range, file = "package.json") {
  const { bom, body, pkg } = parsePackageJson(text, file)
  const object = memberOf(scanJson(body), section)
  const entry = object && object.value.members && memberOf(object.value, name)
  if (!entry) throw new KitError(`${file}: ${section} has no ${name}`)
  const out =
    body.slice(0, entry.value.start) +
    JSON.stringify(range) +
    body.slice(entry.value.end)
  const expected = { ...pkg, [section]: { ...pkg[section], [name]: range } }
  if (JSON.stringify(JSON.parse(out)) !== JSON.stringify(expected))
    throw new KitError(
      `could not change the dependency in ${file} without changing other lines`
    )
  return bom + out
}

/**
 * The dependency part of the plan: where the package is listed; `action`, "add" when it is not,
 * "raise" when its range allows a version older than this one (the kit's files import this
 * version's exports), else null; `judged`, false for a spec no semver range (file:, git), left as it
 * is; and the new text of package.json, or null. Made while planning, so a dry run fails where add
 * would.
 */
function planDependency(storefrontDir, version) {
  const pkgFile = path.join(storefrontDir, "package.json")
  const pkgText = fs.readFileSync(pkgFile, "utf8")
  const range = `^${version}`
  const state = dependencyState(pkgText, pkgFile)
  const below = state.present ? rangeStartsBelow(state.current, version) : null
  const action = !state.present ? "add" : below ? "raise" : null
  const newText =
    action === "add"
      ? addDependency(pkgText, PACKAGE_NAME, range, pkgFile)
      : action === "raise"
        ? setDependencyRange(
            pkgText,
            state.section,
            PACKAGE_NAME,
            range,
            pkgFile
          )
        : null
  if (newText !== null) refuseSymlinks(storefrontDir, "package.json")
  return { ...state, range, action, judged: below !== null, pkgFile, newText }
}

/**
 * What `add` would do in `storefrontDir`: each file's state, the dependency's, and whether anything
 * differs (then nothing may be written). Refuses a symlink on any path it would write.
 */
function plan(storefrontDir, kit, version) {
  for (const entry of kit.manifest.files)
    refuseSymlinks(storefrontDir, entry.path)
  const files = inspect(storefrontDir, kit.manifest)
  return {
    files,
    differing: files.filter((f) => f.state === "differs"),
    toApply: files.filter((f) => f.state === "apply"),
    applied: files.filter((f) => f.state === "applied"),
    dependency: planDependency(storefrontDir, version),
  }
}

/**
 * Writes what `plan` found to apply: each kit file, and package.json when its dependency changes. Refuses when
 * anything differs. Every new content is first written to a temporary file beside its target, and
 * only once all are written are they renamed over the targets, so a failure while writing (disk
 * full, permissions) leaves the storefront as it was. Returns the storefront-relative paths written.
 */
function apply(storefrontDir, kit, planned) {
  if (planned.differing.length)
    throw new KitError(
      `${planned.differing.length} file(s) differ: nothing written`
    )
  const writes = planned.toApply.map((f) => {
    const content = fs.readFileSync(path.join(kit.files, ...f.path.split("/")))
    if (sha256(content) !== f.entry.after)
      throw new KitError(
        `the storefront kit is damaged: ${path.join(kit.files, f.path)} is not the file its manifest lists (reinstall ${PACKAGE_NAME})`
      )
    return {
      rel: f.path,
      target: path.join(storefrontDir, ...f.path.split("/")),
      content,
    }
  })
  if (planned.dependency.newText !== null)
    writes.push({
      rel: "package.json",
      target: planned.dependency.pkgFile,
      content: Buffer.from(planned.dependency.newText),
    })
  writeAll(writes)
  return writes.map((w) => w.rel)
}

/** Temporary files first, then renames: see apply. */
function writeAll(writes) {
  const staged = []
  const madeDirs = []
  try {
    writes.forEach((w, i) => {
      const dir = path.dirname(w.target)
      if (!fs.existsSync(dir)) {
        const first = fs.mkdirSync(dir, { recursive: true })
        if (first) madeDirs.push(first)
      }
      const tmp = path.join(
        dir,
        `.${path.basename(w.target)}.paylink-${process.pid}-${i}.tmp`
      )
      fs.writeFileSync(tmp, w.content, { flag: "wx" })
      // An existing file keeps its mode; a new one gets the default (0666 less the umask).
      const existing = fs.statSync(w.target, { throwIfNoEntry: false })
      if (existing) fs.chmodSync(tmp, existing.mode & 0o7777)
      staged.push({ tmp, target: w.target })
    })
  } catch (err) {
    for (const s of staged) fs.rmSync(s.tmp, { force: true })
    for (const d of madeDirs.reverse())
      fs.rmSync(d, { recursive: true, force: true })
    throw err
  }
  for (const s of staged) fs.renameSync(s.tmp, s.target)
}

module.exports = {
  PACKAGE_NAME,
  KITS_DIR,
  DEFAULT_KIT,
  KitError,
  sha256,
  kitPaths,
  checkKitPath,
  loadKit,
  isStorefront,
  findStorefront,
  classify,
  inspect,
  dependencyState,
  addDependency,
  rangeStartsBelow,
  setDependencyRange,
  plan,
  apply,
}
