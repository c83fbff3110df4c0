/**
 * The secrets check's recording: one JSON object per line in one file for the whole integration
 * run. Every spec file appends to it (jest gives each file its own module registry, so nothing
 * can be shared in memory); the last spec reads it. The path comes from the environment, set by
 * global-setup.js before any spec starts.
 *
 * Entries:
 *   { type: "file", file }                                     a spec file started
 *   { type: "secret", kind, value, file, source }              a secret the run configured or sent
 *   { type: "body", file, test, request, status, headers, text } an answer a spec got from the app
 *   { type: "log", file, test, channel, text }                 one line written to the console, stdout or stderr
 * (types in recording.d.ts)
 */
const fs = require("node:fs")
const path = require("node:path")

const RECORDING_ENV = "PAYLINK_SECRETS_RECORDING"

function recordingPath() {
  return process.env[RECORDING_ENV] || null
}

/** Appends one entry; does nothing outside a recorded run (a spec run on its own, the unit tests). */
function record(entry) {
  const file = recordingPath()
  if (!file) return
  // Synchronous: a line must be on disk even if the process is killed right after (--forceExit).
  fs.appendFileSync(file, JSON.stringify(entry) + "\n")
}

/** A spec file's path as reported: relative to the repository, e.g. integration-tests/http/checkout.spec.ts. */
function specName(testPath) {
  return testPath ? path.relative(process.cwd(), testPath) : "(unknown spec)"
}

function readRecording() {
  const file = recordingPath()
  if (!file || !fs.existsSync(file)) return null
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line))
}

module.exports = {
  RECORDING_ENV,
  recordingPath,
  record,
  specName,
  readRecording,
}
