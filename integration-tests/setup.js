// Medusa's data models register into a global metadata store; clear it so each test file boots
// with a clean one (the same set-up the Medusa starters use).
const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")
MetadataStorage.clear()

// Quiet what passing tests print so that a failure stands out: Medusa's info logs (migrations,
// events) unless LOG_LEVEL asks for them, and knex's notice that a pooled connection ended when a
// test database is dropped at the end of a file.
process.env.LOG_LEVEL = process.env.LOG_LEVEL || "error"
// Medusa's JSON log lines are shortened to their level and message (the stack of an error that a
// test provokes on purpose, e.g. an upstream fault, says nothing); PAYLINK_TEST_STACKS=1 keeps them.
const log = console.log
console.log = (...args) => {
  const first = args[0]
  if (
    typeof first === "string" &&
    first.startsWith("Connection Error: Connection ended unexpectedly")
  ) {
    return
  }
  if (
    typeof first === "string" &&
    first.startsWith('{"level":') &&
    !process.env.PAYLINK_TEST_STACKS
  ) {
    try {
      const entry = JSON.parse(first)
      return log(`[${entry.level}] ${entry.message}`)
    } catch {
      // not one of Medusa's log lines after all
    }
  }
  log(...args)
}
