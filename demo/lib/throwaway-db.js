"use strict"
/**
 * A database made for one run and dropped after it (the benchmark, the soak, the several-instances
 * test), on the PostgreSQL server of `serverUrl` (default postgres://postgres@localhost:5432).
 */
const { Client } = require("pg")

/** Runs `fn` with one connected client, and always closes it. */
async function withPg(url, fn) {
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end().catch(() => {})
  }
}

/** The URL of `database` on the server of `serverUrl`. */
function databaseUrl(serverUrl, database) {
  const u = new URL(serverUrl || "postgres://postgres@localhost:5432")
  u.pathname = `/${database}`
  return u.toString()
}

/** Creates `name` on the server; answers { name, url, drop }. */
async function throwawayDatabase(name, serverUrl) {
  await withPg(databaseUrl(serverUrl, "postgres"), (c) =>
    c.query(`create database "${name}"`)
  )
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () =>
      withPg(databaseUrl(serverUrl, "postgres"), (c) =>
        c.query(`drop database if exists "${name}" with (force)`)
      ),
  }
}

module.exports = { withPg, databaseUrl, throwawayDatabase }
