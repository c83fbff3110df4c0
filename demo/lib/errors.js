"use strict"
/** A step that failed in a way the user can fix: what failed, and how to fix it (no stack trace). */
class DemoError extends Error {
  constructor(what, fix) {
    super(what)
    this.fix = fix
  }
}
module.exports = { DemoError }
