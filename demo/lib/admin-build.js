"use strict"
/**
 * Builds Medusa's dashboard with this repository's admin extensions (src/admin) into
 * <repo>/public/admin, the one place Medusa's admin loader serves a production build from when
 * NODE_ENV is not "development" (@medusajs/medusa loaders/admin.js: <root>/public/admin). The same
 * bundler call `medusa build` makes, without compiling the backend into .medusa/server (which would
 * shadow bin/paylink-sandbox.js's source fallback and the consumer test's plugin build).
 * Skipped when a build of the same sources is already there (a stamp file records their hash).
 *
 * The dashboard signs in with Medusa's JWT mode (ADMIN_AUTH_TYPE=jwt, read by the bundler): the
 * token is kept in the browser per address and signed with the install's JWT_SECRET
 * (.demo/secrets.json), so a restarted demo on the same ports keeps the merchant signed in (valid a
 * day, Medusa's jwtExpiresIn). A cookie session would not survive: without Redis, Medusa keeps
 * sessions in the server's memory.
 */
const crypto = require("node:crypto")
const fs = require("node:fs")
const path = require("node:path")

const REPO = path.resolve(__dirname, "../..")
const OUT = path.join(REPO, "public", "admin")
const STAMP = path.join(OUT, ".demo-stamp")
const SOURCES = path.join(REPO, "src", "admin")
/**
 * The dashboard's pages that come from plugins, as `medusa build` adds them: Medusa's defineConfig
 * registers @medusajs/draft-order in every app, and its admin part holds the Draft Orders pages
 * (/app/draft-orders/:id, where this plugin's draft-order card sits). Without it they are a 404.
 */
const ADMIN_PLUGINS = ["@medusajs/draft-order"]
const AUTH_TYPE = "jwt"

function hashSources() {
  const h = crypto.createHash("sha256")
  h.update(require("@medusajs/admin-bundler/package.json").version)
  h.update(`auth:${AUTH_TYPE}`)
  for (const name of ADMIN_PLUGINS)
    h.update(`${name}@${require(`${name}/package.json`).version}`)
  const walk = (dir) => {
    for (const e of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, e.name)
      if (e.isDirectory()) walk(full)
      else {
        h.update(path.relative(REPO, full))
        h.update(fs.readFileSync(full))
      }
    }
  }
  walk(SOURCES)
  return h.digest("hex")
}

/** Returns { built: boolean, ms } ; throws when the bundler fails. */
async function buildAdmin({ force = false } = {}) {
  const hash = hashSources()
  if (
    !force &&
    fs.existsSync(STAMP) &&
    fs.readFileSync(STAMP, "utf8") === hash &&
    fs.existsSync(path.join(OUT, "index.html"))
  ) {
    return { built: false, ms: 0 }
  }
  const t = Date.now()
  const { build } = await import("@medusajs/admin-bundler")
  // The bundler writes its entry files to <cwd>/.medusa/client; the repository root is the app.
  const cwd = process.cwd()
  const authType = process.env.ADMIN_AUTH_TYPE
  process.chdir(REPO)
  process.env.ADMIN_AUTH_TYPE = AUTH_TYPE
  try {
    // backendUrl "/": the dashboard calls the origin that serves it, whatever port the demo picked.
    await build({
      disable: false,
      path: "/app",
      backendUrl: "/",
      sources: [SOURCES],
      plugins: ADMIN_PLUGINS.map((name) => `${name}/admin`),
      outDir: OUT,
    })
  } finally {
    process.chdir(cwd)
    if (authType === undefined) delete process.env.ADMIN_AUTH_TYPE
    else process.env.ADMIN_AUTH_TYPE = authType
  }
  fs.writeFileSync(STAMP, hash)
  return { built: true, ms: Date.now() - t }
}

module.exports = {
  buildAdmin,
  ADMIN_OUT: OUT,
  JWT_STORAGE_KEY: "medusa_auth_token",
}

if (require.main === module) {
  buildAdmin({ force: process.argv.includes("--force") }).then(
    (r) =>
      console.log(
        r.built
          ? `admin built in ${(r.ms / 1000).toFixed(1)}s`
          : "admin build up to date"
      ),
    (e) => {
      console.error("admin build failed:", e)
      process.exit(1)
    }
  )
}
