"use strict"
/**
 * The storefront entry (`medusa-plugin-paylink/storefront`, src/storefront) compiled as the
 * package builds it (this repository's tsconfig, through TypeScript), for the demo's storefront to
 * require: the demo runs on the JavaScript a storefront gets, not on the TypeScript sources.
 * Written to .demo/storefront-entry, not .medusa/server: a partial .medusa/server would shadow
 * bin/paylink-sandbox.js's source fallback and could be packed by `npm pack` (see admin-build.js).
 * Compiled only when the sources changed (a stamp records their hash).
 */
const crypto = require("node:crypto")
const fs = require("node:fs")
const path = require("node:path")
const { DemoError } = require("./errors")

const REPO = path.resolve(__dirname, "../..")
const OUT = path.join(REPO, ".demo", "storefront-entry")
const STAMP = path.join(OUT, ".stamp")
const ENTRY = path.join(REPO, "src", "storefront", "index.ts")

/** The entry's sources: src/storefront (tests aside) and the plugin files it imports. */
function sources() {
  const out = []
  const walk = (dir) => {
    for (const e of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, e.name)
      if (e.isDirectory()) {
        if (e.name !== "__tests__") walk(full)
      } else if (/\.tsx?$/.test(e.name)) out.push(full)
    }
  }
  walk(path.join(REPO, "src", "storefront"))
  walk(path.join(REPO, "src", "types"))
  out.push(
    path.join(REPO, "src", "lib", "benefits", "card.ts"),
    path.join(REPO, "tsconfig.json")
  )
  return out
}

function hashSources() {
  const h = crypto.createHash("sha256")
  h.update(require("typescript/package.json").version)
  for (const f of sources())
    h.update(path.relative(REPO, f)).update(fs.readFileSync(f))
  return h.digest("hex")
}

/** Compiles when needed; answers { entry, built, ms }. The entry is the plain one (no React). */
function loadStorefrontEntry() {
  const started = Date.now()
  const hash = hashSources()
  const js = path.join(OUT, "src", "storefront", "index.js")
  let built = false
  if (!(
    fs.existsSync(STAMP) &&
    fs.readFileSync(STAMP, "utf8") === hash &&
    fs.existsSync(js)
  )) {
    const ts = require("typescript")
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(REPO, "tsconfig.json"),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} }
    )
    fs.rmSync(OUT, { recursive: true, force: true })
    const program = ts.createProgram([ENTRY], {
      ...config.options,
      outDir: OUT,
      rootDir: REPO,
      types: [],
      declaration: false,
      sourceMap: false,
      inlineSourceMap: false,
      noEmitOnError: true,
    })
    const result = program.emit()
    const errors = ts
      .getPreEmitDiagnostics(program)
      .concat(result.diagnostics)
      .filter((d) => d.category === ts.DiagnosticCategory.Error)
    if (errors.length || result.emitSkipped) {
      const text = ts.formatDiagnostics(errors.slice(0, 5), {
        getCanonicalFileName: (f) => f,
        getCurrentDirectory: () => REPO,
        getNewLine: () => "\n",
      })
      throw new DemoError(
        `the storefront entry (src/storefront) does not compile:\n${text}`,
        "fix the TypeScript errors above (npm run typecheck)"
      )
    }
    fs.writeFileSync(STAMP, hash)
    built = true
  }
  return { entry: require(js), built, ms: Date.now() - started }
}

module.exports = { loadStorefrontEntry }
