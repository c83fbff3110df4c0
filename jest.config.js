const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())
// The machine's PostgreSQL: trust auth as postgres. "localhost", not 127.0.0.1, which makes
// Medusa's test utils switch SSL on.
process.env.DB_HOST = process.env.DB_HOST || "localhost"
process.env.DB_USERNAME = process.env.DB_USERNAME || "postgres"

module.exports = {
  transform: {
    "^.+\\.[jt]sx?$": [
      "@swc/jest",
      {
        jsc: {
          parser: { syntax: "typescript", decorators: true, tsx: true },
          transform: { react: { runtime: "automatic" } },
        },
      },
    ],
  },
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  modulePathIgnorePatterns: [
    "dist/",
    "<rootDir>/.medusa/",
    "<rootDir>/integration-tests/consumer/host/",
  ],
  setupFiles: ["./integration-tests/setup.js"],
}

if (process.env.TEST_TYPE === "integration:http") {
  module.exports.testMatch = ["**/integration-tests/http/**/*.spec.[jt]s"]
  // One migrated database copied for every spec file (integration-tests/helpers/migrated-template.js).
  // The secrets check (integration-tests/secrets): every spec file records what it receives and
  // logs, and no-secret-leaked.spec.ts reads that recording after all of them.
  Object.assign(module.exports, {
    globalSetup: "./integration-tests/global-setup.js",
    globalTeardown: "./integration-tests/global-teardown.js",
    testEnvironment: "./integration-tests/secrets/recording-environment.js",
    testSequencer: "./integration-tests/secrets/run-last-sequencer.js",
  })
} else if (process.env.TEST_TYPE === "unit") {
  // demo/: the demo's own helpers (e.g. its secrets file), plain JavaScript beside the demo.
  // scripts/__tests__: the storefront kit's command and maintainer tool (bin/ ships, so its tests
  // live here).
  module.exports.testMatch = [
    "**/src/**/__tests__/**/*.unit.spec.[jt]s",
    "**/demo/**/__tests__/**/*.unit.spec.[jt]s",
    "<rootDir>/scripts/__tests__/*.unit.spec.js",
  ]
}
