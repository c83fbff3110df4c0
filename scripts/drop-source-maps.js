#!/usr/bin/env node
"use strict"
/**
 * Removes the source maps of the build (.medusa/server): every *.map file and the
 * `//# sourceMappingURL=` line that points at it. Run by `npm run build` and, before every
 * `npm pack` / `npm publish`, by the `prepack` script; a second run changes nothing.
 *
 * Why: the package ships no source maps (CONTRIBUTING.md#what-the-package-contains). Medusa's `medusa plugin:build`
 * compiles with inlineSourceMap whenever tsconfig.json's sourceMap is false, which put a map
 * without its sources into every file (a third of the package, pointing at src/*.ts that is not
 * shipped). tsconfig.json therefore asks for external maps (sourceMap: true), and this drops them.
 * Without a build (e.g. an install from git) there is nothing to do. It reports on stderr: its
 * stdout would land in `npm pack --json`'s.
 */
const fs = require("node:fs")
const path = require("node:path")

const BUILT = path.resolve(__dirname, "..", ".medusa", "server")
const MAP_COMMENT = /\n\/\/# sourceMappingURL=[^\n]*\s*$/

function walk(dir, counts) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      walk(full, counts)
    } else if (entry.name.endsWith(".map")) {
      fs.rmSync(full)
      counts.maps++
    } else if (/\.(c|m)?js$/.test(entry.name)) {
      const text = fs.readFileSync(full, "utf8")
      if (MAP_COMMENT.test(text)) {
        fs.writeFileSync(full, text.replace(MAP_COMMENT, "\n"))
        counts.comments++
      }
    }
  }
}

if (!fs.existsSync(BUILT)) {
  console.log(
    "drop-source-maps: no .medusa/server (nothing built), nothing to do"
  )
} else {
  const counts = { maps: 0, comments: 0 }
  walk(BUILT, counts)
  console.error(
    `drop-source-maps: removed ${counts.maps} .map files and ${counts.comments} sourceMappingURL lines from .medusa/server`
  )
}
