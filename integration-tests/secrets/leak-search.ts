/**
 * Looks for secrets in what a run recorded, as they are and in the obvious encodings, and says
 * where without repeating them: a secret is named by its kind, where it was declared and a short
 * hash, and excerpts have every secret replaced by such a name.
 */
import { createHash } from "node:crypto"
import type { RecordedEntry, SecretKind } from "./recording"

/** Shorter values (a one-letter password sent to test a refusal) would match ordinary text. */
export const MIN_SECRET_LENGTH = 8
/** A card number has 12 to 19 digits; a shorter digit string a spec sends as a bad card is none. */
const CARD_NUMBER = /^\d{12,19}$/
/** Between the digits of a card number as people and encoders write it: a space, a dash, a dot. */
const CARD_SEPARATOR = String.raw`(?:[\s.-]|%20|\+)?`
const EXCERPT_RADIUS = 60

export type Secret = Extract<RecordedEntry, { type: "secret" }>
type Needle = { form: string; pattern: RegExp }
export type SearchedSecret = Secret & { id: string; needles: Needle[] }
export type Observation = {
  file: string
  test: string | null
  what: string
  text: string
}
export type Leak = {
  secret: SearchedSecret
  form: string
  observation: Observation
  excerpt: string
}

/** The secrets worth searching for (long enough, card numbers by their digits), each once. */
export function searchableSecrets(declared: Secret[]): {
  searched: SearchedSecret[]
  tooShort: Secret[]
} {
  const searched = new Map<string, SearchedSecret>()
  const tooShort: Secret[] = []
  for (const secret of declared) {
    const value =
      secret.kind === "card number"
        ? secret.value.replace(/\D/g, "")
        : secret.value
    const usable =
      secret.kind === "card number"
        ? CARD_NUMBER.test(value)
        : value.length >= MIN_SECRET_LENGTH
    if (!usable) {
      tooShort.push(secret)
      continue
    }
    const key = `${secret.kind}\0${value}`
    if (searched.has(key)) continue
    const id = createHash("sha256").update(key).digest("hex").slice(0, 6)
    const needles =
      secret.kind === "card number" ? cardNeedles(value) : textNeedles(value)
    searched.set(key, { ...secret, value, id, needles })
  }
  return { searched: [...searched.values()], tooShort }
}

/** What the specs received and what was logged, as texts to search, without the checker's own file. */
export function observationsOf(
  entries: RecordedEntry[],
  exceptFile: string
): Observation[] {
  const observations: Observation[] = []
  for (const e of entries) {
    if (e.type === "body" && e.file !== exceptFile) {
      // Without the query: a return link's signature says nothing about the leak and hides repeats of it.
      const request = e.request.split("?")[0]
      observations.push({
        file: e.file,
        test: e.test,
        what: `answer to ${request} (${e.status})`,
        text: e.text,
      })
      observations.push({
        file: e.file,
        test: e.test,
        what: `headers of the answer to ${request}`,
        text: e.headers,
      })
    } else if (e.type === "log" && e.file !== exceptFile) {
      observations.push({
        file: e.file,
        test: e.test,
        what: `${e.channel} line`,
        text: e.text,
      })
    }
  }
  return observations
}

export function findLeaks(
  secrets: SearchedSecret[],
  observations: Observation[]
): Leak[] {
  if (secrets.length === 0) return []
  // One pass with every needle first: almost no text holds any, and testing them one by one is slow.
  const any = new RegExp(
    secrets.flatMap((s) => s.needles.map((n) => n.pattern.source)).join("|")
  )
  const leaks: Leak[] = []
  for (const observation of observations) {
    if (!any.test(observation.text)) continue
    for (const secret of secrets) {
      const needle = secret.needles.find((n) =>
        n.pattern.test(observation.text)
      )
      if (needle)
        leaks.push({
          secret,
          form: needle.form,
          observation,
          excerpt: excerpt(observation.text, secret, secrets),
        })
    }
  }
  return leaks
}

/** One line for a report: which secret (never its value), how it was found, where, and around what. */
export function describeLeak({
  secret,
  form,
  observation,
  excerpt,
}: Leak): string {
  const where = observation.test
    ? `${observation.file} › ${observation.test}`
    : observation.file
  return `${nameOf(secret)} (from ${secret.file}: ${secret.source}) found ${form} in the ${observation.what}, ${where}: ${excerpt}`
}

function nameOf(secret: { kind: SecretKind; id: string }) {
  return `${secret.kind} #${secret.id}`
}

function textNeedles(value: string): Needle[] {
  const jsonEscaped = JSON.stringify(value).slice(1, -1)
  const forms: [string, string][] = [
    ["as is", value],
    ["JSON-escaped", jsonEscaped],
    ["JSON-escaped twice", JSON.stringify(jsonEscaped).slice(1, -1)],
    ["URL-encoded", encodeURIComponent(value)],
    ["form-encoded", encodeURIComponent(value).replace(/%20/g, "+")],
    ...base64Forms(value),
  ]
  const needles = new Map<string, Needle>()
  for (const [form, text] of forms) {
    if (text.length >= MIN_SECRET_LENGTH && !needles.has(text))
      needles.set(text, { form, pattern: literal(text) })
  }
  return [...needles.values()]
}

function cardNeedles(digits: string): Needle[] {
  return [
    {
      form: "in full (its digits, with or without separators)",
      pattern: new RegExp(digits.split("").join(CARD_SEPARATOR)),
    },
    ...base64Forms(digits).map(([form, text]) => ({
      form,
      pattern: literal(text),
    })),
  ]
}

/**
 * The base64 text of `value` wherever it sits in an encoded stream (e.g. "user:password" in a
 * Basic header): the value starts at byte offset 0, 1 or 2 of a 3-byte group, and only the groups
 * made of the value's bytes alone encode the same way every time.
 */
function base64Forms(value: string): [string, string][] {
  const bytes = Buffer.from(value, "utf8")
  const forms: [string, string][] = []
  for (const shift of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString(
      "base64"
    )
    const firstGroup = Math.ceil(shift / 3)
    const endGroup = Math.floor((shift + bytes.length) / 3)
    const inner = encoded.slice(firstGroup * 4, endGroup * 4)
    if (inner.length >= MIN_SECRET_LENGTH) {
      forms.push(["base64-encoded", inner])
      forms.push([
        "base64url-encoded",
        inner.replace(/\+/g, "-").replace(/\//g, "_"),
      ])
    }
  }
  return forms
}

function literal(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
}

/** The text around the first match, every secret in it replaced by its name. */
function excerpt(
  text: string,
  secret: SearchedSecret,
  all: SearchedSecret[]
): string {
  let redacted = text
  for (const s of [...all].sort((a, b) => b.value.length - a.value.length)) {
    for (const n of s.needles)
      redacted = redacted.replace(
        new RegExp(n.pattern.source, "g"),
        `«${nameOf(s)}»`
      )
  }
  const at = redacted.indexOf(`«${nameOf(secret)}»`)
  const start = Math.max(0, at - EXCERPT_RADIUS)
  const end = Math.min(
    redacted.length,
    at + nameOf(secret).length + 2 + EXCERPT_RADIUS
  )
  const cut = redacted.slice(start, end).replace(/\s+/g, " ")
  return `${start > 0 ? "…" : ""}${cut}${end < redacted.length ? "…" : ""}`
}
