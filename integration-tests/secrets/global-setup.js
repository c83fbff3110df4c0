/**
 * Before any spec file: a fresh, empty recording for this run (see recording.js), and the app's
 * log level raised so that the secrets check sees every line the app would write, not only its
 * errors. The terminal still shows only what LOG_LEVEL asks for (error by default): the test
 * environment (recording-environment.js) records the quieter lines without printing them.
 */
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { RECORDING_ENV } = require("./recording")

module.exports = async function createSecretsRecording() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paylink-secrets-"))
  const file = path.join(dir, "recording.jsonl")
  fs.writeFileSync(file, "")
  // Spec files see this environment: with --runInBand they run in this process, and the worker of
  // npm run test:integration (started after this) inherits it, as does each worker that replaces it.
  process.env[RECORDING_ENV] = file
  process.env.PAYLINK_TERMINAL_LOG_LEVEL = process.env.LOG_LEVEL || "error"
  process.env.LOG_LEVEL = "debug"
}
