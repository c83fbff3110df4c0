"use strict"
/**
 * A stock Medusa app with the plugin installed from its packed tarball, as a merchant gets it: the
 * pieces integration-tests/versions/run.js (the Medusa versions the package claims) and
 * integration-tests/storefront-starter/run.js (Medusa's Next.js storefront against the plugin)
 * share. The app lives outside this repository, so nothing resolves from this repository's
 * node_modules: one copy of @medusajs/*, the app's own.
 */
const { spawnSync } = require("node:child_process")
const crypto = require("node:crypto")
const fs = require("node:fs")
const path = require("node:path")

const REPO = path.resolve(__dirname, "../..")
const PKG = JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8"))
const PLUGIN_NAME = PKG.name

/** A failure the runners report as one line (anything else also gets its stack). */
class Failure extends Error {}
function check(cond, msg) {
  if (!cond) throw new Failure(msg)
}

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, {
    cwd: opts.cwd || REPO,
    env: opts.env || process.env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
  if (res.error)
    throw new Failure(
      `could not run ${cmd} ${args.join(" ")}: ${res.error.message}`
    )
  return {
    status: res.status,
    output: `${res.stdout || ""}${res.stderr || ""}`,
    stdout: res.stdout || "",
  }
}

function lastLines(text, n = 30) {
  return text
    .trimEnd()
    .split("\n")
    .slice(-n)
    .join("\n")
    .replace(/^/gm, "    | ")
}

/** `npm run build` and `npm pack` of this repository into `dir`; or `tarball` when given. */
function packedTarball(dir, tarball) {
  if (tarball) {
    check(fs.existsSync(tarball), `--tarball ${tarball}: no such file`)
    return tarball
  }
  const build = run("npm", ["run", "build"])
  check(build.status === 0, `npm run build failed:\n${lastLines(build.output)}`)
  const pack = run("npm", ["pack", "--json", "--pack-destination", dir])
  check(pack.status === 0, `npm pack failed:\n${lastLines(pack.output)}`)
  return path.join(dir, JSON.parse(pack.stdout)[0].filename)
}

/** A new Medusa app's package.json (create-medusa-app's starter), at `version`. */
function appPackage(version) {
  return {
    name: `stock-medusa-${version.replace(/\./g, "-")}`,
    version: "0.0.1",
    private: true,
    scripts: {
      build: "medusa build",
      start: "medusa start",
      dev: "medusa develop",
    },
    dependencies: {
      "@medusajs/admin-sdk": version,
      "@medusajs/cli": version,
      "@medusajs/framework": version,
      "@medusajs/medusa": version,
    },
    // What the starter runs TypeScript with (the medusa CLI registers ts-node, with swc).
    devDependencies: {
      "@swc/core": PKG.devDependencies["@swc/core"],
      "@types/node": "^20.0.0",
      "ts-node": "^10.9.2",
      typescript: "^5.6.2",
    },
    engines: { node: ">=20" },
  }
}

const APP_TSCONFIG = {
  compilerOptions: {
    target: "ES2021",
    esModuleInterop: true,
    module: "Node16",
    moduleResolution: "Node16",
    emitDecoratorMetadata: true,
    experimentalDecorators: true,
    skipLibCheck: true,
    skipDefaultLibCheck: true,
    declaration: false,
    sourceMap: false,
    inlineSourceMap: true,
    outDir: "./.medusa/server",
    rootDir: "./",
    jsx: "react-jsx",
    forceConsistentCasingInFileNames: true,
    resolveJsonModule: true,
    checkJs: false,
    strict: true,
  },
  "ts-node": { swc: true },
  include: ["**/*", ".medusa/types/*"],
  exclude: ["node_modules", ".medusa/server", ".medusa/admin", ".cache"],
}

/** Where the return sends the browser (docs/install.md#plugin-options), after the storefront's address. */
const STOREFRONT_PATHS = {
  orderConfirmed: "/order/{order_id}/confirmed",
  paymentStep: "/checkout?step=payment&cart_id={cart_id}",
}

/**
 * docs/install.md's medusa-config, with the sandbox's values; the admin off (not under test here).
 * The storefront's address comes from STOREFRONT_URL (http://localhost:8000 unless set), as a
 * merchant's config would read it; `paths` are the storefront's pages (default STOREFRONT_PATHS).
 */
const medusaConfig = (
  paths = STOREFRONT_PATHS,
  { subscription = false } = {}
) => `import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

const STOREFRONT_URL = process.env.STOREFRONT_URL || "http://localhost:8000"
const paylink = { baseUrl: process.env.PAYLINK_BASE_URL!, backendUrl: process.env.MEDUSA_BACKEND_URL! }

export default defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: process.env.STORE_CORS || STOREFRONT_URL,
      adminCors: process.env.ADMIN_CORS || process.env.MEDUSA_BACKEND_URL!,
      authCors: process.env.AUTH_CORS || \`\${STOREFRONT_URL},\${process.env.MEDUSA_BACKEND_URL}\`,
      jwtSecret: process.env.JWT_SECRET!,
      cookieSecret: process.env.COOKIE_SECRET!,
    },
  },
  admin: { disable: true },
  plugins: [
    {
      resolve: "${PLUGIN_NAME}",
      options: {
        secret: process.env.PAYLINK_SECRET!,
        orderConfirmedUrl: \`\${STOREFRONT_URL}${paths.orderConfirmed}\`,
        paymentStepUrl: \`\${STOREFRONT_URL}${paths.paymentStep}\`,
        baseUrl: process.env.PAYLINK_BASE_URL!,
        encryptionKey: process.env.PAYLINK_ENCRYPTION_KEY!,
      },
    },
  ],
  modules: [
    {
      resolve: "@medusajs/medusa/payment",
      dependencies: ["paylink"],
      options: {
        providers: [
          { resolve: "${PLUGIN_NAME}/providers/gateway-a", id: "default", options: { ...paylink, token: "sandbox-token-a" } },
          { resolve: "${PLUGIN_NAME}/providers/gateway-b", id: "default", options: { ...paylink, token: "sandbox-token-b" } },
          { resolve: "${PLUGIN_NAME}/providers/gateway-c", id: "default", options: { ...paylink, token: "sandbox-token-c" } },${
            subscription
              ? `
          { resolve: "${PLUGIN_NAME}/providers/gateway-a-subscription", id: "monthly", options: { ...paylink, token: "sandbox-token-a", interval: "month", count: 1 } },`
              : ""
          }
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
  ],
})
`

/**
 * The app's files: package.json at `version`, tsconfig, medusa-config (with the storefront's
 * `paths`, default STOREFRONT_PATHS; `config.subscription` registers gateway A's monthly
 * subscription too), and `scripts` ({ name: source }) in src/scripts.
 */
function writeApp(dir, version, scripts, paths, config = {}) {
  fs.mkdirSync(path.join(dir, "src", "scripts"), { recursive: true })
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify(appPackage(version), null, 2) + "\n"
  )
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify(APP_TSCONFIG, null, 2) + "\n"
  )
  fs.writeFileSync(
    path.join(dir, "medusa-config.ts"),
    medusaConfig(paths, config)
  )
  for (const [name, source] of Object.entries(scripts))
    fs.writeFileSync(path.join(dir, "src", "scripts", name), source)
}

function npmInstall(dir, args, what) {
  const res = run(
    "npm",
    ["install", "--no-audit", "--no-fund", "--prefer-offline", ...args],
    { cwd: dir }
  )
  fs.writeFileSync(path.join(dir, `npm-install-${what}.log`), res.output)
  check(
    res.status === 0,
    `\`npm install ${args.join(" ")}\` (${what}) failed in ${dir}:\n${lastLines(res.output)}`
  )
  return res.output
}

/** The app resolves one copy of @medusajs/*: none under the plugin, the app's own version. */
function checkOneMedusa(dir, version) {
  const plugin = path.join(dir, "node_modules", PLUGIN_NAME)
  check(
    fs.existsSync(path.join(plugin, "package.json")),
    `${PLUGIN_NAME} is not in ${dir}/node_modules`
  )
  check(
    !fs.existsSync(path.join(plugin, "node_modules", "@medusajs")),
    `the plugin got its own node_modules/@medusajs: two copies of Medusa`
  )
  for (const name of ["framework", "medusa"]) {
    const installed = JSON.parse(
      fs.readFileSync(
        path.join(dir, "node_modules", "@medusajs", name, "package.json"),
        "utf8"
      )
    ).version
    check(
      installed === version,
      `@medusajs/${name} is ${installed} in the app after installing the plugin, not ${version}`
    )
  }
}

/**
 * The environment the app's medusa-config reads: a production server (no caller's NODE_OPTIONS),
 * fresh secrets, the database, the sandbox, the server's own address, and the storefront's.
 */
function appEnv({ databaseUrl, sandboxPort, port, storefrontUrl }) {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    MEDUSA_DISABLE_TELEMETRY: "true",
    DATABASE_URL: databaseUrl,
    JWT_SECRET: crypto.randomBytes(32).toString("hex"),
    COOKIE_SECRET: crypto.randomBytes(32).toString("hex"),
    PAYLINK_SECRET: crypto.randomBytes(32).toString("hex"),
    PAYLINK_ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
    PAYLINK_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
    MEDUSA_BACKEND_URL: `http://localhost:${port}`,
  }
  if (storefrontUrl) env.STOREFRONT_URL = storefrontUrl
  delete env.NODE_OPTIONS
  return env
}

/** The JSON a seed script printed after `marker ` in its log. */
function seedOutput(seedLog, marker, logFile) {
  const line = seedLog.split("\n").find((l) => l.includes(`${marker} `))
  check(line, `the seed printed no ${marker} line (${logFile})`)
  return JSON.parse(line.slice(line.indexOf(`${marker} `) + marker.length + 1))
}

/** The sandbox the installed package ships (medusa-plugin-paylink/sandbox), started from the app. */
async function startInstalledSandbox(appDir, options) {
  const { createSandbox } = require(
    require.resolve(`${PLUGIN_NAME}/sandbox`, { paths: [appDir] })
  )
  return createSandbox(options)
}

module.exports = {
  PKG,
  PLUGIN_NAME,
  Failure,
  check,
  run,
  lastLines,
  packedTarball,
  writeApp,
  npmInstall,
  checkOneMedusa,
  appEnv,
  seedOutput,
  startInstalledSandbox,
}
