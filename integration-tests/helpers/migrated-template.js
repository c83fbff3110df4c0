"use strict"
/**
 * One migrated database per jest run, copied for each spec file. Medusa's runner
 * (medusaIntegrationTestRunner) creates a database and runs every module's migrations and the link
 * sync for each spec file: 20-30 s a file on 2 busy cores, and still ~11 s on a database already
 * migrated (it loads every module to find nothing pending). Here jest's global setup migrates one
 * template with `medusa db:migrate --skip-scripts` (what the runner does: module migrations, links,
 * search indexes; no data scripts), each spec file gets `CREATE DATABASE ... TEMPLATE` of it
 * (~0.3 s) under the name the runner is given (`dbName`), and the runner's migration and link sync
 * are skipped for that file. The runner still boots the app, snapshots the seeded store before the
 * first test and restores it before each later one, and drops the copy after the file.
 *
 * The template is used only by spec files whose app (`cwd`) is the one it was migrated for; any
 * other file, or a run without the global setup, gets Medusa's own fresh, migrated database. If
 * the runner's internals ever move, the skip is left out and its migrations run on the copy (a
 * no-op there): slower, never different.
 */
const crypto = require("node:crypto")
const path = require("node:path")
const { spawn } = require("node:child_process")
const { Client } = require("pg")

/** The template's name and the app it was migrated for, as the global setup hands them to the workers. */
const TEMPLATE_ENV = "PAYLINK_TEST_TEMPLATE_DB"
const TEMPLATE_APP_ENV = "PAYLINK_TEST_TEMPLATE_APP"
const TEMPLATE_PREFIX = "paylink_template_"
const COPY_PREFIX = "paylink_test_"

function serverConfig() {
  return {
    host: process.env.DB_HOST || "localhost",
    user: process.env.DB_USERNAME || "postgres",
    password: process.env.DB_PASSWORD || undefined,
    port: Number(process.env.DB_PORT || 5432),
  }
}

function databaseUrl(name) {
  const { host, user, password, port } = serverConfig()
  return `postgres://${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ""}@${host}:${port}/${name}`
}

/** Runs `fn` with a client on the server's maintenance database, always closed after. */
async function onServer(fn) {
  const client = new Client({ ...serverConfig(), database: "postgres" })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end().catch(() => {})
  }
}

const dropDatabase = (name) =>
  onServer((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))

function processAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return e.code === "EPERM"
  }
}

/**
 * Templates and copies left by runs that were killed (their names carry the process id that made
 * them; a jest run that ends normally drops its own).
 */
async function dropLeftovers() {
  const { rows } = await onServer((c) =>
    c.query(
      "SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname LIKE $2",
      [`${TEMPLATE_PREFIX}%`, `${COPY_PREFIX}%`]
    )
  )
  for (const { datname } of rows) {
    const pid = Number(/^paylink_(?:template|test)_(\d+)_/.exec(datname)?.[1])
    if (pid && !processAlive(pid)) await dropDatabase(datname).catch(() => {})
  }
}

function medusaCli(appDir, args, env) {
  const cli = require.resolve("@medusajs/cli/cli.js", { paths: [appDir] })
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: appDir,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    child.stdout.on("data", (d) => (output += d))
    child.stderr.on("data", (d) => (output += d))
    child.on("error", reject)
    child.on("close", (code, signal) => resolve({ code, signal, output }))
  })
}

/**
 * Jest's global setup: migrates a new template for the app in `appDir` and hands its name to the
 * workers (they inherit this process's environment). Answers the template's name.
 */
async function createMigratedTemplate(appDir = process.cwd()) {
  await dropLeftovers()
  const name = `${TEMPLATE_PREFIX}${process.pid}_${crypto.randomBytes(3).toString("hex")}`
  await onServer((c) => c.query(`CREATE DATABASE "${name}"`))
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl(name),
    MEDUSA_DISABLE_TELEMETRY: "true",
    LOG_LEVEL: "error",
  }
  // The modules every spec file's app has: not the Redis ones nor Medusa's default file module,
  // which only the several-instances and boot-check tests ask for (in their own processes).
  for (const k of [
    "PAYLINK_REDIS_URL",
    "PAYLINK_FILE_MODULE",
    "PAYLINK_PAYMENT_DEPENDENCIES",
    "JEST_WORKER_ID",
  ])
    delete env[k]
  const started = Date.now()
  const res = await medusaCli(appDir, ["db:migrate", "--skip-scripts"], env)
  if (res.code !== 0) {
    await dropDatabase(name).catch(() => {})
    throw new Error(
      `medusa db:migrate --skip-scripts for the test template failed (exit ${res.code ?? res.signal}):\n${res.output}`
    )
  }
  process.env[TEMPLATE_ENV] = name
  process.env[TEMPLATE_APP_ENV] = path.resolve(appDir)
  process.stdout.write(
    `\nMigrated the test template ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`
  )
  return name
}

/** Jest's global teardown: drops the template (the copies are dropped by the runner after each file). */
async function dropMigratedTemplate() {
  const name = process.env[TEMPLATE_ENV]
  if (!name) return
  delete process.env[TEMPLATE_ENV]
  await dropDatabase(name)
}

let copies = 0

/**
 * For a spec file whose app is `appDir`: the name its copy of the template will have, or undefined
 * when there is no template for that app (the runner then makes and migrates its own database).
 */
function templateCopyName(appDir = process.cwd()) {
  const template = process.env[TEMPLATE_ENV]
  if (!template || process.env[TEMPLATE_APP_ENV] !== path.resolve(appDir))
    return undefined
  return `${COPY_PREFIX}${process.pid}_${++copies}_${crypto.randomBytes(2).toString("hex")}`
}

/**
 * Creates `name` as a copy of the template, then tells the runner of this spec file not to migrate
 * it again. PostgreSQL refuses a copy while another session is connected to the template (another
 * worker's copy at the same moment): tried again.
 */
async function copyTemplate(name) {
  const template = process.env[TEMPLATE_ENV]
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer((c) =>
        c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`)
      )
      break
    } catch (e) {
      if (
        attempt >= 20 ||
        !/being accessed by other users/.test(String(e.message))
      )
        throw e
      await new Promise((r) => setTimeout(r, 100 * attempt))
    }
  }
  skipRunnerMigrations()
}

/**
 * @medusajs/test-utils 2.21 calls its `migrateDatabase` and `syncLinks` through the exports of
 * medusa-test-runner-utils/use-db on every boot; on a copy of the migrated template both would find
 * nothing to do. Replaced with no-ops for this spec file (jest gives each file its own modules).
 */
function skipRunnerMigrations() {
  let useDb
  try {
    useDb = require("@medusajs/test-utils/dist/medusa-test-runner-utils/use-db")
  } catch {
    return false
  }
  if (
    typeof useDb.migrateDatabase !== "function" ||
    typeof useDb.syncLinks !== "function"
  )
    return false
  useDb.migrateDatabase = async () => {}
  useDb.syncLinks = async () => {}
  return true
}

module.exports = {
  createMigratedTemplate,
  dropMigratedTemplate,
  templateCopyName,
  copyTemplate,
  dropDatabase,
}
