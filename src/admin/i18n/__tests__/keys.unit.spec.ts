import { en, es } from "../index"

/** Every key path of a nested strings object, e.g. "statuses.created". */
function keys(obj: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === "object" ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]
  )
}

describe("admin translations", () => {
  it("Spanish and English have exactly the same keys", () => {
    const enKeys = new Set(keys(en))
    const esKeys = new Set(keys(es))
    expect([...enKeys].filter((k) => !esKeys.has(k))).toEqual([])
    expect([...esKeys].filter((k) => !enKeys.has(k))).toEqual([])
  })

  it("every string is non-empty and the same {{placeholders}} appear in both languages", () => {
    const at = (obj: any, path: string) => path.split(".").reduce((o, k) => o[k], obj)
    for (const key of keys(en)) {
      const a = at(en, key)
      const b = at(es, key)
      expect(typeof a === "string" && a.trim() !== "").toBe(true)
      expect(typeof b === "string" && b.trim() !== "").toBe(true)
      const vars = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((v) => v.replace(/\s/g, "")).sort()
      expect([key, vars(b)]).toEqual([key, vars(a)])
    }
  })
})
