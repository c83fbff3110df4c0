"use strict"
/**
 * Keep in step with demo/store-data.ts (the seed creates this user). Its password is the install's
 * own, made in .demo/secrets.json (demo/lib/secrets.js), never one written here.
 */
module.exports = { ADMIN_EMAIL: "admin@demo.paylink.gt" }
