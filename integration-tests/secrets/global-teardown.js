/**
 * After the run: the recording holds the test secrets and everything the app said, so it is
 * removed; PAYLINK_KEEP_SECRETS_RECORDING=1 keeps it for a look after a failed secrets check.
 */
const fs = require("node:fs")
const path = require("node:path")
const { recordingPath } = require("./recording")

module.exports = async function removeSecretsRecording() {
  const file = recordingPath()
  if (!file) return
  if (process.env.PAYLINK_KEEP_SECRETS_RECORDING) {
    process.stdout.write(`\nThe secrets recording is kept at ${file}\n`)
    return
  }
  fs.rmSync(path.dirname(file), { recursive: true, force: true })
}
