"use strict"
/**
 * Whether `medusa db:migrate` has anything to do. It has nothing to do when the database was
 * migrated by this demo with the same code that defines the migrations: every @medusajs package at
 * the same version (their modules' migrations, links and migration scripts), the plugin's own
 * migrations and links, and medusa-config.ts (which modules there are). After a migration that
 * succeeded, that code's fingerprint is written in the database itself (table
 * paylink_demo_migrated), so a database dropped, reset or migrated by other code is migrated again.
 *
 * Why not ask Medusa's planners (each module's MikroORM migrator, the links' execution planner):
 * asking them means loading every module, which is most of what an idle `db:migrate` costs (a minute
 * and more on a busy 2-core machine). As a check on Medusa's own record, the plugin's migrations
 * must also be listed in mikro_orm_migrations, where Medusa notes each one it ran.
 * `npm run demo -- --migrate` runs db:migrate whatever the fingerprint says.
 */
const crypto = require("node:crypto")
const fs = require("node:fs")
const path = require("node:path")
const { Client } = require("pg")

const REPO = path.resolve(__dirname, "../..")
const TABLE = "paylink_demo_migrated"

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out
  for (const e of fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) {
      if (e.name !== "__tests__") walk(full, out)
    } else out.push(full)
  }
  return out
}

/** The plugin's own migration files (src/modules/<module>/migrations). */
function pluginMigrationFiles() {
  const modules = path.join(REPO, "src", "modules")
  return fs
    .readdirSync(modules)
    .flatMap((m) => walk(path.join(modules, m, "migrations")))
}

/** Sha-256 of what defines the migrations, for `env` (the demo's Medusa environment). */
function migrationsFingerprint(env = process.env) {
  const h = crypto.createHash("sha256")
  const scope = path.join(REPO, "node_modules", "@medusajs")
  for (const name of fs.readdirSync(scope).sort()) {
    try {
      const pkg = JSON.parse(
        fs.readFileSync(path.join(scope, name, "package.json"), "utf8")
      )
      h.update(`${pkg.name}@${pkg.version}\n`)
    } catch {}
  }
  const files = [
    path.join(REPO, "medusa-config.ts"),
    ...pluginMigrationFiles(),
    ...walk(path.join(REPO, "src", "links")),
    ...walk(path.join(REPO, "src", "migration-scripts")),
  ]
  for (const f of files) {
    h.update(path.relative(REPO, f))
    h.update(fs.readFileSync(f))
  }
  // The variables medusa-config.ts reads to add or leave out modules.
  for (const k of [
    "PAYLINK_REDIS_URL",
    "PAYLINK_FILE_MODULE",
    "PAYLINK_PAYMENT_DEPENDENCIES",
  ])
    h.update(`${k}=${env[k] ? "set" : ""}\n`)
  return h.digest("hex")
}

/**
 * Answers { pending: boolean, reason } for the database at `url`: pending unless the fingerprint
 * written after the last migration is `fingerprint` and Medusa's record lists every plugin migration.
 */
async function migrationsPending(url, fingerprint) {
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    let stamp
    try {
      const { rows } = await client.query(
        `select fingerprint from ${TABLE} where id = 1`
      )
      stamp = rows[0]?.fingerprint
    } catch (e) {
      if (e.code === "42P01")
        return { pending: true, reason: "never migrated by the demo" }
      throw e
    }
    if (stamp !== fingerprint)
      return {
        pending: true,
        reason:
          "Medusa, the plugin's migrations or medusa-config.ts changed since",
      }
    const names = pluginMigrationFiles()
      .map((f) => path.basename(f))
      .filter((f) => /^Migration.*\.[cm]?[jt]s$/.test(f))
      .map((f) => f.replace(/\.[cm]?[jt]s$/, ""))
    const { rows } = await client.query(
      "select name from mikro_orm_migrations where name = any($1)",
      [names]
    )
    if (rows.length < new Set(names).size)
      return {
        pending: true,
        reason:
          "Medusa's record (mikro_orm_migrations) lacks some of the plugin's migrations",
      }
    return { pending: false, reason: "migrated with this code already" }
  } catch (e) {
    if (e.code === "42P01")
      return { pending: true, reason: "Medusa's tables are not there" }
    throw e
  } finally {
    await client.end().catch(() => {})
  }
}

/** After `db:migrate` succeeded: the fingerprint of the code that migrated the database. */
async function recordMigrated(url, fingerprint) {
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(
      `create table if not exists ${TABLE} (id int primary key, fingerprint text not null, migrated_at timestamptz not null default now())`
    )
    await client.query(
      `insert into ${TABLE} (id, fingerprint) values (1, $1) on conflict (id) do update set fingerprint = excluded.fingerprint, migrated_at = now()`,
      [fingerprint]
    )
  } finally {
    await client.end().catch(() => {})
  }
}

module.exports = { migrationsFingerprint, migrationsPending, recordMigrated }
