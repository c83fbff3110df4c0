/**
 * The client and the sandbox run without Medusa: no file under src/lib/paylink or src/sandbox (tests
 * exempt) may import a @medusajs package, directly or through a relative import.
 */
import fs from "node:fs"
import path from "node:path"
import ts from "typescript"

const SRC = path.join(__dirname, "..", "..", "..")
const ROOTS = [path.join(SRC, "lib", "paylink"), path.join(SRC, "sandbox")]

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory())
      return entry.name === "__tests__" ? [] : sourcesUnder(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** Every module specifier of a file: import/export ... from, import(), require(), import type. */
function specifiersOf(file: string): string[] {
  return ts
    .preProcessFile(fs.readFileSync(file, "utf8"), true, true)
    .importedFiles.map((f) => f.fileName)
}

function resolveRelative(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier)
  const found = [
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    base,
  ].find((f) => fs.existsSync(f) && fs.statSync(f).isFile())
  if (!found)
    throw new Error(`${path.relative(SRC, from)}: cannot resolve ${specifier}`)
  return found
}

/** file -> the @medusajs specifiers it reaches, with the chain of files that leads there. */
function medusaImportsReachableFrom(entries: string[]): string[] {
  const seen = new Set<string>()
  const found: string[] = []
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const specifier of specifiersOf(file)) {
      const via = [...chain, path.relative(SRC, file)]
      if (/^@medusajs\//.test(specifier))
        found.push(`${via.join(" -> ")} imports ${specifier}`)
      else if (specifier.startsWith("."))
        visit(resolveRelative(file, specifier), via)
    }
  }
  for (const entry of entries) visit(entry, [])
  return found
}

describe("src/lib/paylink and src/sandbox need no @medusajs package", () => {
  const files = ROOTS.flatMap(sourcesUnder)

  it("finds the sources it checks", () => {
    expect(files.map((f) => path.relative(SRC, f))).toEqual(
      expect.arrayContaining([
        "lib/paylink/client.ts",
        "lib/paylink/schemas.ts",
        "sandbox/cli.ts",
        "sandbox/server.ts",
      ])
    )
  })

  it("reads every kind of import", () => {
    const text = `import a from "@medusajs/a"\nimport type { B } from "@medusajs/b"\nexport * from "@medusajs/c"\nconst d = require("@medusajs/d")\nconst e = import("@medusajs/e")`
    expect(
      ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName)
    ).toEqual([
      "@medusajs/a",
      "@medusajs/b",
      "@medusajs/c",
      "@medusajs/d",
      "@medusajs/e",
    ])
  })

  it("no file imports @medusajs, directly or through a relative import", () => {
    expect(medusaImportsReachableFrom(files)).toEqual([])
  })

  it("zod comes from the zod package itself", () => {
    const zodImports = files.flatMap((f) =>
      specifiersOf(f).filter((s) => /zod/.test(s))
    )
    expect(zodImports.length).toBeGreaterThan(0)
    expect(new Set(zodImports)).toEqual(new Set(["zod"]))
  })

  it("the CLI entry requires no @medusajs package", () => {
    const bin = path.join(SRC, "..", "bin", "paylink-sandbox.js")
    expect(specifiersOf(bin).filter((s) => /^@medusajs\//.test(s))).toEqual([])
  })
})
