"use strict"
/**
 * The storefront kit: the repository's own kit is consistent (scripts/storefront-kit.js check), and
 * the build, the check and the command's pure functions on a fixture kit.
 */
const { spawnSync } = require("node:child_process")
const fs = require("node:fs")
const path = require("node:path")
const { build, check, DEFAULT_KIT_DIR } = require("../storefront-kit")
const kit = require("../../bin/lib/storefront-kit")
const {
  makeFixture,
  writeTree,
  UPSTREAM,
  KIT,
  COMMIT,
} = require("./storefront-kit-fixture")

jest.setTimeout(60_000)

describe("the repository's storefront kit", () => {
  // The kit's files arrive with the integration itself; until then there is nothing to check.
  const present = fs.existsSync(DEFAULT_KIT_DIR)
  ;(present ? it : it.skip)(
    "is consistent: manifest, files/ and the patch reversed give back the upstream's files",
    () => {
      expect(check()).toEqual([])
    }
  )
})

describe("build and check on a fixture kit", () => {
  let fx
  beforeEach(() => {
    fx = makeFixture()
  })
  afterEach(() => fx.cleanup())

  const manifestOf = () =>
    JSON.parse(fs.readFileSync(path.join(fx.kitDir, "manifest.json"), "utf8"))
  const patchOf = () =>
    fs.readFileSync(path.join(fx.kitDir, "dtc-starter.patch"), "utf8")

  it("writes each file's before, after and line counts, the upstream, env and backend", () => {
    const m = manifestOf()
    expect(m.name).toBe("dtc-starter")
    expect(m.storefront).toBe("apps/storefront")
    expect(m.upstream).toEqual({
      repo: "medusajs/dtc-starter",
      commit: COMMIT,
      date: "2026-07-24",
      note: "",
    })
    expect(m.files.map((f) => f.path)).toEqual(Object.keys(KIT).sort())
    const byPath = Object.fromEntries(m.files.map((f) => [f.path, f]))
    expect(byPath["src/lib/constants.tsx"]).toEqual({
      path: "src/lib/constants.tsx",
      before: kit.sha256(UPSTREAM["src/lib/constants.tsx"]),
      after: kit.sha256(KIT["src/lib/constants.tsx"]),
      added: 2,
      removed: 0,
    })
    expect(byPath["src/lib/data/paylink.ts"]).toMatchObject({
      before: null,
      added: 1,
      removed: 0,
    })
    expect(byPath[".env.template"]).toMatchObject({ added: 1, removed: 1 })
    expect(m.env.NEXT_PUBLIC_DEFAULT_REGION).toEqual({
      value: "gt",
      note: "a Guatemala-only store",
    })
    expect(m.backend.join("\n")).toContain(
      "{country_code}/order/{order_id}/confirmed"
    )
  })

  it("writes a patch with paths relative to the storefront, which git apply applies there", () => {
    const patch = patchOf()
    expect(patch).toContain(
      "diff --git a/src/lib/constants.tsx b/src/lib/constants.tsx\n"
    )
    expect(patch).toContain("--- /dev/null\n+++ b/src/lib/data/paylink.ts\n")
    expect(patch).not.toContain(fx.tmp)
    // Applied forward in a copy of the upstream storefront (its own repository root), it gives the
    // kit's files.
    const dir = path.join(fx.checkout(), "apps", "storefront")
    spawnSync("git", ["init", "-q"], { cwd: dir })
    const res = spawnSync(
      "git",
      ["apply", path.join(fx.kitDir, "dtc-starter.patch")],
      {
        cwd: dir,
        encoding: "utf8",
      }
    )
    expect(res.stderr).toBe("")
    for (const [rel, content] of Object.entries(KIT))
      expect(fs.readFileSync(path.join(dir, rel), "utf8")).toBe(content)
    expect(check({ kitDir: fx.kitDir })).toEqual([])
  })

  it("check finds a file edited after the build, a file not in the manifest and a missing one", () => {
    fs.appendFileSync(
      path.join(fx.kitDir, "files", "src/lib/constants.tsx"),
      "// later\n"
    )
    writeTree(path.join(fx.kitDir, "files"), { "src/extra.ts": "export {}\n" })
    fs.rmSync(path.join(fx.kitDir, "files", "src/lib/data/paylink.ts"))
    expect(check({ kitDir: fx.kitDir })).toEqual([
      "files/src/extra.ts is not in the manifest (rebuild the kit)",
      "files/src/lib/constants.tsx is not the manifest's after (edited since the build: rebuild the kit)",
      "the manifest lists src/lib/data/paylink.ts, but files/src/lib/data/paylink.ts is missing",
    ])
  })

  it("check finds a patch that no longer gives back the upstream's file", () => {
    const file = path.join(fx.kitDir, "dtc-starter.patch")
    // An upstream context line changed: the patch still reverses, into another file.
    fs.writeFileSync(
      file,
      patchOf().replace(
        "-NEXT_PUBLIC_DEFAULT_REGION=dk",
        "-NEXT_PUBLIC_DEFAULT_REGION=us"
      )
    )
    expect(check({ kitDir: fx.kitDir })).toEqual([
      ".env.template: the reversed patch does not give back the upstream's file (the manifest's before)",
    ])
    // A manifest whose before is wrong, against the right patch.
    fs.writeFileSync(file, patchOf().replace("=us", "=dk"))
    const m = manifestOf()
    m.files[0].before = "0".repeat(64)
    fs.writeFileSync(
      path.join(fx.kitDir, "manifest.json"),
      JSON.stringify(m, null, 2)
    )
    expect(check({ kitDir: fx.kitDir })).toEqual([
      ".env.template: the reversed patch does not give back the upstream's file (the manifest's before)",
    ])
  })

  it("check finds a patch whose line counts or files are not the manifest's", () => {
    const m = manifestOf()
    m.files[0].added = 5
    fs.writeFileSync(
      path.join(fx.kitDir, "manifest.json"),
      JSON.stringify(m, null, 2)
    )
    expect(check({ kitDir: fx.kitDir })).toEqual([
      ".env.template: the patch adds 1 and removes 1 lines; the manifest says +5 -1",
    ])
  })

  it("a rebuild keeps env, backend and the upstream from the manifest there was", () => {
    const m = manifestOf()
    m.env = { NEXT_PUBLIC_DEFAULT_REGION: "sv" }
    m.backend = ["one line"]
    m.upstream.note = "kept"
    fs.writeFileSync(
      path.join(fx.kitDir, "manifest.json"),
      JSON.stringify(m, null, 2)
    )
    build({ kitDir: fx.kitDir, checkout: fx.upstream })
    const again = manifestOf()
    expect(again.env).toEqual({ NEXT_PUBLIC_DEFAULT_REGION: "sv" })
    expect(again.backend).toEqual(["one line"])
    expect(again.upstream).toEqual({ ...m.upstream, note: "kept" })
  })

  it("reads the upstream commit and date from a git checkout, and refuses one with changes", () => {
    const git = (...args) =>
      spawnSync("git", args, { cwd: fx.upstream, encoding: "utf8" })
    git("init", "-q")
    git("add", "-A")
    git(
      "-c",
      "user.name=t",
      "-c",
      "user.email=t@example.com",
      "commit",
      "-q",
      "-m",
      "chore: update next.js",
      "--date",
      "2026-07-24T10:00:00Z"
    )
    const head = git("rev-parse", "HEAD").stdout.trim()
    build({ kitDir: fx.kitDir, checkout: fx.upstream })
    expect(manifestOf().upstream).toMatchObject({
      commit: head,
      note: "chore: update next.js",
    })
    expect(manifestOf().upstream.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)

    fs.appendFileSync(
      path.join(fx.upstream, "apps/storefront/src/lib/constants.tsx"),
      "//\n"
    )
    expect(() => build({ kitDir: fx.kitDir, checkout: fx.upstream })).toThrow(
      /has changes in apps\/storefront: build against the upstream commit as it is/
    )
  })

  it("refuses package.json in files/, a file left as upstream has it, and a path with a space", () => {
    const files = path.join(fx.kitDir, "files")
    writeTree(files, { "package.json": "{}\n" })
    expect(() => build({ kitDir: fx.kitDir, checkout: fx.upstream })).toThrow(
      "files/package.json: add adds the dependency to package.json itself"
    )
    fs.rmSync(path.join(files, "package.json"))
    writeTree(files, {
      "src/lib/util/money.ts": UPSTREAM["src/lib/util/money.ts"],
    })
    expect(() => build({ kitDir: fx.kitDir, checkout: fx.upstream })).toThrow(
      "files/src/lib/util/money.ts is the upstream's file unchanged: remove it from the kit"
    )
    fs.rmSync(path.join(files, "src/lib/util"), { recursive: true })
    writeTree(files, { "src/my file.ts": "x\n" })
    expect(() => build({ kitDir: fx.kitDir, checkout: fx.upstream })).toThrow(
      'kit file path "src/my file.ts" has a space'
    )
  })

  it("a build without a commit for a checkout that is not a git one asks for --commit", () => {
    fs.rmSync(path.join(fx.kitDir, "manifest.json"))
    expect(() => build({ kitDir: fx.kitDir, checkout: fx.upstream })).toThrow(
      "is not a git checkout and no manifest names its commit: pass --commit <sha> --date <YYYY-MM-DD>"
    )
  })
})

describe("classify", () => {
  const entry = { before: kit.sha256("up\n"), after: kit.sha256("kit\n") }
  const added = { before: null, after: kit.sha256("kit\n") }
  it.each([
    ["the upstream's bytes", Buffer.from("up\n"), entry, { state: "apply" }],
    ["the kit's bytes", Buffer.from("kit\n"), entry, { state: "applied" }],
    ["absent, added by the kit", null, added, { state: "apply" }],
    ["the kit's new file", Buffer.from("kit\n"), added, { state: "applied" }],
    [
      "other bytes",
      Buffer.from("mine\n"),
      entry,
      { state: "differs", reason: "edited by hand or another version" },
    ],
    [
      "absent, changed by the kit",
      null,
      entry,
      { state: "differs", reason: "missing" },
    ],
    [
      "a new file already there",
      Buffer.from("mine\n"),
      added,
      { state: "differs", reason: "exists but the integration adds it" },
    ],
  ])("%s", (_what, content, e, expected) => {
    expect(kit.classify(content, e)).toEqual(expected)
  })
  it("says when CRLF line endings are the only difference", () => {
    expect(kit.classify(Buffer.from("up\r\n"), entry).reason).toBe(
      "edited by hand or another version (its line endings are CRLF; the kit compares exact bytes)"
    )
  })
})

describe("addDependency", () => {
  const add = (text) =>
    kit.addDependency(text, "medusa-plugin-paylink", "^1.2.3")

  it("inserts one line in alphabetical place, in the file's own indentation", () => {
    const text =
      '{\n  "name": "s",\n  "dependencies": {\n    "lodash": "^4",\n    "next": "15"\n  }\n}\n'
    expect(add(text)).toBe(
      '{\n  "name": "s",\n  "dependencies": {\n    "lodash": "^4",\n    "medusa-plugin-paylink": "^1.2.3",\n    "next": "15"\n  }\n}\n'
    )
  })

  it("keeps four spaces, tabs, CRLF and a missing final newline", () => {
    const four = '{\n    "dependencies": {\n        "next": "15"\n    }\n}'
    expect(add(four)).toBe(
      '{\n    "dependencies": {\n        "medusa-plugin-paylink": "^1.2.3",\n        "next": "15"\n    }\n}'
    )
    const tabs = '{\r\n\t"dependencies": {\r\n\t\t"next": "15"\r\n\t}\r\n}\r\n'
    expect(add(tabs)).toBe(
      '{\r\n\t"dependencies": {\r\n\t\t"medusa-plugin-paylink": "^1.2.3",\r\n\t\t"next": "15"\r\n\t}\r\n}\r\n'
    )
  })

  it("appends after the last entry when every name sorts before it", () => {
    const text =
      '{\n  "dependencies": {\n    "lodash": "^4"\n  },\n  "x": {"dependencies": 1}\n}\n'
    expect(add(text)).toBe(
      '{\n  "dependencies": {\n    "lodash": "^4",\n    "medusa-plugin-paylink": "^1.2.3"\n  },\n  "x": {"dependencies": 1}\n}\n'
    )
  })

  it("creates dependencies when there is none, or fills an empty one", () => {
    expect(
      add(
        '{\n  "name": "s",\n  "devDependencies": {\n    "next": "15"\n  }\n}\n'
      )
    ).toBe(
      '{\n  "name": "s",\n  "devDependencies": {\n    "next": "15"\n  },\n  "dependencies": {\n    "medusa-plugin-paylink": "^1.2.3"\n  }\n}\n'
    )
    expect(add('{\n  "dependencies": {}\n}\n')).toBe(
      '{\n  "dependencies": {\n    "medusa-plugin-paylink": "^1.2.3"\n  }\n}\n'
    )
  })

  it("keeps every other byte when it creates dependencies (arrays on one line stay so)", () => {
    const text =
      '{\n  "name": "sf",\n  "keywords": ["a", "b"],\n  "devDependencies": {\n    "next": "15"\n  }\n}\n'
    expect(add(text)).toBe(
      text.replace(
        "  }\n}\n",
        '  },\n  "dependencies": {\n    "medusa-plugin-paylink": "^1.2.3"\n  }\n}\n'
      )
    )
  })

  it.each([
    [
      "dependencies on one line in an indented file",
      '{\n  "name": "x",\n  "dependencies": {"a": "1", "next": "15"}\n}\n',
      '{\n  "name": "x",\n  "dependencies": {"a": "1", "medusa-plugin-paylink": "^1.2.3", "next": "15"}\n}\n',
    ],
    [
      "a minified file",
      '{"name":"x","dependencies":{"next":"15"}}',
      '{"name":"x","dependencies":{"medusa-plugin-paylink":"^1.2.3","next":"15"}}',
    ],
    [
      "a minified file without dependencies",
      '{"name":"x","devDependencies":{"next":"15"}}',
      '{"name":"x","devDependencies":{"next":"15"},"dependencies":{"medusa-plugin-paylink":"^1.2.3"}}',
    ],
    [
      "an empty dependencies on one line",
      '{ "dependencies": {}, "devDependencies": { "next": "15" } }',
      '{ "dependencies": { "medusa-plugin-paylink": "^1.2.3" }, "devDependencies": { "next": "15" } }',
    ],
    [
      "a byte order mark, kept",
      '\uFEFF{\n  "dependencies": {\n    "next": "15"\n  }\n}\n',
      '\uFEFF{\n  "dependencies": {\n    "medusa-plugin-paylink": "^1.2.3",\n    "next": "15"\n  }\n}\n',
    ],
  ])("%s", (_what, text, expected) => {
    expect(add(text)).toBe(expected)
  })

  it("names package.json when it is not JSON", () => {
    expect(() =>
      add('{\n  "dependencies": {\n    "next": "15",\n  }\n}\n')
    ).toThrow(/^package\.json is not valid JSON: /)
  })
})

describe("rangeStartsBelow", () => {
  it.each([
    ["^0.0.1", true],
    ["9.8.6", true],
    ["v9.8.6", true],
    ["~9.8", true],
    ["9.x", true],
    ["*", true],
    ["", true],
    ["<10", true],
    [">= 1.0.0 < 10", true],
    ["1.0.0 - 9.9.9", true],
    ["^9.8.7 || ^8", true],
    [`^9.8.7-beta.1`, true],
    ["^9.8.7", false],
    ["9.8.7", false],
    ["~9.8.7", false],
    [">=9.8.7 <10", false],
    ["^10.0.0 || ^9.8.7", false],
    ["^9.10.0", false],
    ["latest", null],
    ["file:../paylink", null],
    ["link:../paylink", null],
    ["github:me/medusa-plugin-paylink", null],
    ["git+https://example.com/p.git#v9.8.7", null],
    ["npm:other@9.8.7", null],
    ["workspace:*", null],
  ])("%j", (spec, expected) => {
    expect(kit.rangeStartsBelow(spec, "9.8.7")).toBe(expected)
  })
})

describe("setDependencyRange", () => {
  it("rewrites only the range's string, in the section it is in", () => {
    const text =
      '\uFEFF{\r\n  "devDependencies": {"medusa-plugin-paylink" : "^0.0.1", "next": "15"}\r\n}'
    expect(
      kit.setDependencyRange(
        text,
        "devDependencies",
        "medusa-plugin-paylink",
        "^1.2.3"
      )
    ).toBe(text.replace('"^0.0.1"', '"^1.2.3"'))
  })
})

describe("apply", () => {
  it("writes nothing when a kit file is not the one its manifest lists", () => {
    const fx = makeFixture()
    try {
      fs.appendFileSync(
        path.join(fx.kitDir, "files", "src/lib/data/paylink.ts"),
        "//\n"
      )
      const dir = path.join(fx.checkout(), "apps", "storefront")
      const k = kit.loadKit(fx.kitDir)
      const planned = kit.plan(dir, k, "1.0.0")
      expect(() => kit.apply(dir, k, planned)).toThrow(
        /the storefront kit is damaged: .*paylink\.ts/
      )
      expect(fs.existsSync(path.join(dir, "src/lib/data/paylink.ts"))).toBe(
        false
      )
      expect(
        fs.readFileSync(path.join(dir, "src/lib/constants.tsx"), "utf8")
      ).toBe(UPSTREAM["src/lib/constants.tsx"])
    } finally {
      fx.cleanup()
    }
  })
})
