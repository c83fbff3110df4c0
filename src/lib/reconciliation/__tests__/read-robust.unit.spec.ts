import type { ReconciliationMapping } from "../../../types/reconciliation"
import {
  DEFAULT_PAID_STATUSES,
  MAX_REPORT_AMOUNT_TEXT,
  MAX_REPORT_CENTS,
  parseReportAmount,
  previewCsv,
  readReportRow,
  sniffDialect,
} from ".."
import {
  databaseErrorCode,
  READ_ATTEMPTS,
  readErrorSummary,
  readFailedReason,
  ReadWriteError,
} from "../read-failure"
import { storableText, unstorableCharacter } from "../storable-text"
import { looksLikeUtf16 } from "../dialect"

describe("text PostgreSQL can store", () => {
  it("finds a NUL and a lone surrogate, and nothing in ordinary text or a whole surrogate pair", () => {
    expect(unstorableCharacter("\u0000=1+8")).toBe("a NUL byte")
    expect(unstorableCharacter("ab\uD83D")).toBe(
      "a lone UTF-16 surrogate (U+D83D)"
    )
    expect(unstorableCharacter("\uDE00x")).toBe(
      "a lone UTF-16 surrogate (U+DE00)"
    )
    expect(unstorableCharacter("Autorización 😀 \uFFFD \uFFFF")).toBeNull()
  })

  it("replaces each such character with U+FFFD and keeps the rest", () => {
    expect(storableText("\u0000=1+8")).toBe("\uFFFD=1+8")
    expect(storableText("a\uD83Db\uDE00 😀")).toBe("a\uFFFDb\uFFFD 😀")
    // The result is valid JSON text for jsonb: no escape PostgreSQL refuses.
    expect(JSON.stringify(storableText("x\u0000\uD800"))).not.toMatch(
      /\\u0000|\\ud8/i
    )
  })
})

describe("a row with a cell no text can hold", () => {
  const columns = ["Ref", "Monto", "Fecha", "Estado", "Autorización"]
  const mapping: ReconciliationMapping = {
    reference: "Ref",
    reference_kind: "number",
    amount: "Monto",
    paid_at: "Fecha",
    status: "Estado",
    authorization: "Autorización",
    paid_statuses: DEFAULT_PAID_STATUSES,
  }
  const now = new Date("2026-11-27T12:00:00Z")
  const read = (cells: string[]) =>
    readReportRow({ line: 7, cells }, columns, mapping, "GTQ", now)

  it("is a bad row naming the column, with a storable value and a reason the merchant reads", () => {
    expect(
      read(["21", "Q 70.00", "24/11/2026 10:00", "Pagado", "\u0000=1+8"])
    ).toEqual({
      kind: "bad",
      line: 7,
      column: "Autorización",
      value: "\uFFFD=1+8",
      reason: expect.stringMatching(
        /^The cell holds a character a text cannot hold \(a NUL byte\): the export is damaged or not a text file\./
      ),
    })
    expect(
      read(["2\uD800", "Q 70.00", "24/11/2026 10:00", "Pagado", ""])
    ).toMatchObject({ kind: "bad", column: "Ref", value: "2\uFFFD" })
    // Even on a row that is not a payment: its status cell is read.
    expect(
      read(["21", "Q 70.00", "24/11/2026 10:00", "Pend\u0000", ""])
    ).toMatchObject({ kind: "bad", column: "Estado" })
  })

  it("keeps an authorization cut at 200 characters whole: never half a surrogate pair", () => {
    const row = read([
      "21",
      "Q 70.00",
      "24/11/2026 10:00",
      "Pagado",
      "a".repeat(199) + "😀",
    ])
    expect(row).toMatchObject({
      kind: "payment",
      authorization: "a".repeat(199) + "\uFFFD",
    })
  })

  it("shows a bad value cut at 200 characters without half a surrogate pair", () => {
    const row = read([
      "21",
      "x".repeat(199) + "😀",
      "24/11/2026 10:00",
      "Pagado",
      "",
    ])
    expect(row).toMatchObject({ kind: "bad", column: "Monto" })
    expect(unstorableCharacter((row as { value: string }).value)).toBeNull()
  })
})

describe("a header no text can hold, and UTF-16 files", () => {
  it("refuses a header name holding a NUL, naming the column", () => {
    expect(() =>
      previewCsv(Buffer.from("Ref;Mo\u0000nto;Fecha\n1;2;3\n"))
    ).toThrow(
      /column 2 of the header holds a character a text cannot hold \(a NUL byte\)/
    )
  })

  const text =
    "No. de enlace;Monto;Fecha de pago;Estado\r\n1;Q 10.00;24/11/2026 10:00;Pagado\r\n"
  const le = Buffer.from(text, "utf16le")
  const be = Buffer.from(le).swap16()
  it.each([
    ["LE with BOM", Buffer.concat([Buffer.from([0xff, 0xfe]), le])],
    ["BE with BOM", Buffer.concat([Buffer.from([0xfe, 0xff]), be])],
    ["LE without BOM", le],
    ["BE without BOM", be],
  ])(
    "refuses UTF-16 %s, saying to save it as UTF-8 or Latin-1",
    (_label, file) => {
      expect(looksLikeUtf16(file)).toBe(true)
      expect(() => sniffDialect(file)).toThrow(
        /UTF-16.*save it as UTF-8 or Latin-1/
      )
    }
  )

  it("takes a UTF-8 file with one NUL in a cell, and a Latin-1 file, for what they are", () => {
    expect(
      looksLikeUtf16(
        Buffer.from(text + "2;Q 1.00;24/11/2026 10:00;\u0000Pagado\r\n")
      )
    ).toBe(false)
    expect(
      sniffDialect(Buffer.from("Número;Año\r\n1;2\r\n", "latin1"))
    ).toEqual({ encoding: "latin1", delimiter: ";" })
    expect(looksLikeUtf16(Buffer.from("a"))).toBe(false)
  })
})

describe("the largest amount a row may carry", () => {
  it("is 9,999,999,999,999.99: 15 digits of cents, which a JSON number carries exactly", () => {
    expect(MAX_REPORT_CENTS).toBe(999_999_999_999_999n)
    expect(MAX_REPORT_AMOUNT_TEXT).toBe("9,999,999,999,999.99")
    // The round trip every amount makes: cents -> decimal number -> its text -> cents.
    expect(String(Number("9999999999999.99"))).toBe("9999999999999.99")
    // One digit more (Number.MAX_SAFE_INTEGER cents) does not come back.
    expect(String(Number("90071992547409.91"))).not.toBe("90071992547409.91")
  })

  it("reads the limit to the cent and refuses a cent more, naming the limit", () => {
    expect(parseReportAmount("Q 9,999,999,999,999.99")).toEqual({
      ok: true,
      cents: 999_999_999_999_999n,
      currency: "GTQ",
    })
    for (const text of ["10000000000000.00", "99999999999999999999999.99"]) {
      expect(parseReportAmount(text)).toEqual({
        ok: false,
        reason: expect.stringContaining("at most 9,999,999,999,999.99"),
      })
    }
  })
})

describe("a read's failed write", () => {
  const driverError = Object.assign(
    new Error(
      `insert into "paylink_reconciliation_entry" ... E'[{"authorization":"SECRET"}]' - unsupported Unicode escape sequence`
    ),
    { code: "22P05" }
  )

  it("names the reconciliation, the lines and the database's code, never the statement", () => {
    const error = new ReadWriteError(
      "plrec_1",
      { first: 2, last: 1001 },
      driverError
    )
    expect(error.message).toBe(
      "paylink: reconciliation plrec_1: lines 2 to 1001 could not be saved (database error 22P05)"
    )
    expect(error.code).toBe("22P05")
    expect(`${error.message} ${error.stack}`).not.toMatch(/SECRET|insert into/)
    expect(
      new ReadWriteError("plrec_1", { first: 0, last: 0 }, new Error("x"))
        .message
    ).toBe(
      "paylink: reconciliation plrec_1: the read's end could not be saved (database error without a code)"
    )
  })

  it("finds the code on the driver's error or what it wraps, and only a SQLSTATE", () => {
    expect(databaseErrorCode({ sqlState: "23505" })).toBe("23505")
    expect(databaseErrorCode({ cause: { code: "40001" } })).toBe("40001")
    expect(
      databaseErrorCode(Object.assign(new Error("x"), { code: "ECONNRESET" }))
    ).toBeNull()
    expect(databaseErrorCode(null)).toBeNull()
  })

  it("summarizes any error safely: its own message when serialized by the workflow, else its kind", () => {
    const serialized = {
      name: "ReadWriteError",
      message:
        "paylink: reconciliation plrec_1: line 5 could not be saved (database error 22P05)",
    }
    expect(readErrorSummary(serialized)).toBe(serialized.message)
    expect(readErrorSummary(driverError)).toBe("Error (database error 22P05)")
  })

  it("gives the merchant where and what to do after READ_ATTEMPTS failures, without row data", () => {
    expect(READ_ATTEMPTS).toBe(3)
    const reason = readFailedReason({ first: 2, last: 4 }, "22P05")
    expect(reason).toMatch(
      /stopped 3 times, the last time at lines 2 to 4 of the file: .*error 22P05.*delete this reconciliation and upload the file again/
    )
    expect(readFailedReason({ first: 0, last: 0 }, null)).toMatch(/at its end/)
  })
})
