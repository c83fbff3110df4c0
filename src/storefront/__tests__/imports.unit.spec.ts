/**
 * The plain entry loads in a browser and a Next.js server action: nothing it reaches imports a package
 * at run time (no Medusa, no Node built-in, no React); only the React entry imports react.
 */
import fs from "node:fs"
import path from "node:path"

const SRC = path.resolve(__dirname, "../..")

function runtimeImports(file: string): string[] {
  const text = fs.readFileSync(file, "utf8")
  const specs: string[] = []
  for (const m of text.matchAll(
    /^(?:import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gm
  )) {
    if (!m[1]) specs.push(m[2])
  }
  return specs
}

function resolve(from: string, spec: string): string {
  const base = path.resolve(path.dirname(from), spec)
  for (const candidate of [
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (fs.existsSync(candidate)) return candidate
  }
  throw new Error(
    `${path.relative(SRC, from)} imports ${spec}, which does not resolve`
  )
}

/** Every file reached from `entry`, and the package specifiers imported on the way. */
function graph(entry: string) {
  const files = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    for (const spec of runtimeImports(file)) {
      if (spec.startsWith(".")) visit(resolve(file, spec))
      else packages.add(spec)
    }
  }
  visit(entry)
  return {
    files: [...files].map((f) => path.relative(SRC, f)).sort(),
    packages: [...packages].sort(),
  }
}

describe("storefront entries' imports", () => {
  it("the plain entry reaches only pure files of the package and no package at all", () => {
    const { files, packages } = graph(path.join(SRC, "storefront", "index.ts"))
    expect(packages).toEqual([])
    for (const f of files)
      expect(f).toMatch(
        /^(storefront\/(?!react\/)[^/]+\.ts|types\/[^/]+\.ts|lib\/benefits\/card\.ts|lib\/paylink\/gateways\.ts)$/
      )
  })

  it("the React entry adds react and nothing else", () => {
    const { packages } = graph(
      path.join(SRC, "storefront", "react", "index.ts")
    )
    expect(packages).toEqual(["react"])
  })
})
