"use strict"
/**
 * The demo's secrets, made for this install and kept in .demo/secrets.json (git-ignored, mode
 * 0600). Nothing in them is in the repository: a demo pointed at the real service must not sign
 * return links or admin sessions with a key anyone can read on GitHub. The file is reused on the
 * next run, so admin sessions and signed return links survive a restart; a value missing from it
 * (a file from an older demo) is generated and added, the others kept.
 */
const crypto = require("node:crypto")
const fs = require("node:fs")
const path = require("node:path")
const { DemoError } = require("./errors")

const REPO = path.resolve(__dirname, "../..")
const SECRETS_FILE = path.join(REPO, ".demo", "secrets.json")

const hex = (bytes) => () => crypto.randomBytes(bytes).toString("hex")

/** Each value and how it is made. */
const GENERATORS = {
  // Not a secret: marks the database seeded with these secrets (demo/seed.ts keeps it in the store's metadata).
  installId: hex(8),
  // The plugin's `secret` (PAYLINK_SECRET): signs return links.
  returnLinkSecret: hex(32),
  // Medusa's projectConfig.http.jwtSecret and cookieSecret (JWT_SECRET, COOKIE_SECRET).
  jwtSecret: hex(32),
  cookieSecret: hex(32),
  // The plugin's `encryptionKey` (PAYLINK_ENCRYPTION_KEY): 32 bytes, hex.
  encryptionKey: hex(32),
  // The admin user's password: 16 characters a person can type.
  adminPassword: () => crypto.randomBytes(12).toString("base64url"),
  // The embedded PostgreSQL's postgres user (demo/lib/database.js), when the demo runs its own.
  databasePassword: hex(24),
}

function writePrivate(file, values) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  // Written beside it with mode 0600 from the start, then renamed: never a moment readable by others.
  const tmp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(tmp, `${JSON.stringify(values, null, 2)}\n`, {
    mode: 0o600,
    flag: "w",
  })
  fs.chmodSync(tmp, 0o600) // the mode of writeFileSync is filtered by the umask
  fs.renameSync(tmp, file)
}

function readExisting(file) {
  let values
  try {
    values = JSON.parse(fs.readFileSync(file, "utf8"))
  } catch (e) {
    if (e.code === "ENOENT") return null
    throw new DemoError(
      `reading ${path.relative(REPO, file)}: ${e.message}`,
      `delete ${path.relative(REPO, file)} and run \`npm run demo -- --reset\` (new secrets need a new database)`
    )
  }
  if (!values || typeof values !== "object" || Array.isArray(values)) {
    throw new DemoError(
      `${path.relative(REPO, file)} is not a JSON object`,
      `delete it and run \`npm run demo -- --reset\``
    )
  }
  return values
}

/**
 * The install's secrets: read from `file`, or generated with crypto.randomBytes and written there
 * (mode 0600). Answers { secrets, created, added, file }: `created` when the file was made now,
 * `added` the names generated into an existing file.
 */
function loadSecrets(file = SECRETS_FILE) {
  const existing = readExisting(file)
  const secrets = {}
  const added = []
  for (const [name, make] of Object.entries(GENERATORS)) {
    const kept = existing?.[name]
    if (typeof kept === "string" && kept.length >= 16) secrets[name] = kept
    else {
      secrets[name] = make()
      added.push(name)
    }
  }
  if (!existing || added.length) writePrivate(file, secrets)
  else if ((fs.statSync(file).mode & 0o777) !== 0o600) fs.chmodSync(file, 0o600) // copied or edited by hand
  return { secrets, created: !existing, added: existing ? added : [], file }
}

/** The environment the root medusa-config.ts reads these from. */
function secretsEnv(secrets) {
  return {
    PAYLINK_SECRET: secrets.returnLinkSecret,
    JWT_SECRET: secrets.jwtSecret,
    COOKIE_SECRET: secrets.cookieSecret,
    PAYLINK_ENCRYPTION_KEY: secrets.encryptionKey,
  }
}

module.exports = { loadSecrets, secretsEnv, SECRETS_FILE }
