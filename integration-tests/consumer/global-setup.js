/**
 * Jest's global setup for the consumer specs: one migrated database of the host app (jest runs
 * with the host as working directory), copied for each spec file (../helpers/migrated-template.js).
 */
const { createMigratedTemplate } = require("../helpers/migrated-template")

module.exports = async function globalSetup() {
  await createMigratedTemplate(process.cwd())
}
