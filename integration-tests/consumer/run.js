#!/usr/bin/env node
"use strict"
/**
 * The consumer test (`npm run test:consumer`): the plugin as a merchant gets it.
 *
 *   1. `npm run build` in the repository (`medusa plugin:build`, source maps dropped), then a check
 *      of what it emitted;
 *   2. `npm pack` into a temporary directory, and a check of what the tarball holds: no demo, no
 *      tests, no medusa-config, no source map (file, inline or comment), a .d.ts for every entry;
 *   3. a host app in integration-tests/consumer/host (gitignored) with its own medusa-config.ts that
 *      registers the plugin and its providers by package name, and the tarball installed into it;
 *   3b. `tsc --strict --noEmit` in the host, with Node16 and with Bundler resolution, of a merchant's
 *      TypeScript (types/consumer.ts: each entry used, and misused under @ts-expect-error) and of one
 *      import per entry of the installed package.json's exports (so a new entry is checked too);
 *   4. `medusa build` in the host, as a merchant builds before deploying: the dashboard bundled with
 *      the installed plugin's admin extensions (resolved as "medusa-plugin-paylink/admin");
 *   5. consumer.spec.ts, admin.spec.ts and benefits-admin.spec.ts under jest, with the host as
 *      working directory, so Medusa boots the host on PostgreSQL and loads the plugin from
 *      host/node_modules (never from this repository's src). admin.spec.ts (payment links) and
 *      benefits-admin.spec.ts (loyalty benefits) drive the served dashboard in headless Chromium;
 *      what they share is in dashboard.ts.
 *
 * The admin under test: Medusa's admin loader serves the production build from
 * <working directory>/public/admin at admin.path (/app) whenever NODE_ENV is not "development" and
 * the admin is not disabled. `medusa build` writes it to .medusa/server/public/admin (where
 * `medusa start`, run from .medusa/server, finds it), so it is copied to host/public/admin.
 * admin.backendUrl is "/": the dashboard, and the plugin's admin SDK (built without
 * VITE_BACKEND_URL, so "/"), call the origin that serves them, i.e. the test server on its random
 * port. medusaIntegrationTestRunner switches the admin off (@medusajs/test-utils'
 * configLoaderOverride does Object.assign(config.admin, { disable: true })), so the host's
 * medusa-config keeps admin.disable false with an accessor that ignores that assignment.
 *
 * One copy of @medusajs/*: the host's package.json lists no dependencies when the tarball is
 * installed (the ones the medusa CLI looks for are added afterwards) and it is installed with
 * --legacy-peer-deps, so npm installs the plugin and its own dependencies (axios, express) but none
 * of its @medusajs/* peers. The host sits inside the repository, so Node resolves @medusajs/*
 * from the plugin and from the host alike by walking up to the repository's node_modules: the same
 * files, hence one module instance (BigNumber, instanceof and the module registry stay shared).
 * This is asserted below before the app is booted.
 *
 * Exits non-zero on any failure. The host directory is removed on success and kept on failure.
 * The dashboard screenshots taken by admin.spec.ts and benefits-admin.spec.ts are kept in a
 * temporary directory (printed at the end; PAYLINK_ADMIN_SCREENSHOTS=<dir> chooses it).
 * Needs Chromium at /usr/bin/chromium (Debian's `chromium`; PAYLINK_CHROMIUM=<path> for another),
 * driven with playwright-core; no browser is ever downloaded.
 * Spec names as arguments (`node run.js admin gateways-admin`) run only those specs.
 * Flags: --keep keeps the host directory even on success; --no-admin skips the admin build and
 * admin.spec.ts and benefits-admin.spec.ts (the admin stays disabled in the host); --package-only
 * stops after the package's checks (build, tarball, install, types): no admin build, no app booted.
 */
const { spawnSync } = require("node:child_process")
const fs = require("node:fs")
const { createRequire } = require("node:module")
const os = require("node:os")
const path = require("node:path")
const { freePort } = require("../../demo/lib/ports")

const REPO = path.resolve(__dirname, "../..")
const HOST = path.join(__dirname, "host")
const PLUGIN_NAME = "medusa-plugin-paylink"
const PLUGIN_DIR = path.join(HOST, "node_modules", PLUGIN_NAME)
const BUILT = path.join(REPO, ".medusa", "server")
const KEEP = process.argv.includes("--keep")
const PACKAGE_ONLY = process.argv.includes("--package-only")
const ADMIN = !process.argv.includes("--no-admin") && !PACKAGE_ONLY
const CHROMIUM = process.env.PAYLINK_CHROMIUM || "/usr/bin/chromium"
const MEDUSA_BIN = path.join(REPO, "node_modules", ".bin", "medusa")
const PROVIDERS = [
  "gateway-a",
  "gateway-a-subscription",
  "gateway-b",
  "gateway-c",
]
/** The host's plugin option encryptionKey: a fixed test value (32 bytes, hex). */
const ENCRYPTION_KEY =
  "636f6e73756d65722d746573742d6b65792d666f722d62656e65666974732121"

const started = Date.now()
const phases = []
let tmpDir
let screenshotDir

const rel = (p) => path.relative(REPO, p) || "."
const secs = (ms) => `${(ms / 1000).toFixed(1)}s`

function log(msg) {
  console.log(`[consumer] ${msg}`)
}

function warn(msg) {
  console.warn(`[consumer] WARNING: ${msg}`)
}

class Failure extends Error {}

function fail(msg) {
  throw new Failure(msg)
}

function check(cond, msg) {
  if (!cond) fail(msg)
}

async function phase(name, fn) {
  const t = Date.now()
  log(`${name}...`)
  const result = await fn()
  phases.push([name, Date.now() - t])
  return result
}

/** Runs a command; returns { status, output } and echoes the output when asked to. */
function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, {
    cwd: opts.cwd || REPO,
    env: opts.env || process.env,
    encoding: "utf8",
    stdio: opts.inherit ? "inherit" : "pipe",
    maxBuffer: 64 * 1024 * 1024,
  })
  if (res.error)
    fail(`could not run ${cmd} ${args.join(" ")}: ${res.error.message}`)
  const output = `${res.stdout || ""}${res.stderr || ""}`
  if (opts.echo && output.trim())
    process.stdout.write(output.replace(/^/gm, "    | ").replace(/\s*$/, "\n"))
  return { status: res.status, signal: res.signal, output }
}

// ---------------------------------------------------------------------------------------------
// 1. Build

function build() {
  // npm run build: medusa plugin:build, then scripts/drop-source-maps.js (the package ships no maps).
  const res = run("npm", ["run", "build"], { echo: true })
  if (res.status !== 0) {
    fail(
      `\`npm run build\` failed (exit ${res.status}${res.signal ? `, ${res.signal}` : ""}); its output is above`
    )
  }
  checkBuildOutput()
}

function checkBuildOutput() {
  const src = path.join(BUILT, "src")
  const must = [
    ...PROVIDERS.map((p) => `providers/${p}/index.js`),
    "modules/paylink/index.js",
    "modules/paylink/services/paylink-module.js",
    "api/middlewares.js",
    "api/store/carts/[id]/payment-link/route.js",
    "api/paylink/return/[session_id]/route.js",
    "api/admin/paylink/checkouts/route.js",
    "sandbox/index.js",
  ]
  const missing = must.filter((f) => !fs.existsSync(path.join(src, f)))
  const nonEmpty = (dir, re) => {
    const d = path.join(src, dir)
    return fs.existsSync(d) && fs.readdirSync(d).some((f) => re.test(f))
  }
  if (!nonEmpty("modules/paylink/migrations", /^Migration.*\.js$/))
    missing.push("modules/paylink/migrations/Migration*.js")
  if (!nonEmpty("links", /\.js$/)) missing.push("links/*.js")
  if (!nonEmpty("workflows", /\.js$/)) missing.push("workflows/*.js")
  for (const f of ["admin/index.js", "admin/index.mjs", "workflows/index.js"])
    if (!fs.existsSync(path.join(src, f))) missing.push(f)
  check(
    missing.length === 0,
    `the build did not emit: ${missing.map((f) => `.medusa/server/src/${f}`).join(", ")}`
  )
  // Every backend source file has its compiled counterpart. Medusa's build silently leaves out any
  // file with a folder named test, unit-tests or integration-tests in its path (@medusajs/framework
  // build-tools: backendIgnoreFiles), e.g. an API route at src/api/.../test/route.ts.
  const dropped = backendSources(path.join(REPO, "src")).filter(
    (f) => !fs.existsSync(path.join(BUILT, f.replace(/\.ts$/, ".js")))
  )
  check(
    dropped.length === 0,
    `the build left out ${dropped.join(", ")}: Medusa's build skips every path with a folder named test, unit-tests or ` +
      "integration-tests, so these never reach the package (rename the folder; for an API route that changes its URL)"
  )
  log(
    `build output has providers (${PROVIDERS.join(", ")}), the paylink module with migrations, api, links, workflows, sandbox, admin extensions`
  )
}

/** The backend's TypeScript sources, relative to the repository (not the admin, not tests). */
function backendSources(dir) {
  const out = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    const relative = path.relative(REPO, full)
    if (entry.isDirectory()) {
      if (entry.name === "__tests__" || relative === path.join("src", "admin"))
        continue
      out.push(...backendSources(full))
    } else if (
      /\.ts$/.test(entry.name) &&
      !/\.(d|spec|test)\.ts$/.test(entry.name)
    ) {
      out.push(relative)
    }
  }
  return out
}

/** Every exports target the package names must exist in the build (wildcards: checked by use below). */
function checkExportsMap() {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(REPO, "package.json"), "utf8")
  )
  const broken = []
  for (const [key, target] of Object.entries(pkg.exports || {})) {
    if (key.includes("*")) continue
    const targets = [
      ...new Set(typeof target === "string" ? [target] : Object.values(target)),
    ]
    for (const t of targets)
      if (!fs.existsSync(path.join(REPO, t))) broken.push(`"${key}" -> ${t}`)
  }
  for (const b of broken)
    warn(
      `package.json exports entry points to a file the build does not emit: ${b}`
    )
}

// ---------------------------------------------------------------------------------------------
// 2. Pack

function pack() {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "paylink-consumer-"))
  const res = run("npm", ["pack", "--json", "--pack-destination", tmpDir])
  if (res.status !== 0) {
    process.stdout.write(res.output)
    fail(`\`npm pack\` failed (exit ${res.status})`)
  }
  const tgz = fs.readdirSync(tmpDir).find((f) => f.endsWith(".tgz"))
  check(tgz, `\`npm pack\` wrote no tarball to ${tmpDir}`)
  const file = path.join(tmpDir, tgz)
  const listing = run("tar", ["-tzf", file]).output.split("\n")
  check(
    listing.includes("package/.medusa/server/src/modules/paylink/index.js"),
    "the tarball does not contain .medusa/server (check package.json `files`)"
  )
  checkTarballListing(
    listing.filter(Boolean).map((f) => f.replace(/^package\//, ""))
  )
  log(
    `packed ${tgz} (${(fs.statSync(file).size / 1024).toFixed(0)} kB, ${listing.filter(Boolean).length} files)`
  )
  return file
}

/**
 * What must not ship: the demo (its seed holds the demo admin's login and the sandbox program's
 * password), tests, the repository's medusa-config, source maps (they pointed at src/*.ts, which is
 * not shipped). What must: a declaration beside every built module, so each entry is typed.
 */
function checkTarballListing(files) {
  const offending = (re) => files.filter((f) => re.test(f))
  const problems = [
    ["the demo (demo/)", offending(/(^|\/)demo\//)],
    ["integration tests", offending(/(^|\/)integration-tests\//)],
    [
      "compiled tests",
      offending(/(^|\/)__tests__\/|\.(spec|test)\.(js|d\.ts)$/),
    ],
    ["source maps", offending(/\.map$/)],
    ["a medusa-config", offending(/(^|\/)medusa-config\.[cm]?[jt]s$/)],
  ].filter(([, hits]) => hits.length)
  check(
    problems.length === 0,
    `the tarball ships ${problems.map(([what, hits]) => `${what}: ${hits.slice(0, 3).join(", ")}${hits.length > 3 ? ` and ${hits.length - 3} more` : ""}`).join("; ")} (package.json \`files\`)`
  )
  const modules = files.filter(
    (f) =>
      /^\.medusa\/server\/src\/.*\.js$/.test(f) &&
      !f.startsWith(".medusa/server/src/admin/")
  )
  const undeclared = modules.filter(
    (f) => !files.includes(f.replace(/\.js$/, ".d.ts"))
  )
  check(
    undeclared.length === 0,
    `${undeclared.length} of ${modules.length} built modules have no .d.ts beside them, e.g. ${undeclared.slice(0, 3).join(", ")} (tsconfig.json: declaration)`
  )
  log(
    `the tarball ships no demo, tests, medusa-config or .map; ${modules.length} built modules, each with its .d.ts`
  )
}

/**
 * No shipped script carries a source map or a reference to one: Medusa's build inlines a map
 * unless tsconfig asks for external ones, and the package's scripts/drop-source-maps.js removes
 * those and their sourceMappingURL lines. Read from the installed copy (the tarball's content).
 */
function checkNoSourceMapReferences() {
  const found = []
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules") walk(full)
      } else if (
        /\.(c|m)?js$/.test(entry.name) &&
        /^\/\/# sourceMappingURL=/m.test(fs.readFileSync(full, "utf8"))
      ) {
        found.push(path.relative(PLUGIN_DIR, full))
      }
    }
  }
  walk(PLUGIN_DIR)
  check(
    found.length === 0,
    `${found.length} shipped scripts reference a source map (inline or a .map file), e.g. ${found.slice(0, 3).join(", ")}`
  )
}

// ---------------------------------------------------------------------------------------------
// 3. Host app

function hostConfig(sandboxPort) {
  const q = JSON.stringify
  const admin = ADMIN
    ? `  // The dashboard (\`medusa build\`, copied to public/admin by run.js) calls the origin serving it.
  admin: { backendUrl: "/" },`
    : `  // run.js --no-admin: no admin build, no admin.
  admin: { disable: true },`
  const keepAdmin = ADMIN
    ? `
// medusaIntegrationTestRunner turns the admin off (Object.assign(config.admin, { disable: true }) in
// @medusajs/test-utils); admin.spec.ts needs the dashboard served at /app, so that is ignored.
Object.defineProperty(config.admin, "disable", { enumerable: true, get: () => false, set: () => {} })
`
    : ""
  return `/**
 * Written by integration-tests/consumer/run.js: a merchant's medusa-config with ${PLUGIN_NAME}
 * installed from its tarball. Everything is referenced by package name; nothing points at the
 * plugin's repository or its sources.
 */
import { defineConfig } from "@medusajs/framework/utils"

const secret = ${q("consumer-test-secret-0123456789abcdef-0123456789")}
const storefront = "http://localhost:8000"
const paylink = {
  baseUrl: ${q(`http://127.0.0.1:${sandboxPort}`)},
  backendUrl: "http://localhost:9000",
  timeoutMs: 10000,
}

const config = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: storefront,
      adminCors: "http://localhost:9000",
      authCors: \`\${storefront},http://localhost:9000\`,
      jwtSecret: "supersecret",
      cookieSecret: "supersecret",
    },
  },
${admin}
  plugins: [
    {
      resolve: ${q(PLUGIN_NAME)},
      options: {
        secret,
        orderConfirmedUrl: \`\${storefront}/order/{order_id}/confirmed\`,
        paymentStepUrl: \`\${storefront}/checkout?step=payment&cart_id={cart_id}\`,
        // Loyalty benefits (docs/storefront.md#loyalty-card): the program at the sandbox, and a fixed test key that
        // seals the program's password and token (a store uses its own, \`openssl rand -hex 32\`).
        baseUrl: paylink.baseUrl,
        encryptionKey: ${q(ENCRYPTION_KEY)},
      },
    },
  ],
  modules: [
    {
      resolve: "@medusajs/medusa/payment",
      dependencies: ["paylink"],
      options: {
        providers: [
          {
            resolve: ${q(`${PLUGIN_NAME}/providers/gateway-a`)},
            id: "default",
            options: { ...paylink, token: "sandbox-token-a", allowTransfer: true, installments: [3, 6] },
          },
          {
            resolve: ${q(`${PLUGIN_NAME}/providers/gateway-a`)},
            id: "manual",
            options: { ...paylink, token: "sandbox-token-a", confirmation: "manual", refunds: "record" },
          },
          {
            resolve: ${q(`${PLUGIN_NAME}/providers/gateway-a-subscription`)},
            id: "monthly",
            options: { ...paylink, token: "sandbox-token-a", interval: "month", count: 1 },
          },
          {
            resolve: ${q(`${PLUGIN_NAME}/providers/gateway-b`)},
            id: "default",
            options: { ...paylink, token: "sandbox-token-b" },
          },
          {
            resolve: ${q(`${PLUGIN_NAME}/providers/gateway-c`)},
            id: "default",
            options: { ...paylink, token: "sandbox-token-c" },
          },
        ],
      },
    },
    // docs/install.md#the-file-modules-private-directory: private files (the reconciliation's uploaded exports) outside the served static/.
    {
      resolve: "@medusajs/medusa/file",
      options: {
        providers: [{ resolve: "@medusajs/medusa/file-local", id: "local", options: { private_upload_dir: "private-uploads" } }],
      },
    },
    // "Send to customer" (README: Pay by link): any provider of the email channel; the local one logs it.
    {
      resolve: "@medusajs/medusa/notification",
      options: {
        providers: [{ resolve: "@medusajs/medusa/notification-local", id: "local", options: { name: "Local e-mail", channels: ["email"] } }],
      },
    },
  ],
})
${keepAdmin}
export default config
`
}

/** The README's example, verbatim: tag the cart with its payment link's number. */
const HOOK_HANDLER = `import { Modules } from "@medusajs/framework/utils"
import { createPaymentLinkWorkflow } from "medusa-plugin-paylink/workflows"

createPaymentLinkWorkflow.hooks.paylinkCreated(async ({ cart_id, payment_session }, { container }) => {
  const carts = container.resolve(Modules.CART)
  await carts.updateCarts([{ id: cart_id, metadata: { paylink_number: payment_session.data.number } }])
})
`

function makeHost(tgz, sandboxPort) {
  fs.rmSync(HOST, { recursive: true, force: true })
  fs.mkdirSync(HOST, { recursive: true })
  // No dependencies on purpose: @medusajs/* come from the repository's node_modules (see the top).
  fs.writeFileSync(
    path.join(HOST, "package.json"),
    JSON.stringify(
      {
        name: "paylink-consumer-host",
        version: "0.0.0",
        private: true,
        description:
          "Throwaway Medusa host app written by integration-tests/consumer/run.js",
      },
      null,
      2
    ) + "\n"
  )
  fs.writeFileSync(path.join(HOST, "medusa-config.ts"), hostConfig(sandboxPort))
  // A merchant's own hook handler on one of the plugin's workflows (README "Extending the plugin").
  fs.mkdirSync(path.join(HOST, "src", "workflows", "hooks"), {
    recursive: true,
  })
  fs.writeFileSync(
    path.join(HOST, "src", "workflows", "hooks", "tag-cart-with-link.ts"),
    HOOK_HANDLER
  )

  const res = run(
    "npm",
    [
      "install",
      tgz,
      "--no-save",
      "--no-package-lock",
      "--legacy-peer-deps",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
    ],
    { cwd: HOST }
  )
  if (res.status === 0) {
    log(
      `installed the tarball into ${rel(HOST)} with npm install (${(res.output.match(/added \d+ packages?/) || ["?"])[0]})`
    )
  } else {
    // Offline machine or registry trouble: unpack the tarball where npm would have put it. Its own
    // dependencies (axios, express) then resolve from the repository's node_modules.
    process.stdout.write(res.output.replace(/^/gm, "    | "))
    warn(
      "`npm install <tarball>` failed (output above); unpacking the tarball into node_modules instead"
    )
    fs.rmSync(path.join(HOST, "node_modules"), { recursive: true, force: true })
    fs.mkdirSync(PLUGIN_DIR, { recursive: true })
    const tar = run("tar", [
      "-xzf",
      tgz,
      "-C",
      PLUGIN_DIR,
      "--strip-components=1",
    ])
    check(tar.status === 0, `could not unpack ${tgz}: ${tar.output}`)
  }
}

/**
 * Resolves `id` as code in `dir` would. Not `require.resolve(id, { paths: [dir] })` from this file:
 * this file is inside the plugin's own package scope, so Node would answer "medusa-plugin-paylink/..."
 * with a self-reference to the repository's build instead of the installed copy.
 */
function resolveFrom(id, dir) {
  try {
    return createRequire(path.join(dir, "package.json")).resolve(id)
  } catch (e) {
    return `<${e.code || e.message}>`
  }
}

function checkInstall() {
  const installed = JSON.parse(
    fs.readFileSync(path.join(PLUGIN_DIR, "package.json"), "utf8")
  )
  const repoPkg = JSON.parse(
    fs.readFileSync(path.join(REPO, "package.json"), "utf8")
  )
  check(
    installed.name === PLUGIN_NAME && installed.version === repoPkg.version,
    `unexpected package in ${rel(PLUGIN_DIR)}`
  )
  check(
    !fs.existsSync(path.join(HOST, "node_modules", "@medusajs")),
    "the host got its own node_modules/@medusajs: two copies"
  )
  check(
    !fs.existsSync(path.join(PLUGIN_DIR, "node_modules", "@medusajs")),
    "the plugin got its own node_modules/@medusajs: two copies"
  )

  // One copy of Medusa: the plugin and the host resolve @medusajs/* to the same files.
  for (const id of [
    "@medusajs/framework/utils",
    "@medusajs/framework/http",
    "@medusajs/medusa/core-flows",
    "@medusajs/framework/zod",
  ]) {
    const fromPlugin = resolveFrom(id, PLUGIN_DIR)
    const fromHost = resolveFrom(id, HOST)
    check(
      fromPlugin === fromHost && path.isAbsolute(fromHost),
      `${id}: plugin resolves ${fromPlugin}, host resolves ${fromHost}`
    )
  }
  // The plugin's own dependencies are reachable from it.
  for (const id of ["axios", "express"]) {
    check(
      path.isAbsolute(resolveFrom(id, PLUGIN_DIR)),
      `${id} (a dependency of the plugin) does not resolve from ${rel(PLUGIN_DIR)}`
    )
  }
  // Everything the host config names resolves inside the installed package, not the repository.
  const entries = [
    `${PLUGIN_NAME}/package.json`,
    ...PROVIDERS.map((p) => `${PLUGIN_NAME}/providers/${p}`),
    `${PLUGIN_NAME}/.medusa/server/src/modules/paylink`,
    `${PLUGIN_NAME}/modules/paylink`,
    `${PLUGIN_NAME}/sandbox`,
  ]
  for (const id of entries) {
    const r = resolveFrom(id, HOST)
    check(
      r.startsWith(PLUGIN_DIR + path.sep),
      `${id} resolves to ${r}, not inside ${rel(PLUGIN_DIR)}`
    )
  }
  // The built entries load in plain Node (outside jest) and have the shapes Medusa expects.
  for (const p of PROVIDERS) {
    const mod = require(resolveFrom(`${PLUGIN_NAME}/providers/${p}`, HOST))
    const def = mod.default || mod
    check(
      Array.isArray(def.services) && def.services.length > 0,
      `${PLUGIN_NAME}/providers/${p} does not export a ModuleProvider`
    )
  }
  const mod = require(
    resolveFrom(`${PLUGIN_NAME}/.medusa/server/src/modules/paylink`, HOST)
  )
  check(
    (mod.default || mod).service && (mod.default || mod).linkable,
    "the paylink module does not export a Module"
  )
  check(
    typeof require(resolveFrom(`${PLUGIN_NAME}/sandbox`, HOST))
      .createSandbox === "function",
    "sandbox has no createSandbox"
  )
  checkNoSourceMapReferences()
  log(
    "one copy of @medusajs/* (plugin and host resolve the same files); plugin entries resolve inside the installed package; no source maps"
  )
}

// ---------------------------------------------------------------------------------------------
// 3b. A merchant's TypeScript against the installed declarations

const TYPES_DIR = path.join(HOST, "types-check")
const TSC = path.join(REPO, "node_modules", "typescript", "bin", "tsc")
/**
 * Exports entries that are not TypeScript's business: package.json, and the admin extensions
 * (a bundle for Medusa's admin bundler, built by Vite without declarations).
 */
const UNTYPED_ENTRIES = new Set(["./package.json", "./admin"])
/** The catch-all deep import ("./*": any built file) is not enumerated: its files are the entries' own. */
const CATCH_ALL = "./*"

/**
 * One import specifier per entry of the installed package's exports; a wildcard entry gives one
 * per folder that has the entry's file (e.g. modules/paylink, modules/benefits).
 */
function exportedSpecifiers() {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(PLUGIN_DIR, "package.json"), "utf8")
  )
  const out = []
  for (const [key, target] of Object.entries(pkg.exports || {})) {
    if (UNTYPED_ENTRIES.has(key) || key === CATCH_ALL) continue
    if (!key.includes("*")) {
      out.push(`${PLUGIN_NAME}/${key.slice(2)}`)
      continue
    }
    const js =
      typeof target === "string"
        ? target
        : target.default || target.require || target.import
    const [before, after] = js.split("*")
    const dir = path.join(PLUGIN_DIR, path.dirname(before + "x"))
    const stem = path.basename(before + "x").slice(0, -1)
    const found = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter(
            (name) =>
              name.startsWith(stem) &&
              fs.existsSync(path.join(dir, name + after))
          )
      : []
    check(
      found.length > 0,
      `exports "${key}" -> ${js} matches nothing in the installed package`
    )
    for (const name of found)
      out.push(
        `${PLUGIN_NAME}/${key.slice(2).replace("*", name.slice(stem.length))}`
      )
  }
  return out
}

/** entries.ts: each entry imported; if one were untyped (`any`), its @ts-expect-error would be unused. */
function entriesFile(specifiers) {
  const lines = [
    "// Written by integration-tests/consumer/run.js: one import per entry of the installed package's exports.",
    "// A module's namespace is never a number; were an entry typed `any`, the directive would be unused (TS2578).",
  ]
  specifiers.forEach((spec, i) => {
    lines.push(`import * as entry${i} from ${JSON.stringify(spec)}`)
    lines.push(
      "// @ts-expect-error typed entry",
      `export const entry${i}IsTyped: number = entry${i}`
    )
  })
  return lines.join("\n") + "\n"
}

/**
 * tsc output split into diagnostics, each tagged with whether it is ours: in the files compiled
 * here or in the installed package. Errors inside other packages' declarations (Medusa's, zod's:
 * a stock app compiles with skipLibCheck) are counted, not failed on.
 */
function diagnostics(output) {
  const blocks = []
  for (const line of output.split("\n")) {
    const m = /^(.+?)\(\d+,\d+\): error TS\d+/.exec(line)
    if (m) blocks.push({ file: path.resolve(HOST, m[1]), text: line })
    else if (/^\s/.test(line) && line.trim() && blocks.length)
      blocks[blocks.length - 1].text += `\n${line}`
    else if (line.trim()) blocks.push({ file: null, text: line })
  }
  const ours = (d) =>
    !d.file ||
    d.file.startsWith(TYPES_DIR + path.sep) ||
    d.file.startsWith(PLUGIN_DIR + path.sep)
  return { ours: blocks.filter(ours), foreign: blocks.filter((d) => !ours(d)) }
}

function checkTypes() {
  const specifiers = exportedSpecifiers()
  fs.rmSync(TYPES_DIR, { recursive: true, force: true })
  fs.mkdirSync(TYPES_DIR, { recursive: true })
  fs.copyFileSync(
    path.join(__dirname, "types", "consumer.ts"),
    path.join(TYPES_DIR, "consumer.ts")
  )
  fs.writeFileSync(path.join(TYPES_DIR, "entries.ts"), entriesFile(specifiers))
  const files = [
    path.join(TYPES_DIR, "consumer.ts"),
    path.join(TYPES_DIR, "entries.ts"),
  ]
  // Node16 checks every declaration, the plugin's own included (no --skipLibCheck: ~40 s on 2 busy
  // cores); Bundler resolves the same declarations through the other resolution, with skipLibCheck
  // as a stock app (~8 s). Node10 ("moduleResolution": "node", which Medusa's Next.js storefront,
  // dtc-starter, still uses) does not read `exports`: each entry must resolve through
  // package.json's typesVersions; only the entries are checked (other packages' own imports may not
  // resolve that way).
  const modes = [
    ["Node16", ["--module", "node16", "--moduleResolution", "node16"], files],
    [
      "Bundler",
      ["--module", "esnext", "--moduleResolution", "bundler", "--skipLibCheck"],
      files,
    ],
    [
      "Node10",
      ["--module", "esnext", "--moduleResolution", "node", "--skipLibCheck"],
      [path.join(TYPES_DIR, "entries.ts")],
    ],
  ]
  const foreignCounts = []
  for (const [name, flags, checked] of modes) {
    const args = [
      TSC,
      "--strict",
      "--noEmit",
      "--pretty",
      "false",
      "--target",
      "es2021",
      "--types",
      "node",
      ...flags,
      ...checked,
    ]
    const res = run(process.execPath, args, { cwd: HOST })
    const { ours, foreign } = diagnostics(res.output)
    if (ours.length)
      process.stdout.write(
        ours
          .map((d) => d.text)
          .join("\n")
          .replace(/^/gm, "    | ") + "\n"
      )
    check(
      ours.length === 0 && (res.status === 0 || foreign.length > 0),
      `tsc --strict (${name} resolution) failed on a consumer's TypeScript against the installed package: ${ours.length} errors (above)${ours.length ? "" : `; exit ${res.status}`}`
    )
    foreignCounts.push(`${name} ${foreign.length}`)
  }
  log(
    `tsc --strict --noEmit passed with Node16 and Bundler resolution (types/consumer.ts and one import per entry) and Node10 (the entries) (${specifiers.map((s) => s.slice(PLUGIN_NAME.length + 1)).join(", ")}); ` +
      `errors inside other packages' declarations, not ours (a stock app skips them with skipLibCheck): ${foreignCounts.join(", ")}`
  )
}

// ---------------------------------------------------------------------------------------------
// 4. The host's admin

/** Fails early (before the builds) when the browser admin.spec.ts drives is not there. */
function checkChromium() {
  check(
    fs.existsSync(CHROMIUM),
    `Chromium not found at ${CHROMIUM}: admin.spec.ts drives the dashboard in it. Install Debian's chromium ` +
      "(apt-get install -y chromium; .ci/run does when it is missing), set PAYLINK_CHROMIUM=<path>, or pass --no-admin"
  )
  check(
    path.isAbsolute(resolveFrom("playwright-core", REPO)),
    "playwright-core is not installed (a devDependency): run npm install"
  )
}

function buildHostAdmin() {
  // What a merchant's app has and the medusa CLI looks for: a tsconfig.json (`medusa build` compiles
  // the app's TypeScript, here only medusa-config.ts) and @medusajs/* in package.json (the CLI's
  // "inside a Medusa project" check). Written after the tarball's install, so npm installs nothing
  // from these: @medusajs/* still come from the repository's node_modules.
  fs.writeFileSync(
    path.join(HOST, "tsconfig.json"),
    JSON.stringify(
      {
        compilerOptions: {
          target: "ES2021",
          module: "Node16",
          moduleResolution: "Node16",
          esModuleInterop: true,
          skipLibCheck: true,
          outDir: "./.medusa/server",
          rootDir: "./",
        },
        include: ["medusa-config.ts"],
      },
      null,
      2
    ) + "\n"
  )
  const pkgFile = path.join(HOST, "package.json")
  const pkg = JSON.parse(fs.readFileSync(pkgFile, "utf8"))
  pkg.dependencies = {
    "@medusajs/cli": "2.21.2",
    "@medusajs/framework": "2.21.2",
    "@medusajs/medusa": "2.21.2",
    [PLUGIN_NAME]: "*",
  }
  fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2) + "\n")

  // The dashboard's Tailwind CSS holds only the classes found in the files it scans, and for a
  // plugin those are the files next to require.resolve("<plugin>/admin") as @medusajs/admin-bundler
  // resolves it (a failure is skipped silently). In a merchant's app the bundler and the plugin are
  // both in the app's node_modules; here the bundler is the repository's (one copy of @medusajs/*,
  // see the top), where the installed plugin is not found, so the plugin's own classes (col-span-2,
  // grid-cols-6, ...) would be missing and its pages laid out wrongly. NODE_PATH adds the host's
  // node_modules as a last resort for bare names: the bundler then finds the installed plugin, and
  // @medusajs/* still resolve from the repository first.
  const env = {
    ...process.env,
    NODE_PATH: [path.join(HOST, "node_modules"), process.env.NODE_PATH]
      .filter(Boolean)
      .join(path.delimiter),
  }
  const probe = run(
    process.execPath,
    [
      "-e",
      `const r = require("node:module").createRequire(require.resolve("@medusajs/admin-bundler")); process.stdout.write(r.resolve(${JSON.stringify(`${PLUGIN_NAME}/admin`)}))`,
    ],
    { cwd: HOST, env }
  )
  check(
    probe.status === 0 && probe.output.startsWith(PLUGIN_DIR + path.sep),
    `@medusajs/admin-bundler does not resolve ${PLUGIN_NAME}/admin to the installed package (so Tailwind would not scan the plugin's admin): ${probe.output.trim()}`
  )

  // `medusa build`: the app's backend and the dashboard with every installed plugin's admin extensions.
  const res = run(MEDUSA_BIN, ["build"], { cwd: HOST, env })
  const built = path.join(HOST, ".medusa", "server", "public", "admin")
  if (res.status !== 0 || !fs.existsSync(path.join(built, "index.html"))) {
    process.stdout.write(
      res.output.replace(/^/gm, "    | ").replace(/\s*$/, "\n")
    )
    fail(
      `\`medusa build\` in ${rel(HOST)} failed (exit ${res.status}${res.signal ? `, ${res.signal}` : ""}) or wrote no ${rel(built)}/index.html; its output is above`
    )
  }
  const entry = path.join(HOST, ".medusa", "client", "entry.jsx")
  check(
    fs.existsSync(entry) &&
      fs.readFileSync(entry, "utf8").includes(`from "${PLUGIN_NAME}/admin"`),
    `the dashboard's entry (${rel(entry)}) does not import ${PLUGIN_NAME}/admin: the plugin's admin extensions were not found`
  )
  const assets = path.join(built, "assets")
  const bundled = fs
    .readdirSync(assets)
    .filter((f) => f.endsWith(".js"))
    .some((f) =>
      fs
        .readFileSync(path.join(assets, f), "utf8")
        .includes("/admin/paylink/checkouts")
    )
  check(
    bundled,
    `no script in ${rel(assets)} calls /admin/paylink/checkouts: the plugin's admin extensions are not in the bundle`
  )
  // Where the admin loader reads it under jest: <working directory>/public/admin (see the top).
  fs.cpSync(built, path.join(HOST, "public", "admin"), { recursive: true })
  const took = (res.output.match(
    /Frontend build completed successfully \(([\d.]+s)\)/
  ) || [])[1]
  log(
    `built the dashboard with the plugin's admin extensions${took ? ` (vite ${took})` : ""}; served from ${rel(path.join(HOST, "public", "admin"))}`
  )
}

// ---------------------------------------------------------------------------------------------
// 5. Jest

function runJest(sandboxPort) {
  const jestBin = require.resolve("jest/bin/jest", { paths: [REPO] })
  const env = {
    ...process.env,
    DB_HOST: "localhost",
    DB_USERNAME: process.env.DB_USERNAME || "postgres",
    NODE_OPTIONS: "--experimental-vm-modules",
    // Medusa's boot and migration logs drown jest's report; LOG_LEVEL=info brings them back.
    LOG_LEVEL: process.env.LOG_LEVEL || "error",
    PAYLINK_CONSUMER_HOST: HOST,
    PAYLINK_CONSUMER_SANDBOX_PORT: String(sandboxPort),
    PAYLINK_CHROMIUM: CHROMIUM,
    PAYLINK_ADMIN_SCREENSHOTS: screenshotDir || "",
    // The admin specs test a gateway's token in English, then in Spanish, within a minute.
    PAYLINK_TEST_TOKEN_INTERVAL_MS: "3000",
  }
  delete env.TEST_TYPE
  // With the admin: every *.spec.ts of this folder (the jest config's testMatch); without: the one
  // that needs no browser.
  // Names given on the command line (`node run.js gateways-admin`) narrow it to those specs.
  const only = names.map(
    (n) => `/${n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.spec`
  )
  const specs = only.length ? only : ADMIN ? [] : ["/consumer\\.spec"]
  // cwd = the host: Medusa resolves plugins and providers from process.cwd().
  const res = run(
    process.execPath,
    [
      jestBin,
      "--config",
      path.join(__dirname, "jest.config.js"),
      "--runInBand",
      "--forceExit",
      "--silent=false",
      ...specs,
    ],
    { cwd: HOST, env, inherit: true }
  )
  check(
    res.status === 0,
    `jest failed (exit ${res.status}${res.signal ? `, ${res.signal}` : ""})`
  )
}

// ---------------------------------------------------------------------------------------------

const names = process.argv.slice(2).filter((a) => !a.startsWith("--"))

async function main() {
  if (ADMIN) {
    checkChromium()
    screenshotDir =
      process.env.PAYLINK_ADMIN_SCREENSHOTS ||
      fs.mkdtempSync(path.join(os.tmpdir(), "paylink-admin-screenshots-"))
    fs.mkdirSync(screenshotDir, { recursive: true })
  }
  await phase("building the plugin (npm run build)", build)
  checkExportsMap()
  const tgz = await phase("packing (npm pack)", pack)
  const sandboxPort = await freePort()
  await phase(
    `writing the host app in ${rel(HOST)} and installing the tarball`,
    () => makeHost(tgz, sandboxPort)
  )
  await phase("checking the installed package", checkInstall)
  await phase(
    "type-checking a consumer's TypeScript against the installed package (tsc --strict)",
    checkTypes
  )
  if (PACKAGE_ONLY) return
  if (ADMIN)
    await phase("building the host's admin (medusa build)", buildHostAdmin)
  await phase(
    `running ${names.length ? names.join(", ") : ADMIN ? "every consumer spec" : "consumer.spec.ts"} in the host (jest)`,
    () => runJest(sandboxPort)
  )
}

main().then(
  () => {
    if (!KEEP) fs.rmSync(HOST, { recursive: true, force: true })
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true })
    log(
      `timings: ${phases.map(([n, ms]) => `${n.split(" (")[0]} ${secs(ms)}`).join("; ")}`
    )
    if (screenshotDir) log(`dashboard screenshots in ${screenshotDir}`)
    log(
      `PASSED in ${secs(Date.now() - started)}${KEEP ? ` (host kept in ${rel(HOST)})` : ""}`
    )
  },
  (err) => {
    if (!(err instanceof Failure)) console.error(err)
    console.error(`[consumer] FAILED: ${err.message}`)
    if (fs.existsSync(HOST))
      console.error(
        `[consumer] the host app is kept for debugging in ${rel(HOST)}`
      )
    if (tmpDir) console.error(`[consumer] the tarball is in ${tmpDir}`)
    if (screenshotDir)
      console.error(
        `[consumer] dashboard screenshots (if any) in ${screenshotDir}`
      )
    console.error(`[consumer] after ${secs(Date.now() - started)}`)
    process.exit(1)
  }
)
