/** Jest's global teardown, after every spec file, passed or failed: the template and the recording go. */
const { dropMigratedTemplate } = require("./helpers/migrated-template")
const removeSecretsRecording = require("./secrets/global-teardown")

module.exports = async function globalTeardown() {
  try {
    await dropMigratedTemplate()
  } finally {
    await removeSecretsRecording()
  }
}
