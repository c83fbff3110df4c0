/**
 * Jest config for the consumer test (`npm run test:consumer`, through run.js). The spec runs with
 * its working directory in the host app (integration-tests/consumer/host), so Medusa resolves the
 * plugin and its providers from the host's node_modules, i.e. from the installed tarball.
 */
const path = require("path")

module.exports = {
  rootDir: path.resolve(__dirname, "../.."),
  roots: ["<rootDir>/integration-tests/consumer"],
  testMatch: ["<rootDir>/integration-tests/consumer/*.spec.[jt]s"],
  testPathIgnorePatterns: [
    "/node_modules/",
    "<rootDir>/integration-tests/consumer/host/",
  ],
  // The host's medusa-config.ts is TypeScript: transform it (and the spec and helpers) with SWC.
  // The installed package stays as built (node_modules is not transformed).
  transform: {
    "^.+\\.[jt]sx?$": [
      "@swc/jest",
      { jsc: { parser: { syntax: "typescript", decorators: true } } },
    ],
  },
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "json"],
  // Keep the repo's own build output out of the module map: the plugin must come from the host.
  modulePathIgnorePatterns: ["<rootDir>/.medusa/"],
  setupFiles: ["<rootDir>/integration-tests/setup.js"],
  // One migrated database of the host, copied for each spec file instead of migrating each.
  globalSetup: "<rootDir>/integration-tests/consumer/global-setup.js",
  globalTeardown: "<rootDir>/integration-tests/consumer/global-teardown.js",
}
