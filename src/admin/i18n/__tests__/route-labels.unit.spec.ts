/**
 * A route's sidebar label is translated only when its `translationNs` is a string literal: the admin
 * build reads the route config from the source text and drops anything else.
 */
import fs from "fs"
import path from "path"
import { en, PAYLINK_NS } from "../index"

const ROUTES = path.resolve(__dirname, "../../routes")

function pages(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    return e.isDirectory() ? pages(p) : e.name === "page.tsx" ? [p] : []
  })
}

const at = (obj: any, key: string) =>
  key.split(".").reduce((o, k) => o?.[k], obj)

describe("route labels", () => {
  it.each(pages(ROUTES).map((p) => [path.relative(ROUTES, p), p]))(
    "%s: a translated label names a key of the namespace",
    (_name, file) => {
      const source = fs.readFileSync(file, "utf8")
      const config =
        /defineRouteConfig\(\{([\s\S]*?)\}\)/.exec(source)?.[1] ?? ""
      if (!/translationNs/.test(config)) return
      const ns = /translationNs:\s*"([^"]+)"/.exec(config)?.[1]
      expect({ file: _name, ns }).toEqual({ file: _name, ns: PAYLINK_NS })
      const label = /label:\s*"([^"]+)"/.exec(config)?.[1] ?? ""
      expect({ label, text: typeof at(en, label) }).toEqual({
        label,
        text: "string",
      })
    }
  )
})
