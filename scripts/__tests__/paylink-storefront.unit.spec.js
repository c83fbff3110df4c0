"use strict"
/**
 * `paylink-storefront` run as a merchant runs it: the command (a copy laid out as in the installed
 * package) spawned on copies of a fixture storefront, its kit built by the real build function.
 */
const fs = require("node:fs")
const path = require("node:path")
const {
  makeFixture,
  snapshot,
  writeTree,
  UPSTREAM,
  KIT,
  VERSION,
} = require("./storefront-kit-fixture")

jest.setTimeout(60_000)

let fx
beforeAll(() => {
  fx = makeFixture()
})
afterAll(() => fx.cleanup())

const KIT_PATHS = Object.keys(KIT).map((p) => `apps/storefront/${p}`)
const DEPENDENCY_LINE = `    "medusa-plugin-paylink": "^${VERSION}",\n`
/** The upstream package.json with the dependency added before "next", and nothing else changed. */
const APPLIED_PACKAGE_JSON = UPSTREAM["package.json"].replace(
  '    "next"',
  `${DEPENDENCY_LINE}    "next"`
)

/** The paths whose content differs between two snapshots (added, removed or changed). */
function changed(before, after) {
  const all = new Set([
    ...Object.keys(before.hashes),
    ...Object.keys(after.hashes),
  ])
  return [...all].filter((p) => before.hashes[p] !== after.hashes[p]).sort()
}

const read = (dir, rel) =>
  fs.readFileSync(path.join(dir, ...rel.split("/")), "utf8")

describe("usage", () => {
  it("prints the usage for --help and for no arguments, exit 0", () => {
    for (const args of [["--help"], []]) {
      const res = fx.run(args)
      expect(res.status).toBe(0)
      expect(res.stdout).toMatch(/^Usage: paylink-storefront <command>/)
      expect(res.stdout).toContain("add <path>")
    }
  })

  it.each([
    [["frobnicate"], "unknown command frobnicate"],
    [["add", ".", "--force"], "unknown option --force"],
    [["add"], "add takes one path"],
    [["add", "a", "b"], "add takes one path"],
    [["diff", "--dry-run"], "options of add"],
  ])("%j: usage on stderr, exit 2", (args, message) => {
    const res = fx.run(args)
    expect(res.status).toBe(2)
    expect(res.stderr).toContain(message)
    expect(res.stderr).toContain("Usage: paylink-storefront")
    expect(res.stdout).toBe("")
  })

  it("diff prints the kit's patch", () => {
    const res = fx.run(["diff"])
    expect(res.status).toBe(0)
    expect(res.stdout).toBe(
      fs.readFileSync(path.join(fx.kitDir, "dtc-starter.patch"), "utf8")
    )
    expect(res.stdout).toContain(
      "diff --git a/src/lib/constants.tsx b/src/lib/constants.tsx"
    )
  })
})

describe("add", () => {
  it("writes exactly the kit's files and the dependency, and says what to do next", () => {
    const dir = fx.checkout()
    const before = snapshot(dir)
    const res = fx.run(["add", path.basename(dir)])
    expect(res.stderr).toBe("")
    expect(res.status).toBe(0)

    const after = snapshot(dir)
    expect(changed(before, after)).toEqual(
      [...KIT_PATHS, "apps/storefront/package.json"].sort()
    )
    for (const [rel, content] of Object.entries(KIT))
      expect(read(dir, `apps/storefront/${rel}`)).toBe(content)
    expect(read(dir, "apps/storefront/package.json")).toBe(APPLIED_PACKAGE_JSON)
    expect(
      fs
        .readdirSync(path.join(dir, "apps/storefront"))
        .filter((f) => f.includes(".paylink-"))
    ).toEqual([])

    expect(res.stdout).toMatch(
      /^Applied the integration to apps\/storefront \(kit dtc-starter, upstream medusajs\/dtc-starter 9233262 of 2026-07-24\): 7 files, \+19 -3 lines\n/
    )
    expect(res.stdout).toMatch(
      / {2}apps\/storefront\/src\/lib\/constants\.tsx +\+2\n/
    )
    expect(res.stdout).toMatch(
      / {2}apps\/storefront\/src\/lib\/data\/paylink\.ts +\+1 \(new file\)\n/
    )
    expect(res.stdout).toMatch(
      / {2}apps\/storefront\/\.env\.template +\+1 -1\n/
    )
    expect(res.stdout).toMatch(
      new RegExp(
        ` {2}apps/storefront/package\\.json +\\+1 \\(medusa-plugin-paylink \\^${VERSION} in dependencies\\)\\n`
      )
    )
    expect(res.stdout).toContain(
      `cd ${path.basename(dir)}/apps/storefront && npm install`
    )
    expect(res.stdout).toContain(
      "NEXT_PUBLIC_DEFAULT_REGION=gt   # a Guatemala-only store"
    )
    expect(res.stdout).toContain(
      "orderConfirmedUrl: `${STOREFRONT_URL}/{country_code}/order/{order_id}/confirmed`"
    )
  })

  it("a second add says already applied and writes nothing (contents and mtimes unchanged)", () => {
    const dir = fx.checkout()
    expect(fx.run(["add", dir]).status).toBe(0)
    const before = snapshot(dir)
    const res = fx.run(["add", dir])
    expect(res.status).toBe(0)
    expect(res.stdout).toBe(
      "Already applied: apps/storefront has the integration (kit dtc-starter, upstream medusajs/dtc-starter 9233262 of 2026-07-24); nothing written.\n"
    )
    expect(snapshot(dir)).toEqual(before)
  })

  it("refuses a file edited by hand: exit 1, names it, prints the patch, changes no file", () => {
    const edited = UPSTREAM["src/lib/constants.tsx"] + "// my own change\n"
    const dir = fx.checkout({ "src/lib/constants.tsx": edited })
    const before = snapshot(dir)
    const res = fx.run(["add", dir])
    expect(res.status).toBe(1)
    expect(snapshot(dir)).toEqual(before)
    expect(res.stderr).toContain(
      "nothing was changed: 1 of the integration's 6 files in apps/storefront is neither"
    )
    expect(res.stderr).toContain(
      "  apps/storefront/src/lib/constants.tsx: edited by hand or another version\n"
    )
    expect(res.stderr).not.toContain("payment/index.tsx:")
    expect(res.stderr).toContain(path.join(fx.kitDir, "dtc-starter.patch"))
    // Not in a git repository: git apply run in the storefront folder itself.
    expect(res.stderr).toContain(
      `  git -C ${path.join(dir, "apps", "storefront")} apply --reject ${path.join(fx.kitDir, "dtc-starter.patch")}\n`
    )
    expect(res.stdout).toBe(
      fs.readFileSync(path.join(fx.kitDir, "dtc-starter.patch"), "utf8")
    )
  })

  it("refuses a file the kit adds that exists with other content; --quiet-patch leaves the patch out", () => {
    const dir = fx.checkout({
      "src/lib/data/paylink.ts": "export const mine = 1\n",
    })
    const before = snapshot(dir)
    const res = fx.run(["add", dir, "--quiet-patch"])
    expect(res.status).toBe(1)
    expect(snapshot(dir)).toEqual(before)
    expect(res.stderr).toContain(
      "  apps/storefront/src/lib/data/paylink.ts: exists but the integration adds it\n"
    )
    expect(res.stderr).not.toContain("The patch:")
    expect(res.stdout).toBe("")
  })

  it("refuses when an upstream file the kit changes is missing, or has CRLF line endings", () => {
    const dir = fx.checkout({
      ".env.template": UPSTREAM[".env.template"].replace(/\n/g, "\r\n"),
    })
    fs.rmSync(path.join(dir, "apps/storefront/src/lib/constants.tsx"))
    const before = snapshot(dir)
    const res = fx.run(["add", dir, "--quiet-patch"])
    expect(res.status).toBe(1)
    expect(snapshot(dir)).toEqual(before)
    expect(res.stderr).toContain(
      "  apps/storefront/src/lib/constants.tsx: missing\n"
    )
    expect(res.stderr).toContain(
      "  apps/storefront/.env.template: edited by hand or another version (its line endings are CRLF; the kit compares exact bytes)\n"
    )
  })

  it("--dry-run says what it would write and writes nothing", () => {
    const dir = fx.checkout()
    const before = snapshot(dir)
    const res = fx.run(["add", dir, "--dry-run"])
    expect(res.status).toBe(0)
    expect(snapshot(dir)).toEqual(before)
    expect(res.stdout).toMatch(
      /^Would apply the integration to apps\/storefront .*: 7 files, \+19 -3 lines\n/
    )
    expect(res.stdout).toContain("apps/storefront/package.json")
    expect(res.stdout).toMatch(/Dry run: nothing written\.\n$/)
  })

  it("applies the rest of a partly applied storefront and leaves the applied files alone", () => {
    const dir = fx.checkout({
      "src/lib/constants.tsx": KIT["src/lib/constants.tsx"],
      "src/lib/data/paylink.ts": KIT["src/lib/data/paylink.ts"],
    })
    const before = snapshot(dir)
    const res = fx.run(["add", dir])
    expect(res.status).toBe(0)
    const after = snapshot(dir)
    expect(changed(before, after)).toEqual(
      [
        "apps/storefront/.env.template",
        "apps/storefront/src/app/[countryCode]/(main)/order/[id]/confirmed/page.tsx",
        "apps/storefront/src/modules/checkout/components/payment/index.tsx",
        "apps/storefront/src/modules/order/components/forget-paid-cart/index.tsx",
        "apps/storefront/package.json",
      ].sort()
    )
    for (const rel of [
      "apps/storefront/src/lib/constants.tsx",
      "apps/storefront/src/lib/data/paylink.ts",
    ])
      expect(after.mtimes[rel]).toBe(before.mtimes[rel])
    expect(res.stdout).toContain(": 5 files, +16 -3 lines\n")
    expect(res.stdout).toContain(
      "Already applied, left as they are: apps/storefront/src/lib/constants.tsx, apps/storefront/src/lib/data/paylink.ts\n"
    )
    for (const [rel, content] of Object.entries(KIT))
      expect(read(dir, `apps/storefront/${rel}`)).toBe(content)
  })

  it("takes the storefront folder itself, and names paths relative to it", () => {
    const dir = fx.checkout()
    const storefront = path.join(dir, "apps", "storefront")
    const res = fx.run(["add", "."], storefront)
    expect(res.status).toBe(0)
    expect(res.stdout).toMatch(/^Applied the integration to \. \(/)
    expect(res.stdout).toMatch(/\n {2}src\/lib\/constants\.tsx +\+2\n/)
    expect(res.stdout).not.toContain("apps/storefront")
    expect(res.stdout).toContain(
      "  1. Install the new dependency in the storefront: npm install\n"
    )
    for (const [rel, content] of Object.entries(KIT))
      expect(read(storefront, rel)).toBe(content)
    expect(fx.run(["add", storefront]).stdout).toMatch(/^Already applied: /)
  })

  it("writes only the dependency when the files are applied and it is missing", () => {
    const onlyDep = fx.checkout(KIT)
    const before = snapshot(onlyDep)
    const res = fx.run(["add", onlyDep])
    expect(res.status).toBe(0)
    expect(changed(before, snapshot(onlyDep))).toEqual([
      "apps/storefront/package.json",
    ])
    expect(res.stdout).toContain(": 1 file, +1 -0 lines\n")
  })

  /** The upstream package.json already asking for the plugin with `spec`, in `section`. */
  const asking = (spec, section = "dependencies") => {
    const text =
      section === "dependencies"
        ? UPSTREAM["package.json"].replace(
            '    "next"',
            `    "medusa-plugin-paylink": ${JSON.stringify(spec)},\n    "next"`
          )
        : UPSTREAM["package.json"].replace(
            '    "typescript"',
            `    "medusa-plugin-paylink": ${JSON.stringify(spec)},\n    "typescript"`
          )
    return { "package.json": text }
  }

  it("raises an older range to this version, where it is, and says so (the files need its exports)", () => {
    const dir = fx.checkout(asking("^0.0.1"))
    const res = fx.run(["add", dir])
    expect(res.status).toBe(0)
    expect(read(dir, "apps/storefront/package.json")).toBe(APPLIED_PACKAGE_JSON)
    expect(res.stdout).toContain(": 7 files, +19 -4 lines\n")
    expect(res.stdout).toMatch(
      new RegExp(
        ` {2}apps/storefront/package\\.json +\\+1 -1 \\(medusa-plugin-paylink \\^0\\.0\\.1 raised to \\^${VERSION} in dependencies\\)\\n`
      )
    )
    expect(res.stdout).not.toContain("Note:")

    // Files already applied, range older: only package.json, in devDependencies where it was.
    const devDir = fx.checkout({
      ...KIT,
      ...asking("9.8.6", "devDependencies"),
    })
    const before = snapshot(devDir)
    const res2 = fx.run(["add", devDir])
    expect(res2.status).toBe(0)
    expect(changed(before, snapshot(devDir))).toEqual([
      "apps/storefront/package.json",
    ])
    expect(read(devDir, "apps/storefront/package.json")).toBe(
      asking(`^${VERSION}`, "devDependencies")["package.json"]
    )
    expect(res2.stdout).toContain(
      `(medusa-plugin-paylink 9.8.6 raised to ^${VERSION} in devDependencies)`
    )
  })

  it.each([
    [`^${VERSION}`, ""],
    [`>=${VERSION} <10`, ""],
    ["^9.9.0", `these files are from ${VERSION}`],
  ])(
    "keeps a range that starts at this version or later (%s)",
    (spec, note) => {
      const dir = fx.checkout(asking(spec))
      const pkgBefore = read(dir, "apps/storefront/package.json")
      const res = fx.run(["add", dir])
      expect(res.status).toBe(0)
      expect(read(dir, "apps/storefront/package.json")).toBe(pkgBefore)
      expect(res.stdout).toContain(": 6 files, +18 -3 lines\n")
      if (note)
        expect(res.stdout).toContain(
          `Note: package.json asks for medusa-plugin-paylink ${spec}; ${note}.\n`
        )
    }
  )

  it("leaves a file:, link: or git spec as it is, with a note that the files need this version or later", () => {
    for (const spec of ["file:../paylink", "github:me/medusa-plugin-paylink"]) {
      const dir = fx.checkout(asking(spec))
      const pkgBefore = read(dir, "apps/storefront/package.json")
      const res = fx.run(["add", dir, "--dry-run"])
      expect(res.status).toBe(0)
      expect(res.stdout).toContain(
        `Note: package.json asks for medusa-plugin-paylink ${spec}, left as it is: these files need medusa-plugin-paylink ${VERSION} or later.\n`
      )
      expect(fx.run(["add", dir]).status).toBe(0)
      expect(read(dir, "apps/storefront/package.json")).toBe(pkgBefore)
    }
  })

  it("refuses to write through a symlinked folder on a kit path (a shared package outside the storefront)", () => {
    const dir = fx.checkout()
    const outside = path.join(fx.tmp, `shared-lib-${path.basename(dir)}`)
    fs.mkdirSync(outside)
    fs.symlinkSync(outside, path.join(dir, "apps/storefront/src/lib/data"))
    const before = snapshot(dir)
    const res = fx.run(["add", dir])
    expect(res.status).toBe(1)
    expect(fs.readdirSync(outside)).toEqual([])
    expect(snapshot(dir)).toEqual(before)
    expect(res.stderr).toBe(
      `paylink-storefront: ${path.join(dir, "apps/storefront/src/lib/data")} is a symlink: add writes only real files and folders inside the storefront folder; nothing written\n`
    )
    expect(fx.run(["add", dir, "--dry-run"]).status).toBe(1)
  })

  it("refuses to replace a dangling symlink where the kit adds a file", () => {
    const dir = fx.checkout()
    const link = path.join(dir, "apps/storefront/src/lib/data/paylink.ts")
    fs.mkdirSync(path.dirname(link), { recursive: true })
    fs.symlinkSync(path.join(fx.tmp, "nowhere.ts"), link)
    const res = fx.run(["add", dir])
    expect(res.status).toBe(1)
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true)
    expect(res.stderr).toContain(`${link} is a symlink`)
    expect(
      fs.readFileSync(
        path.join(dir, "apps/storefront/src/lib/constants.tsx"),
        "utf8"
      )
    ).toBe(UPSTREAM["src/lib/constants.tsx"])
  })

  it("refuses a kit whose manifest puts the storefront folder outside the given path", () => {
    const dir = fx.checkout()
    const manifestFile = path.join(fx.kitDir, "manifest.json")
    const original = fs.readFileSync(manifestFile, "utf8")
    const victim = path.join(fx.tmp, "victim")
    fs.cpSync(path.join(dir, "apps/storefront"), victim, { recursive: true })
    fs.writeFileSync(
      manifestFile,
      JSON.stringify({ ...JSON.parse(original), storefront: "../../../victim" })
    )
    try {
      const res = fx.run(["add", path.join(dir, "apps/storefront")])
      expect(res.status).toBe(1)
      expect(res.stderr).toContain(
        'storefront "../../../victim" has an empty, . or .. segment'
      )
      expect(fs.existsSync(path.join(victim, "src/lib/data/paylink.ts"))).toBe(
        false
      )
    } finally {
      fs.writeFileSync(manifestFile, original)
    }
  })

  it("--dry-run and add agree on a minified package.json, and add keeps it on one line", () => {
    const minified = JSON.stringify(JSON.parse(UPSTREAM["package.json"]))
    const dir = fx.checkout({ "package.json": minified })
    const dry = fx.run(["add", dir, "--dry-run"])
    expect(dry.stderr).toBe("")
    expect(dry.status).toBe(0)
    expect(fx.run(["add", dir]).status).toBe(0)
    expect(read(dir, "apps/storefront/package.json")).toBe(
      minified.replace('"next"', `"medusa-plugin-paylink":"^${VERSION}","next"`)
    )
  })

  it("takes a package.json with a byte order mark, and keeps the mark", () => {
    const dir = fx.checkout({
      "package.json": `\uFEFF${UPSTREAM["package.json"]}`,
    })
    const res = fx.run(["add", dir])
    expect(res.stderr).toBe("")
    expect(res.status).toBe(0)
    expect(read(dir, "apps/storefront/package.json")).toBe(
      `\uFEFF${APPLIED_PACKAGE_JSON}`
    )
  })

  it("says which package.json is not JSON, in the dry run as in add, and writes nothing", () => {
    const dir = fx.checkout()
    const pkgFile = path.join(dir, "apps/storefront/package.json")
    fs.writeFileSync(
      pkgFile,
      UPSTREAM["package.json"].replace(
        '"react": "19.0.5"',
        '"react": "19.0.5",'
      )
    )
    const before = snapshot(dir)
    for (const args of [
      ["add", dir, "--dry-run"],
      ["add", dir],
    ]) {
      const res = fx.run(args)
      expect(res.status).toBe(1)
      expect(res.stderr).toMatch(
        new RegExp(`^paylink-storefront: ${pkgFile} is not valid JSON: `)
      )
    }
    expect(snapshot(dir)).toEqual(before)
  })

  it("refuses a symlinked package.json it would edit", () => {
    const dir = fx.checkout()
    const pkgFile = path.join(dir, "apps/storefront/package.json")
    const shared = path.join(fx.tmp, `package-${path.basename(dir)}.json`)
    fs.renameSync(pkgFile, shared)
    fs.symlinkSync(shared, pkgFile)
    const res = fx.run(["add", dir])
    expect(res.status).toBe(1)
    expect(res.stderr).toContain(`${pkgFile} is a symlink`)
    expect(fs.readFileSync(shared, "utf8")).toBe(UPSTREAM["package.json"])
  })

  it("says clearly when the path is not a storefront", () => {
    const notStorefront = path.join(fx.tmp, "not-a-storefront")
    writeTree(notStorefront, {
      "package.json": '{ "name": "x", "dependencies": { "react": "19" } }\n',
    })
    const res = fx.run(["add", notStorefront])
    expect(res.status).toBe(1)
    expect(res.stderr).toBe(
      `paylink-storefront: ${notStorefront} is neither a dtc-starter checkout nor its storefront folder: no apps/storefront/package.json, and no package.json with a "next" dependency\n`
    )
    const missing = fx.run(["add", path.join(fx.tmp, "nowhere")])
    expect(missing.status).toBe(1)
    expect(missing.stderr).toContain("nowhere: no such directory")
  })
})
