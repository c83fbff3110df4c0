/**
 * Jest's global setup for the integration specs (npm run test:integration): one migrated database
 * that every spec file gets a copy of (helpers/migrated-template.js), and the secrets check's
 * recording (secrets/global-setup.js).
 */
const { createMigratedTemplate } = require("./helpers/migrated-template")
const createSecretsRecording = require("./secrets/global-setup")

module.exports = async function globalSetup() {
  await createMigratedTemplate(process.cwd())
  await createSecretsRecording()
}
