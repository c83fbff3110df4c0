// Medusa's data models register into a global metadata store; clear it so each test file boots
// with a clean one (the same set-up the Medusa starters use).
const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")
MetadataStorage.clear()

// Quiet what passing tests print so that a failure stands out: Medusa's info logs (migrations,
// events) unless LOG_LEVEL asks for them, and knex's notice that a pooled connection ended when a
// test database is dropped at the end of a file.
process.env.LOG_LEVEL = process.env.LOG_LEVEL || "error"
const log = console.log
console.log = (...args) => {
  if (typeof args[0] === "string" && args[0].startsWith("Connection Error: Connection ended unexpectedly")) {
    return
  }
  log(...args)
}
