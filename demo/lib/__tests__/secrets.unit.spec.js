/** The demo's per-install secrets file (demo/lib/secrets.js): generated once, reused, 0600. */
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { loadSecrets, secretsEnv } = require("../secrets")

const NAMES = [
  "installId",
  "returnLinkSecret",
  "jwtSecret",
  "cookieSecret",
  "encryptionKey",
  "adminPassword",
  "databasePassword",
]
const OLD_FIXED = [
  "development-only-secret-0123456789abcdef",
  "supersecret",
  "demo-paylink-1234",
  "postgres",
  "6d656475736120706c7567696e20706179696e6b20646576206b657920303031",
]

let dir
let file
const modeOf = (f) => fs.statSync(f).mode & 0o777

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "demo-secrets-"))
  // Inside a .demo folder that does not exist yet, as on a fresh clone.
  file = path.join(dir, ".demo", "secrets.json")
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

describe("demo secrets file", () => {
  it("is generated on the first run with random values, mode 0600, none of them the old fixed ones", () => {
    const umask = process.umask(0o022) // the usual umask: a plain write would give 0644
    try {
      const first = loadSecrets(file)
      expect(first.created).toBe(true)
      expect(Object.keys(first.secrets).sort()).toEqual([...NAMES].sort())
      expect(modeOf(file)).toBe(0o600)
      expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual(first.secrets)
      for (const value of Object.values(first.secrets))
        expect(OLD_FIXED).not.toContain(value)
      expect(first.secrets.encryptionKey).toMatch(/^[0-9a-f]{64}$/)
      expect(first.secrets.returnLinkSecret.length).toBeGreaterThanOrEqual(32)
      expect(first.secrets.adminPassword).toMatch(/^[A-Za-z0-9_-]{16}$/)
      // Another install gets other values.
      const other = loadSecrets(path.join(dir, "other", "secrets.json")).secrets
      for (const name of NAMES)
        expect(other[name]).not.toBe(first.secrets[name])
    } finally {
      process.umask(umask)
    }
  })

  it("is reused on the next run, unchanged, so sessions and the admin password survive a restart", () => {
    const first = loadSecrets(file)
    const before = fs.readFileSync(file, "utf8")
    const again = loadSecrets(file)
    expect(again).toEqual({
      secrets: first.secrets,
      created: false,
      added: [],
      file,
    })
    expect(fs.readFileSync(file, "utf8")).toBe(before)
  })

  it("fills in a value missing from an older file and keeps the others", () => {
    const { secrets } = loadSecrets(file)
    const { adminPassword, encryptionKey, ...older } = secrets
    fs.writeFileSync(file, JSON.stringify(older))
    const again = loadSecrets(file)
    expect(again.created).toBe(false)
    expect(again.added.sort()).toEqual(["adminPassword", "encryptionKey"])
    expect(again.secrets).toMatchObject(older)
    expect(again.secrets.adminPassword).not.toBe(adminPassword)
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual(again.secrets)
    expect(modeOf(file)).toBe(0o600)
  })

  it("puts a file others could read back to 0600", () => {
    loadSecrets(file)
    fs.chmodSync(file, 0o644)
    loadSecrets(file)
    expect(modeOf(file)).toBe(0o600)
  })

  it("refuses a file that is not JSON, saying how to start over, and leaves it as it was", () => {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, "{ not json")
    expect(() => loadSecrets(file)).toThrow(/secrets\.json/)
    try {
      loadSecrets(file)
    } catch (e) {
      expect(e.fix).toMatch(/--reset/)
    }
    expect(fs.readFileSync(file, "utf8")).toBe("{ not json")
  })

  it("hands Medusa and the plugin their values under the names medusa-config.ts reads", () => {
    const { secrets } = loadSecrets(file)
    expect(secretsEnv(secrets)).toEqual({
      PAYLINK_SECRET: secrets.returnLinkSecret,
      JWT_SECRET: secrets.jwtSecret,
      COOKIE_SECRET: secrets.cookieSecret,
      PAYLINK_ENCRYPTION_KEY: secrets.encryptionKey,
    })
  })
})
