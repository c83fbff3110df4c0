"use strict"
/** Keep in step with demo/store-data.ts (the seed creates this user). */
module.exports = { ADMIN: { email: "admin@demo.paylink.gt", password: "demo-paylink-1234" } }
