"use strict"
/**
 * A fixture for the storefront kit's tests: a small dtc-starter-like checkout (the "upstream"), a kit
 * built from it with the real build function, and a copy of the command laid out as in the installed
 * package (bin/, storefront-kit/<kit>/, package.json), so the command finds its kit the way it does
 * in node_modules. Everything lives in one temporary directory.
 */
const crypto = require("node:crypto")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { spawnSync } = require("node:child_process")
const { build } = require("../storefront-kit")

const REPO = path.join(__dirname, "..", "..")
const VERSION = "9.8.7"
const COMMIT = "9233262ff1f04185646f88362918c027e1431cd6"

const UPSTREAM_PACKAGE_JSON = `{
  "name": "@dtc/storefront",
  "version": "1.0.3",
  "private": true,
  "scripts": {
    "dev": "next dev --turbopack -p 8000"
  },
  "dependencies": {
    "@medusajs/js-sdk": "2.18.0",
    "lodash": "^4.17.21",
    "next": "15.5.21",
    "react": "19.0.5"
  },
  "devDependencies": {
    "typescript": "^5.3.2"
  }
}
`

/** The upstream storefront's files (apps/storefront/...). */
const UPSTREAM = {
  "package.json": UPSTREAM_PACKAGE_JSON,
  ".env.template":
    "NEXT_PUBLIC_MEDUSA_BACKEND_URL=http://localhost:9000\nNEXT_PUBLIC_DEFAULT_REGION=dk\n",
  "src/lib/constants.tsx":
    'import { CreditCard } from "@medusajs/icons"\n\nexport const paymentInfoMap = {\n  pp_system_default: { title: "Manual Payment" },\n}\n',
  "src/modules/checkout/components/payment/index.tsx":
    "export default function Payment() {\n  return <div>Payment</div>\n}\n",
  "src/app/[countryCode]/(main)/order/[id]/confirmed/page.tsx":
    "export default function Confirmed() {\n  return <main />\n}\n",
  "src/lib/util/money.ts": "export const money = (n: number) => String(n)\n",
}

/** The kit's files: four upstream files changed, two new (src/lib/util/money.ts is left alone). */
const KIT = {
  ".env.template":
    "NEXT_PUBLIC_MEDUSA_BACKEND_URL=http://localhost:9000\nNEXT_PUBLIC_DEFAULT_REGION=gt\n",
  "src/lib/constants.tsx":
    'import { CreditCard } from "@medusajs/icons"\nimport { paylinkPaymentInfoMap } from "medusa-plugin-paylink/storefront/react"\n\nexport const paymentInfoMap = {\n  ...paylinkPaymentInfoMap("en"),\n  pp_system_default: { title: "Manual Payment" },\n}\n',
  "src/modules/checkout/components/payment/index.tsx":
    'import { isPaylinkProvider } from "medusa-plugin-paylink/storefront"\n\nexport default function Payment() {\n  return <div>{isPaylinkProvider("x") ? "Pay" : "Payment"}</div>\n}\n',
  "src/app/[countryCode]/(main)/order/[id]/confirmed/page.tsx":
    'import ForgetPaidCart from "@modules/order/components/forget-paid-cart"\n\nexport default function Confirmed() {\n  return (\n    <main>\n      <ForgetPaidCart />\n    </main>\n  )\n}\n',
  "src/lib/data/paylink.ts":
    'export { createPaymentLink } from "medusa-plugin-paylink/storefront"\n',
  "src/modules/order/components/forget-paid-cart/index.tsx":
    '"use client"\nexport default function ForgetPaidCart() {\n  return null\n}\n',
}

function writeTree(root, files) {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(root, ...rel.split("/"))
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, content)
  }
}

/** Every file under root: { rel: sha256 } and { rel: mtime in ns }; a symlink as its target, unfollowed. */
function snapshot(root) {
  const hashes = {}
  const mtimes = {}
  const walk = (rel) => {
    for (const d of fs.readdirSync(path.join(root, rel), {
      withFileTypes: true,
    })) {
      const r = rel ? `${rel}/${d.name}` : d.name
      const abs = path.join(root, r)
      if (d.isDirectory()) walk(r)
      else if (d.isSymbolicLink()) hashes[r] = `-> ${fs.readlinkSync(abs)}`
      else {
        hashes[r] = crypto
          .createHash("sha256")
          .update(fs.readFileSync(abs))
          .digest("hex")
        mtimes[r] = fs.statSync(abs, { bigint: true }).mtimeNs.toString()
      }
    }
  }
  walk("")
  return { hashes, mtimes }
}

/**
 * Makes the fixture: <tmp>/upstream (a checkout: package.json of a workspace, apps/storefront),
 * <tmp>/pkg (the command and its kit, built from upstream). Returns its paths and helpers.
 */
function makeFixture() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "paylink-kit-test-"))
  const upstream = path.join(tmp, "upstream")
  writeTree(upstream, {
    "package.json": '{ "name": "dtc", "private": true }\n',
  })
  writeTree(path.join(upstream, "apps", "storefront"), UPSTREAM)

  const pkg = path.join(tmp, "pkg")
  const kitDir = path.join(pkg, "storefront-kit", "dtc-starter")
  writeTree(path.join(kitDir, "files"), KIT)
  fs.mkdirSync(path.join(pkg, "bin", "lib"), { recursive: true })
  fs.copyFileSync(
    path.join(REPO, "bin", "paylink-storefront.js"),
    path.join(pkg, "bin", "paylink-storefront.js")
  )
  for (const f of fs.readdirSync(path.join(REPO, "bin", "lib")))
    fs.copyFileSync(
      path.join(REPO, "bin", "lib", f),
      path.join(pkg, "bin", "lib", f)
    )
  fs.writeFileSync(
    path.join(pkg, "package.json"),
    JSON.stringify(
      { name: "medusa-plugin-paylink", version: VERSION },
      null,
      2
    ) + "\n"
  )
  build({ kitDir, checkout: upstream, commit: COMMIT, date: "2026-07-24" })

  let n = 0
  return {
    tmp,
    upstream,
    pkg,
    kitDir,
    bin: path.join(pkg, "bin", "paylink-storefront.js"),
    /** A fresh copy of the upstream checkout, optionally with some storefront files replaced. */
    checkout(storefrontFiles = {}) {
      const dir = path.join(tmp, `checkout-${++n}`)
      fs.cpSync(upstream, dir, { recursive: true })
      writeTree(path.join(dir, "apps", "storefront"), storefrontFiles)
      return dir
    },
    /** Runs the command as a child process, the working directory being the fixture's tmp. */
    run(args, cwd = tmp) {
      const res = spawnSync(process.execPath, [this.bin, ...args], {
        cwd,
        encoding: "utf8",
      })
      return { status: res.status, stdout: res.stdout, stderr: res.stderr }
    },
    cleanup() {
      fs.rmSync(tmp, { recursive: true, force: true })
    },
  }
}

module.exports = {
  makeFixture,
  snapshot,
  writeTree,
  UPSTREAM,
  KIT,
  VERSION,
  COMMIT,
}
