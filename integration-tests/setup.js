// Medusa's data models register into a global metadata store; clear it so each test file boots
// with a clean one (the same set-up the Medusa starters use).
const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")
MetadataStorage.clear()
