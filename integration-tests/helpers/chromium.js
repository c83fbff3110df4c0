/**
 * Debian's Chromium for the browser tests that run in the unit lane (the sandbox's hosted page, the
 * React loyalty field, the demo's pages): headless, through playwright-core, which never downloads
 * a browser. PAYLINK_CHROMIUM names another binary.
 */
const { chromium } = require("playwright-core")

const CHROMIUM = process.env.PAYLINK_CHROMIUM || "/usr/bin/chromium"

function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-background-networking"],
  })
}

module.exports = { launchChromium, CHROMIUM }
