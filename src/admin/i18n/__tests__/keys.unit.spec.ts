import fs from "fs"
import path from "path"
import { BENEFIT_RULE_KINDS } from "../../../api/admin/benefits/schemas"
import { BENEFIT_APPLIES_TO } from "../../../types/benefits"
import {
  CHECKOUT_ORIGINS,
  CHECKOUT_STATUSES,
  ENTRY_ACTIONS,
  ENTRY_REASONS,
  GATEWAYS,
  MAPPED_FIELDS,
  PAYMENT_VERIFICATIONS,
  RECONCILIATION_GROUPS,
  RECONCILIATION_STATUSES,
  REDEMPTION_STATUSES,
  REFERENCE_KINDS,
} from "../../../types"
import { en, es, PAYLINK_NS } from "../index"

type Strings = Record<string, unknown>

function keys(obj: Strings, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === "object"
      ? keys(v as Strings, `${prefix}${k}.`)
      : [`${prefix}${k}`]
  )
}

const at = (obj: unknown, key: string): unknown =>
  key.split(".").reduce<any>((o, k) => (o == null ? undefined : o[k]), obj)

/** i18next's plural forms: `key_one`, `key_other`… are the one key `key` with a count. */
const PLURAL = /_(zero|one|two|few|many|other)$/
const base = (key: string) => key.replace(PLURAL, "")

/** The keys of a language, plural forms counted once; each with the placeholders of all its forms. */
function catalog(strings: Strings) {
  const byKey = new Map<string, { forms: string[]; vars: Set<string> }>()
  for (const key of keys(strings)) {
    const entry = byKey.get(base(key)) ?? { forms: [], vars: new Set<string>() }
    entry.forms.push(key)
    const value = at(strings, key)
    for (const v of typeof value === "string"
      ? (value.match(/\{\{\s*\w+\s*\}\}/g) ?? [])
      : []) {
      entry.vars.add(v.replace(/\s/g, ""))
    }
    byKey.set(base(key), entry)
  }
  return byKey
}

const LANGUAGES = { en, es } as const

describe("admin translations", () => {
  it("Spanish and English have exactly the same keys (each with the plural forms of its own language)", () => {
    const enKeys = [...catalog(en).keys()]
    const esKeys = new Set(catalog(es).keys())
    expect(enKeys.filter((k) => !esKeys.has(k))).toEqual([])
    expect([...esKeys].filter((k) => !enKeys.includes(k))).toEqual([])
    for (const [lang, strings] of Object.entries(LANGUAGES)) {
      const categories = new Intl.PluralRules(lang).resolvedOptions()
        .pluralCategories
      for (const [key, { forms }] of catalog(strings)) {
        if (forms.some((f) => PLURAL.test(f))) {
          expect([
            lang,
            key,
            forms.map((f) => f.slice(key.length + 1)).sort(),
          ]).toEqual([lang, key, [...categories].sort()])
        }
      }
    }
  })

  it("every string is non-empty and the same {{placeholders}} appear in both languages", () => {
    for (const [lang, strings] of Object.entries(LANGUAGES)) {
      for (const key of keys(strings)) {
        const value = at(strings, key)
        expect([
          lang,
          key,
          typeof value === "string" && value.trim() !== "",
        ]).toEqual([lang, key, true])
      }
    }
    const esCatalog = catalog(es)
    for (const [key, { vars }] of catalog(en)) {
      expect([key, [...(esCatalog.get(key)?.vars ?? [])].sort()]).toEqual([
        key,
        [...vars].sort(),
      ])
    }
  })

  it("every status, gateway, origin, redemption status, rule kind, what a rule applies to and reconciliation value has its word", () => {
    const needed = [
      ...[...CHECKOUT_STATUSES, "awaiting_confirmation"].map(
        (s) => `statuses.${s}`
      ),
      ...GATEWAYS.map((g) => `gateways.${g}`),
      ...CHECKOUT_ORIGINS.map((o) => `origins.${o}`),
      ...REDEMPTION_STATUSES.map((s) => `benefits.statuses.${s}`),
      ...BENEFIT_RULE_KINDS.map((k) => `benefits.ruleForm.kinds.${k}`),
      ...BENEFIT_APPLIES_TO.flatMap((a) => [
        `benefits.ruleForm.appliesToOptions.${a}.label`,
        `benefits.ruleForm.appliesToOptions.${a}.description`,
        `benefits.rules.percentOn.${a}`,
      ]),
      "checkouts.filters.storefront",
      "checkouts.filters.admin",
      // The reconcile pages word every value of the reconciliation's contract (src/types/reconciliation.ts).
      ...[...RECONCILIATION_GROUPS, "bad_rows"].flatMap((g) => [
        `reconcile.groups.${g}`,
        `reconcile.groupHints.${g}`,
      ]),
      ...RECONCILIATION_STATUSES.map((s) => `reconcile.statuses.${s}`),
      ...ENTRY_REASONS.map((r) => `reconcile.reasons.${r}`),
      ...ENTRY_ACTIONS.flatMap((a) => [
        `reconcile.actions.${a}`,
        `reconcile.apply.${a}_one`,
        `reconcile.apply.${a}_other`,
      ]),
      ...MAPPED_FIELDS.map((f) => `reconcile.mapping.fields.${f}`),
      ...REFERENCE_KINDS.map((k) => `reconcile.mapping.kinds.${k}`),
      ...["payment", "skipped", "problem"].map((v) => `reconcile.preview.${v}`),
      ...["missing", "reference", "amount", "date", "currency"].map(
        (p) => `reconcile.preview.problems.${p}`
      ),
      ...PAYMENT_VERIFICATIONS.flatMap((v) => [
        `reconcile.verification.${v}`,
        `reconcile.verification.${v}Short`,
      ]),
    ]
    for (const [lang, strings] of Object.entries(LANGUAGES)) {
      expect([
        lang,
        needed.filter((k) => typeof at(strings, k) !== "string"),
      ]).toEqual([lang, []])
    }
  })

  const ADMIN = path.resolve(__dirname, "../..")
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name)
      if (e.isDirectory())
        return e.name === "__tests__" || e.name === "i18n" ? [] : sources(p)
      return /\.tsx?$/.test(e.name) ? [p] : []
    })

  it("every key the admin's code names exists (no raw key on screen)", () => {
    const areas = Object.keys(en).join("|")
    const literal = new RegExp(
      `["'\`]((?:${areas})\\.[A-Za-z0-9_.]+)["'\`]`,
      "g"
    )
    const missing: string[] = []
    let found = 0
    for (const file of sources(ADMIN)) {
      for (const [, key] of fs.readFileSync(file, "utf8").matchAll(literal)) {
        found++
        const resolves = (strings: Strings) =>
          typeof at(strings, key) === "string" ||
          typeof at(strings, `${key}_other`) === "string"
        if (!resolves(en) || !resolves(es))
          missing.push(`${path.relative(ADMIN, file)}: ${key}`)
      }
    }
    expect(found).toBeGreaterThan(100)
    expect(missing).toEqual([])
  })

  it("a page's sidebar label names its namespace as a string literal (Medusa's admin build reads it as written)", () => {
    const pages = sources(path.join(ADMIN, "routes")).filter((f) =>
      /translationNs/.test(fs.readFileSync(f, "utf8"))
    )
    expect(pages.length).toBeGreaterThanOrEqual(2)
    for (const page of pages) {
      const ns = fs
        .readFileSync(page, "utf8")
        .match(/translationNs:\s*([^,\n}]+)/)?.[1]
        .trim()
      expect([path.relative(ADMIN, page), ns]).toEqual([
        path.relative(ADMIN, page),
        JSON.stringify(PAYLINK_NS),
      ])
    }
  })
})
