"use strict"
/**
 * Medusa's Next.js storefront (medusajs/dtc-starter's apps/storefront) as a merchant would run it:
 * a copy of the checkout (the checkout itself is never written to), a patch applied to it, npm
 * install, `next build`, `next start`.
 *
 * Why each step is needed here:
 * - the starter is a pnpm workspace; its storefront installs alone with npm (it uses no workspace
 *   package), so npm is used, as for the plugin's own apps;
 * - the registry here lacks the newest @babel/*, so @babel/core is pinned to 7.28.5 in the
 *   storefront's devDependencies and in `overrides` (CONTRIBUTING.md, "The lockfile");
 * - NEXT_PUBLIC_* values (backend URL, publishable key, default region) are inlined by `next build`,
 *   and the build prerenders pages from the backend's products and regions: it runs once the
 *   backend is seeded and serving.
 */
const { spawn } = require("node:child_process")
const fs = require("node:fs")
const path = require("node:path")
const { stopChild } = require("../../demo/lib/medusa")
const { Failure, check, run, lastLines } = require("../helpers/stock-app")

const BABEL_CORE = "7.28.5"

/** The storefront's folder in a dtc-starter checkout, checked to be that app. */
function storefrontOf(checkout) {
  const dir = path.join(checkout, "apps", "storefront")
  const pkgFile = path.join(dir, "package.json")
  check(
    fs.existsSync(pkgFile),
    `${checkout} is not a checkout of medusajs/dtc-starter: no apps/storefront/package.json (clone https://github.com/medusajs/dtc-starter and pass its path)`
  )
  const pkg = JSON.parse(fs.readFileSync(pkgFile, "utf8"))
  check(
    pkg.dependencies?.next,
    `${pkgFile} has no "next" dependency: not the Next.js storefront`
  )
  return dir
}

/**
 * Copies the checkout's storefront (and the root files a patch may touch) to `work`/dtc, without
 * node_modules or build output, and applies `patch` there (paths as `git diff` in the checkout
 * writes them, e.g. a/apps/storefront/src/...). Answers the copied storefront's folder. A copy
 * left by an earlier run (--work) is replaced, except its installed node_modules.
 */
function copyAndPatch(checkout, work, patch) {
  const root = path.join(work, "dtc")
  const dir = path.join(root, "apps", "storefront")
  const keptModules = path.join(work, "storefront-node_modules")
  if (fs.existsSync(path.join(dir, "node_modules")))
    fs.renameSync(path.join(dir, "node_modules"), keptModules)
  fs.rmSync(root, { recursive: true, force: true })
  const skip = new Set(["node_modules", ".next", ".git", ".turbo"])
  fs.cpSync(checkout, root, {
    recursive: true,
    filter: (src) => !skip.has(path.basename(src)),
  })
  if (fs.existsSync(keptModules))
    fs.renameSync(keptModules, path.join(dir, "node_modules"))
  if (patch) {
    const res = run(
      "git",
      ["apply", "--whitespace=nowarn", "--verbose", patch],
      { cwd: root }
    )
    check(
      res.status === 0,
      `the patch ${patch} does not apply to ${checkout}:\n${lastLines(res.output)}`
    )
  }
  return dir
}

/** @babel/core pinned (devDependencies and overrides): the registry here lacks the newest @babel/*. */
function pinBabel(dir) {
  const file = path.join(dir, "package.json")
  const pkg = JSON.parse(fs.readFileSync(file, "utf8"))
  pkg.devDependencies = { ...pkg.devDependencies, "@babel/core": BABEL_CORE }
  pkg.overrides = { ...pkg.overrides, "@babel/core": BABEL_CORE }
  fs.writeFileSync(file, JSON.stringify(pkg, null, 2) + "\n")
}

/**
 * npm install; skipped when node_modules was installed from this very package.json (a copy kept
 * by --work). Answers whether it ran.
 */
function install(dir) {
  const stamp = path.join(dir, "node_modules", ".installed-from-package.json")
  const pkg = fs.readFileSync(path.join(dir, "package.json"), "utf8")
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === pkg)
    return false
  const res = run(
    "npm",
    ["install", "--no-audit", "--no-fund", "--prefer-offline"],
    { cwd: dir }
  )
  fs.writeFileSync(path.join(dir, "npm-install.log"), res.output)
  check(
    res.status === 0,
    `npm install of the storefront failed in ${dir}:\n${lastLines(res.output)}`
  )
  fs.writeFileSync(stamp, pkg)
  return true
}

/**
 * The plugin's packed tarball in the storefront, as README's recipe has the merchant install it:
 * with npm's own peer checks (the backend's packages are optional peers, js-sdk and icons accept the
 * starter's 2.18), so a peer range that shuts storefronts out fails here. --no-save keeps the
 * package.json the reuse of node_modules (install above) compares.
 */
function installPlugin(dir, tarball) {
  const res = run(
    "npm",
    [
      "install",
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      tarball,
    ],
    { cwd: dir }
  )
  fs.writeFileSync(path.join(dir, "npm-install-plugin.log"), res.output)
  check(
    res.status === 0,
    `npm install of the plugin's tarball in the storefront failed in ${dir}:\n${lastLines(res.output)}`
  )
}

/** What the storefront's .env.template asks for, pointed at the backend under test. */
function storefrontEnv({ backendUrl, publishableKey, defaultRegion, port }) {
  const env = {
    ...process.env,
    NEXT_PUBLIC_MEDUSA_BACKEND_URL: backendUrl,
    NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: publishableKey,
    NEXT_PUBLIC_DEFAULT_REGION: defaultRegion,
    NEXT_PUBLIC_BASE_URL: `http://localhost:${port}`,
    NEXT_TELEMETRY_DISABLED: "1",
  }
  delete env.NODE_OPTIONS
  delete env.NODE_ENV
  return env
}

const NEXT = (dir) =>
  path.join(dir, "node_modules", "next", "dist", "bin", "next")

function build(dir, env) {
  const res = run(process.execPath, [NEXT(dir), "build"], { cwd: dir, env })
  fs.writeFileSync(path.join(dir, "next-build.log"), res.output)
  check(
    res.status === 0,
    `next build failed (log: ${dir}/next-build.log):\n${lastLines(res.output, 40)}`
  )
}

/**
 * `next start` on loopback, its output in next-start.log; resolves once it answers a page (any
 * status under 500: the home redirects to the default region). Answers { stop }.
 */
async function start(dir, env, port, timeoutMs = 120_000) {
  const logFile = path.join(dir, "next-start.log")
  const out = fs.openSync(logFile, "w")
  const child = spawn(
    process.execPath,
    [NEXT(dir), "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: dir,
      env,
      stdio: ["ignore", out, out],
      detached: true,
    }
  )
  fs.closeSync(out)
  let exited = null
  child.on("exit", (code, signal) => (exited = signal || `exit ${code}`))
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (exited)
      throw new Failure(
        `next start stopped (${exited}):\n${lastLines(fs.readFileSync(logFile, "utf8"))}`
      )
    try {
      const res = await fetch(`http://localhost:${port}/`, {
        redirect: "manual",
      })
      await res.arrayBuffer()
      if (res.status < 500) return { logFile, stop: () => stopChild(child) }
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  await stopChild(child)
  throw new Failure(
    `the storefront did not answer within ${timeoutMs / 1000}s (log: ${logFile})`
  )
}

module.exports = {
  storefrontOf,
  copyAndPatch,
  pinBabel,
  install,
  installPlugin,
  storefrontEnv,
  build,
  start,
}
