/**
 * No response body and no log line of the whole integration run holds a
 * configured secret (gateway tokens, the program's password and token, the plugin's secret and
 * encryption key, full card numbers), as is or in an obvious encoding.
 *
 * The other spec files record what they receive and log, and declare the secrets they configure
 * or send (integration-tests/secrets); jest runs this file last (run-last-sequencer.js) and it
 * reads that recording. Run on its own there is nothing to read, and it fails saying so rather
 * than pass without having looked at anything.
 */
import fs from "node:fs"
import path from "node:path"
import {
  readRecording,
  RECORDING_ENV,
  specName,
  type RecordedEntry,
  type SecretKind,
} from "../secrets/recording"
import {
  describeLeak,
  findLeaks,
  observationsOf,
  searchableSecrets,
  type Leak,
  type Secret,
} from "../secrets/leak-search"

const THIS_SPEC = specName(__filename)
const SPECS = fs
  .readdirSync(__dirname)
  .filter((name) => /\.spec\.[jt]s$/.test(name))
  .map((name) => path.join(__dirname, name))
  .filter((file) => specName(file) !== THIS_SPEC)
/** The spec files that boot the app and talk to it through paylinkSuite. */
const APP_SPECS = SPECS.filter((file) =>
  fs.readFileSync(file, "utf8").includes("paylinkSuite(")
).map(specName)
const SECRET_KINDS: SecretKind[] = [
  "plugin secret",
  "encryption key",
  "gateway token",
  "program password",
  "program token",
  "card number",
]
/**
 * Lower bounds well under what a run records (about 700 answers; an app spec gets 2 to 160 and,
 * logging at debug, writes some 2,000 lines, most while it boots): a recorder that stopped
 * working, or an app back to logging errors only, records far less.
 */
const MIN_ANSWERS = 300
const MIN_ANSWERS_PER_APP_SPEC = 1
const MIN_LOG_LINES_PER_APP_SPEC = 100
const MAX_REPORTED_LEAKS = 30

function recordedRun(): RecordedEntry[] {
  const entries = readRecording()
  if (!entries) {
    throw new Error(
      `There is no recording to check (no file named by ${RECORDING_ENV}): this spec reads what the other ` +
        "integration specs recorded, so it runs with them, as the last one: npm run test:integration"
    )
  }
  return entries.filter((e) => e.file !== THIS_SPEC)
}

describe("no secret leaked in the integration run", () => {
  it("has a recording of the whole run: every spec file, the app's answers and log lines, each kind of secret", () => {
    const entries = recordedRun()
    const count = (type: RecordedEntry["type"], file: string) =>
      entries.filter((e) => e.type === type && e.file === file).length
    const started = new Set(
      entries.filter((e) => e.type === "file").map((e) => e.file)
    )
    const secrets = entries.filter((e): e is Secret => e.type === "secret")
    const { searched } = searchableSecrets(secrets)
    const returnPages = entries.filter(
      (e) =>
        e.type === "body" &&
        e.request.startsWith("GET /paylink/return/") &&
        /<html/i.test(e.text)
    )
    const hint =
      "if this spec ran alone or with only some of the others, run the whole suite: npm run test:integration"

    expect({
      hint,
      specsNotRecorded: SPECS.map(specName).filter((f) => !started.has(f)),
    }).toEqual({ hint, specsNotRecorded: [] })
    expect({
      hint,
      appSpecsWithoutLogLines: APP_SPECS.filter(
        (f) => count("log", f) < MIN_LOG_LINES_PER_APP_SPEC
      ),
    }).toEqual({
      hint,
      appSpecsWithoutLogLines: [],
    })
    expect({
      hint,
      appSpecsWithoutAnswers: APP_SPECS.filter(
        (f) => count("body", f) < MIN_ANSWERS_PER_APP_SPEC
      ),
    }).toEqual({
      hint,
      appSpecsWithoutAnswers: [],
    })
    const answers = entries.filter((e) => e.type === "body").length
    expect({ hint, enoughAnswers: answers >= MIN_ANSWERS }).toEqual({
      hint,
      enoughAnswers: true,
    })
    const configured = new Set(
      secrets
        .filter((s) => s.source.startsWith("medusa-config"))
        .map((s) => s.file)
    )
    expect({
      hint,
      appSpecsWithoutConfiguredSecrets: APP_SPECS.filter(
        (f) => !configured.has(f)
      ),
    }).toEqual({
      hint,
      appSpecsWithoutConfiguredSecrets: [],
    })
    expect({ hint, returnPages: returnPages.length > 0 }).toEqual({
      hint,
      returnPages: true,
    })
    expect({
      hint,
      kindsNeverDeclared: SECRET_KINDS.filter(
        (k) => !searched.some((s) => s.kind === k)
      ),
    }).toEqual({
      hint,
      kindsNeverDeclared: [],
    })

    const lines = entries.filter((e) => e.type === "log").length
    const kinds = SECRET_KINDS.map(
      (k) => `${searched.filter((s) => s.kind === k).length} ${k}`
    ).join(", ")
    console.info(
      `secrets check: ${started.size} spec files, ${answers} answers (${returnPages.length} return pages), ` +
        `${lines} log lines; ${searched.length} secrets searched (${kinds})`
    )
  })

  it("finds no secret in any answer the specs received or any line logged", () => {
    const entries = recordedRun()
    const { searched, tooShort } = searchableSecrets(
      entries.filter((e): e is Secret => e.type === "secret")
    )
    const leaks = findLeaks(searched, observationsOf(entries, THIS_SPEC))
    if (tooShort.length) {
      console.info(
        `secrets check: ${tooShort.length} values too short to search for (bad input some specs send on purpose)`
      )
    }
    expect(report(leaks)).toEqual([])
  })
})

describe("the leak search", () => {
  const declared = (kind: SecretKind, value: string): Secret => ({
    type: "secret",
    kind,
    value,
    file: "a.spec.ts",
    source: "a test",
  })
  const logLine = (text: string) => ({
    file: "b.spec.ts",
    test: "a test",
    what: "stdout line",
    text,
  })
  // Characters that each encoding changes.
  const token = 'tok/en with+"quotes"'
  const card = "6011 0000 1234 5678"
  const { searched } = searchableSecrets([
    declared("gateway token", token),
    declared("card number", card),
  ])

  it.each([
    ["as is", `x-token: ${token}`],
    ["JSON-escaped", JSON.stringify({ error: { token } })],
    ["URL-encoded", `GET /x?token=${encodeURIComponent(token)}`],
    [
      "base64-encoded",
      `authorization: Basic ${Buffer.from(`user:${token}`).toString("base64")}`,
    ],
    ["in full", "card 6011-0000-1234-5678 refused"],
    ["in full", `{"card":"6011000012345678"}`],
  ])("finds a secret %s, and reports it without its value", (form, text) => {
    const leaks = findLeaks(searched, [logLine(text)])
    expect(leaks.map((l) => l.form)).toEqual([expect.stringContaining(form)])
    const line = describeLeak(leaks[0])
    expect(line).toContain("b.spec.ts › a test")
    for (const value of [
      token,
      JSON.stringify(token),
      encodeURIComponent(token),
      "6011000012345678",
      "6011-0000",
      "6011 0000",
    ]) {
      expect(line).not.toContain(value)
    }
  })

  it("allows a card's last 4 digits", () => {
    expect(
      findLeaks(searched, [
        logLine("card •••• 5678"),
        logLine('{"card_last4":"5678"}'),
      ])
    ).toEqual([])
  })
})

/** One line per secret, form and kind of place, the first few only: one leak is usually repeated many times. */
function report(leaks: Leak[]): string[] {
  const seen = new Set<string>()
  const lines: string[] = []
  for (const leak of leaks) {
    const key = `${leak.secret.id} ${leak.form} ${leak.observation.file} ${leak.observation.what}`
    if (seen.has(key)) continue
    seen.add(key)
    lines.push(describeLeak(leak))
  }
  return lines.length > MAX_REPORTED_LEAKS
    ? [
        ...lines.slice(0, MAX_REPORTED_LEAKS),
        `… and ${lines.length - MAX_REPORTED_LEAKS} more`,
      ]
    : lines
}
