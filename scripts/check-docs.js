#!/usr/bin/env node
/**
 * The docs' own test (`npm run test:docs`): every relative link and #anchor in the docs resolves, the
 * config snippets marked `<!-- check-docs: typecheck -->` type-check against Medusa's defineConfig,
 * and the option tables marked `<!-- check-docs: options <kind> -->` list exactly the options the
 * code's zod schemas take. Usage: node scripts/check-docs.js [repository root]
 */
const fs = require("node:fs")
const path = require("node:path")
const { execFileSync } = require("node:child_process")

/** The pages checked: the root's docs, the bench results and everything under docs/. */
function docFiles(root) {
  const files = [
    "README.md",
    "CONTRIBUTING.md",
    "CHANGELOG.md",
    "bench/RESULTS.md",
  ].filter((f) => fs.existsSync(path.join(root, f)))
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), {
      withFileTypes: true,
    })) {
      const rel = path.posix.join(dir, entry.name)
      if (entry.isDirectory()) walk(rel)
      else if (entry.name.endsWith(".md")) files.push(rel)
    }
  }
  if (fs.existsSync(path.join(root, "docs"))) walk("docs")
  return files
}

/** GitHub's heading slug: lower case, every character but letters, marks, digits, `_`, `-` and space dropped, spaces to `-`. */
function slugify(text) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-")
}

/** A heading's text as GitHub renders it (links to their text, code spans to their content, emphasis and tags dropped). */
function headingText(raw) {
  const codes = []
  let text = raw.replace(/(`+)([\s\S]*?)\1/g, (_, __, code) => {
    codes.push(code.trim())
    return `\u0000${codes.length - 1}\u0000`
  })
  text = text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/(^|[^\p{L}\p{N}])_+([^_]+?)_+(?=[^\p{L}\p{N}]|$)/gu, "$1$2")
    .replace(/\*+/g, "")
  return text.replace(/\u0000(\d+)\u0000/g, (_, i) => codes[Number(i)]).trim()
}

/** Lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(markdown) {
  const out = []
  let fence = null
  markdown.split("\n").forEach((line, i) => {
    const mark = line.match(/^\s{0,3}(`{3,}|~{3,})(.*)$/)
    if (fence) {
      if (
        mark &&
        mark[1][0] === fence[0] &&
        mark[1].length >= fence.length &&
        mark[2].trim() === ""
      )
        fence = null
    } else if (mark) {
      fence = mark[1]
    } else {
      out.push({ line, number: i + 1 })
    }
  })
  return out
}

/** Every anchor a page offers: its headings' slugs (numbered when repeated, as GitHub does) and explicit ids. */
function anchorsOf(markdown) {
  const anchors = new Set()
  const occurrences = new Map()
  const add = (text) => {
    const base = slugify(headingText(text))
    let slug = base
    while (occurrences.has(slug)) {
      occurrences.set(base, occurrences.get(base) + 1)
      slug = `${base}-${occurrences.get(base)}`
    }
    occurrences.set(slug, 0)
    anchors.add(slug)
  }
  const lines = proseLines(markdown)
  lines.forEach(({ line, number }, i) => {
    const next = lines[i + 1]
    const atx = line.match(/^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/)
    if (atx) add(atx[1])
    else if (
      next &&
      next.number === number + 1 &&
      /^\s{0,3}(=+|-+)\s*$/.test(next.line) &&
      line.trim() &&
      !/^\s*([-*+>|<]|\d+\.)/.test(line)
    )
      add(line.trim())
    for (const m of line.matchAll(/<a\s[^>]*?(?:id|name)="([^"]+)"/g))
      anchors.add(m[1])
  })
  return anchors
}

/** The relative links of a page: Markdown links and images, reference definitions, and HTML href/src. */
function linksOf(markdown) {
  const links = []
  for (const { line, number } of proseLines(markdown)) {
    const text = line.replace(/(`+)[\s\S]*?\1/g, "")
    for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      links.push({ target: m[1], number })
    const ref = text.match(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/)
    if (ref) links.push({ target: ref[1], number })
    for (const m of text.matchAll(/<(?:a|img)\s[^>]*?(?:href|src)="([^"]+)"/g))
      links.push({ target: m[1], number })
  }
  return links.filter(({ target }) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
}

function checkLinks(root, files, problems) {
  const anchorCache = new Map()
  const anchors = (file) => {
    if (!anchorCache.has(file))
      anchorCache.set(
        file,
        anchorsOf(fs.readFileSync(path.join(root, file), "utf8"))
      )
    return anchorCache.get(file)
  }
  let count = 0
  for (const file of files) {
    for (const { target, number } of linksOf(
      fs.readFileSync(path.join(root, file), "utf8")
    )) {
      count++
      const hash = target.indexOf("#")
      const rawPath = hash === -1 ? target : target.slice(0, hash)
      const anchor =
        hash === -1 ? null : decodeURIComponent(target.slice(hash + 1))
      const resolved =
        rawPath === ""
          ? file
          : path.posix.normalize(
              path.posix.join(
                path.posix.dirname(file),
                decodeURIComponent(rawPath)
              )
            )
      const where = `${file}:${number}: link ${target}`
      if (
        resolved.startsWith("../") ||
        !fs.existsSync(path.join(root, resolved))
      ) {
        problems.push(`${where}: ${resolved} does not exist`)
        continue
      }
      if (anchor === null || anchor === "") continue
      if (!resolved.endsWith(".md")) {
        problems.push(
          `${where}: an anchor into ${resolved}, which is not a Markdown page`
        )
      } else if (!anchors(resolved).has(anchor)) {
        problems.push(
          `${where}: ${resolved} has no heading whose anchor is #${anchor}`
        )
      }
    }
  }
  return count
}

/**
 * Pointers from code comments into the docs (`docs/architecture.md#settlement`): a header that sends
 * the reader to a section must name one that exists.
 */
function checkCodePointers(root, problems) {
  const tracked = execFileSync(
    "git",
    [
      "ls-files",
      "src",
      "integration-tests",
      "demo",
      "bench",
      "soak",
      "scripts",
      "bin",
    ],
    { cwd: root, encoding: "utf8" }
  )
  const anchorCache = new Map()
  let count = 0
  for (const file of tracked
    .split("\n")
    .filter((f) => /\.(ts|tsx|js)$/.test(f))) {
    const lines = fs.readFileSync(path.join(root, file), "utf8").split("\n")
    lines.forEach((line, i) => {
      for (const m of line.matchAll(
        /\b((?:docs\/[\w./-]+|CONTRIBUTING|CHANGELOG|README)\.md)(?:#([\w-]+))?/g
      )) {
        count++
        const where = `${file}:${i + 1}: ${m[0]}`
        if (!fs.existsSync(path.join(root, m[1]))) {
          problems.push(`${where}: ${m[1]} does not exist`)
          continue
        }
        if (!m[2]) continue
        if (!anchorCache.has(m[1]))
          anchorCache.set(
            m[1],
            anchorsOf(fs.readFileSync(path.join(root, m[1]), "utf8"))
          )
        if (!anchorCache.get(m[1]).has(m[2]))
          problems.push(
            `${where}: ${m[1]} has no heading whose anchor is #${m[2]}`
          )
      }
    })
  }
  return count
}

/** The fenced block that follows a marker line, with the Markdown line its first line is on. */
function markedBlocks(markdown, marker) {
  const lines = markdown.split("\n")
  const blocks = []
  lines.forEach((line, i) => {
    const m = line.match(
      new RegExp(`^<!--\\s*check-docs:\\s*${marker}\\s*(\\S*)\\s*-->\\s*$`)
    )
    if (!m) return
    let j = i + 1
    while (j < lines.length && lines[j].trim() === "") j++
    blocks.push({ arg: m[1], markerLine: i + 1, start: j, lines })
  })
  return blocks
}

function checkSnippets(root, files, problems) {
  const snippets = []
  for (const file of files) {
    for (const { markerLine, start, lines } of markedBlocks(
      fs.readFileSync(path.join(root, file), "utf8"),
      "typecheck"
    )) {
      const fence = (lines[start] ?? "").match(/^(`{3,})(ts|typescript)\s*$/)
      if (!fence) {
        problems.push(
          `${file}:${markerLine}: the typecheck marker is not followed by a \`\`\`ts block`
        )
        continue
      }
      const end = lines.findIndex((l, k) => k > start && l.startsWith(fence[1]))
      snippets.push({
        file,
        firstLine: start + 2,
        code: lines.slice(start + 1, end === -1 ? undefined : end).join("\n"),
      })
    }
  }
  if (!snippets.some((s) => s.file === "docs/install.md")) {
    problems.push(
      "docs/install.md: no config snippet marked <!-- check-docs: typecheck --> (the install page's medusa-config must be checked)"
    )
  }
  if (!snippets.length) return 0
  // Inside the repository, so the snippets resolve @medusajs/* from its node_modules; removed on exit.
  const dir = fs.mkdtempSync(path.join(root, ".check-docs-"))
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true })
  for (const signal of ["SIGINT", "SIGTERM"])
    process.once(signal, () => (removeDir(), process.exit(130)))
  try {
    const names = snippets.map((s, i) => {
      const name = path.join(dir, `snippet-${i}.ts`)
      fs.writeFileSync(name, `${s.code}\n`)
      return name
    })
    const tsc = require.resolve("typescript/bin/tsc", {
      paths: [root, __dirname],
    })
    const args = [
      "--noEmit",
      "--strict",
      "--skipLibCheck",
      "--esModuleInterop",
      "--module",
      "node16",
      "--moduleResolution",
      "node16",
      "--target",
      "es2021",
      "--types",
      "node",
      "--pretty",
      "false",
      ...names,
    ]
    try {
      execFileSync(process.execPath, [tsc, ...args], {
        cwd: root,
        stdio: "pipe",
        encoding: "utf8",
      })
    } catch (error) {
      const output = `${error.stdout ?? ""}${error.stderr ?? ""}`
      const lines = output.split("\n").filter(Boolean)
      const mapped = lines.map((l) => {
        const m = l.match(/snippet-(\d+)\.ts\((\d+),(\d+)\): (.*)$/)
        if (!m) return l
        const s = snippets[Number(m[1])]
        return `${s.file}:${s.firstLine + Number(m[2]) - 1}: config snippet does not type-check: ${m[4]}`
      })
      problems.push(
        ...(mapped.length ? mapped : [`tsc failed: ${error.message}`])
      )
    }
  } finally {
    removeDir()
  }
  return snippets.length
}

/** Which zod schema each marked option table documents; `extends`: only the keys the schema adds. */
const OPTION_SCHEMAS = {
  plugin: "pluginOptionsSchema",
  provider: "baseProviderOptionsSchema",
  "gateway-a": "gatewayAOptionsSchema",
  subscription: "subscriptionOptionsSchema",
}

/** The option names a schema declares, read from the source's syntax tree (`z.object({...})` or `base.extend({...})`). */
function schemaKeys(root) {
  const ts = require(
    require.resolve("typescript", { paths: [root, __dirname] })
  )
  const wanted = new Set(Object.values(OPTION_SCHEMAS))
  const keys = new Map()
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== "__tests__" && entry.name !== "admin") walk(full)
      } else if (/\.tsx?$/.test(entry.name)) {
        const text = fs.readFileSync(full, "utf8")
        if (![...wanted].some((w) => text.includes(`${w} =`))) continue
        const source = ts.createSourceFile(
          full,
          text,
          ts.ScriptTarget.Latest,
          true
        )
        const visit = (node) => {
          if (
            ts.isVariableDeclaration(node) &&
            ts.isIdentifier(node.name) &&
            wanted.has(node.name.text) &&
            node.initializer
          ) {
            const call = findObjectCall(ts, node.initializer)
            if (call)
              keys.set(
                node.name.text,
                call.arguments[0].properties
                  .map((p) => p.name && (p.name.text ?? p.name.escapedText))
                  .filter(Boolean)
              )
          }
          ts.forEachChild(node, visit)
        }
        visit(source)
      }
    }
  }
  walk(path.join(root, "src"))
  return keys
}

function findObjectCall(ts, node) {
  if (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression)
  ) {
    const name = node.expression.name.text
    if (
      (name === "object" || name === "extend") &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    )
      return node
    return findObjectCall(ts, node.expression.expression)
  }
  return null
}

function checkOptionTables(root, problems) {
  const file = "docs/install.md"
  if (!fs.existsSync(path.join(root, file))) return 0
  const keys = schemaKeys(root)
  const found = new Set()
  for (const { arg, markerLine, start, lines } of markedBlocks(
    fs.readFileSync(path.join(root, file), "utf8"),
    "options"
  )) {
    const schema = OPTION_SCHEMAS[arg]
    if (!schema) {
      problems.push(
        `${file}:${markerLine}: unknown option table "${arg}" (one of ${Object.keys(OPTION_SCHEMAS).join(", ")})`
      )
      continue
    }
    found.add(arg)
    const declared = keys.get(schema)
    if (!declared) {
      problems.push(
        `${file}:${markerLine}: no zod schema ${schema} found under src/`
      )
      continue
    }
    const documented = new Map()
    for (let k = start + 2; k < lines.length && lines[k].startsWith("|"); k++) {
      const name = lines[k].match(/^\|\s*`([^`]+)`/)
      if (name) documented.set(name[1], k + 1)
    }
    for (const key of declared)
      if (!documented.has(key))
        problems.push(
          `${file}:${markerLine}: option table "${arg}" lacks \`${key}\`, which ${schema} takes`
        )
    for (const [key, line] of documented)
      if (!declared.includes(key))
        problems.push(
          `${file}:${line}: option \`${key}\` is documented but ${schema} has no such option`
        )
  }
  for (const arg of Object.keys(OPTION_SCHEMAS))
    if (!found.has(arg))
      problems.push(
        `${file}: no option table marked <!-- check-docs: options ${arg} -->`
      )
  return found.size
}

function main() {
  const root = path.resolve(process.argv[2] ?? path.join(__dirname, ".."))
  const started = Date.now()
  const files = docFiles(root)
  const problems = []
  const links = checkLinks(root, files, problems)
  const tables = checkOptionTables(root, problems)
  const snippets = checkSnippets(root, files, problems)
  const pointers = checkCodePointers(root, problems)
  if (problems.length) {
    console.error(
      `check-docs: ${problems.length} problem${problems.length === 1 ? "" : "s"}:`
    )
    for (const p of problems) console.error(`  ${p}`)
    process.exit(1)
  }
  console.log(
    `check-docs: ${files.length} pages, ${links} relative links, ${tables} option tables, ${snippets} config snippets, ${pointers} pointers from code: all good (${((Date.now() - started) / 1000).toFixed(1)} s)`
  )
}

if (require.main === module) main()

module.exports = { slugify, headingText, anchorsOf, linksOf }
