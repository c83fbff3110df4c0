/** Jest's global teardown for the consumer specs, passed or failed: the host's template goes. */
const { dropMigratedTemplate } = require("../helpers/migrated-template")

module.exports = async function globalTeardown() {
  await dropMigratedTemplate()
}
