import type { ReconciliationMapping } from "../../../types/reconciliation"
import {
  DEFAULT_PAID_STATUSES,
  isPaidStatus,
  mappingProblems,
  normalizeStatus,
  readReportRow,
  suggestMapping,
  withCrossCheck,
} from ".."

describe("statuses", () => {
  it("normalizes case, accents and spaces", () => {
    expect(normalizeStatus("  Aprobación   Total ")).toBe("aprobacion total")
  })

  it("compares with the merchant's list without case or accents", () => {
    expect(isPaidStatus("APROBADA", DEFAULT_PAID_STATUSES)).toBe(true)
    expect(isPaidStatus(" Succeeded ", DEFAULT_PAID_STATUSES)).toBe(true)
    expect(isPaidStatus("Pendiente", DEFAULT_PAID_STATUSES)).toBe(false)
    expect(isPaidStatus("Liquidación", ["liquidacion"])).toBe(true)
    expect(isPaidStatus("", [""])).toBe(false)
  })
})

describe("suggestMapping", () => {
  it("guesses a Spanish export", () => {
    const columns = [
      "No. de enlace",
      "Fecha de creación",
      "Fecha de pago",
      "Monto",
      "Moneda",
      "Estado",
      "Tarjeta",
      "Autorización",
      "Número de tarjeta",
    ]
    expect(suggestMapping(columns)).toEqual({
      reference: "No. de enlace",
      reference_kind: "number",
      amount: "Monto",
      currency: "Moneda",
      paid_at: "Fecha de pago",
      status: "Estado",
      card_last4: "Tarjeta",
      authorization: "Autorización",
      paid_statuses: DEFAULT_PAID_STATUSES,
    })
  })

  it("guesses an English export by checkout id", () => {
    expect(
      suggestMapping(["Checkout ID", "AMOUNT", "Date", "Status", "Card"])
    ).toEqual({
      reference: "Checkout ID",
      reference_kind: "checkout_id",
      amount: "AMOUNT",
      paid_at: "Date",
      status: "Status",
      card_last4: "Card",
      paid_statuses: DEFAULT_PAID_STATUSES,
    })
  })

  it("prefers the checkout id when the header has one, and cross-checks it with the link number", () => {
    const columns = [
      "No. de enlace",
      "ID de transacción",
      "Fecha de pago",
      "Monto",
      "Moneda",
      "Estado",
    ]
    expect(suggestMapping(columns)).toMatchObject({
      reference: "ID de transacción",
      reference_kind: "checkout_id",
      other_reference: "No. de enlace",
    })
  })

  it("adds the header's other reference to a kept mapping that matches on one only", () => {
    const columns = [
      "No. de enlace",
      "ID de transacción",
      "Fecha de pago",
      "Monto",
      "Estado",
    ]
    const kept: ReconciliationMapping = {
      reference: "No. de enlace",
      reference_kind: "number",
      amount: "Monto",
      paid_at: "Fecha de pago",
      status: "Estado",
      paid_statuses: ["pagado"],
    }
    expect(withCrossCheck(kept, columns)).toEqual({
      ...kept,
      other_reference: "ID de transacción",
    })
    expect(
      withCrossCheck(kept, [
        "No. de enlace",
        "Fecha de pago",
        "Monto",
        "Estado",
      ])
    ).toBe(kept)
    const chosen = { ...kept, other_reference: "ID de transacción" }
    expect(withCrossCheck(chosen, columns)).toBe(chosen)
  })

  it("leaves out what it is not sure of", () => {
    // Two columns named like an amount; nothing named like a reference.
    expect(suggestMapping(["Monto", "Importe", "Descripción"])).toEqual({
      paid_statuses: DEFAULT_PAID_STATUSES,
    })
  })
})

const COLUMNS = [
  "Enlace",
  "Monto",
  "Moneda",
  "Fecha",
  "Estado",
  "Tarjeta",
  "Autorización",
]
const MAPPING: ReconciliationMapping = {
  reference: "Enlace",
  reference_kind: "number",
  amount: "Monto",
  currency: "Moneda",
  paid_at: "Fecha",
  status: "Estado",
  card_last4: "Tarjeta",
  authorization: "Autorización",
  paid_statuses: ["Pagado"],
}

describe("mappingProblems", () => {
  it("accepts a complete mapping", () => {
    expect(mappingProblems(MAPPING, COLUMNS)).toEqual([])
    expect(
      mappingProblems(
        { ...MAPPING, currency: null, card_last4: undefined },
        COLUMNS
      )
    ).toEqual([])
  })

  it("refuses a cross-check on the reference's own column, or on a column not in the header", () => {
    expect(
      mappingProblems({ ...MAPPING, other_reference: "Enlace" }, COLUMNS)
    ).toEqual([
      {
        field: "other_reference",
        rule: expect.stringContaining("another column than reference"),
      },
    ])
    expect(
      mappingProblems({ ...MAPPING, other_reference: "ID" }, COLUMNS)
    ).toEqual([
      {
        field: "other_reference",
        rule: 'names the column "ID", which is not in the file\'s header',
      },
    ])
  })

  it("lists every problem", () => {
    const problems = mappingProblems(
      {
        reference: "Enlace",
        amount: "Total",
        currency: "Divisa",
        paid_statuses: [],
        reference_kind: "id" as never,
      },
      COLUMNS
    )
    expect(problems).toEqual([
      {
        field: "amount",
        rule: 'names the column "Total", which is not in the file\'s header',
      },
      { field: "paid_at", rule: "is required: map it to a column of the file" },
      { field: "status", rule: "is required: map it to a column of the file" },
      {
        field: "currency",
        rule: 'names the column "Divisa", which is not in the file\'s header',
      },
      { field: "reference_kind", rule: "must be one of number, checkout_id" },
      {
        field: "paid_statuses",
        rule: "must list at least one status that means the payment arrived",
      },
    ])
  })
})

describe("readReportRow", () => {
  const row = (cells: string[], line = 7) => ({ line, cells })
  const good = [
    "12",
    "Q 1,234.50",
    "gtq",
    "24/11/2026 15:04",
    "PAGADO",
    "4111 1111 1111 1234",
    "A-77",
  ]

  it("reads a payment", () => {
    expect(readReportRow(row(good), COLUMNS, MAPPING, "GTQ")).toEqual({
      kind: "payment",
      line: 7,
      reference: "12",
      number: 12,
      cents: 123450n,
      currency: "GTQ",
      paidAt: new Date("2026-11-24T21:04:00.000Z"),
      day: "2026-11-24",
      through: new Date("2026-11-24T21:04:59.999Z"),
      cardLast4: "1234",
      authorization: "A-77",
    })
  })

  it("takes the currency from the amount's symbol, else the gateway's", () => {
    const mapping = {
      ...MAPPING,
      currency: null,
      card_last4: null,
      authorization: null,
    }
    const usd = readReportRow(
      row(["12", "US$ 5", "", "24/11/2026", "Pagado", "", ""]),
      COLUMNS,
      mapping,
      "GTQ"
    )
    expect(usd).toMatchObject({
      kind: "payment",
      cents: 500n,
      currency: "USD",
      cardLast4: null,
      authorization: null,
    })
    const plain = readReportRow(
      row(["12", "5", "", "24/11/2026", "Pagado", "", ""]),
      COLUMNS,
      mapping,
      "gtq"
    )
    expect(plain).toMatchObject({ kind: "payment", currency: "GTQ" })
  })

  it("reads a checkout id reference", () => {
    const r = readReportRow(
      row(["chk_9", ...good.slice(1)]),
      COLUMNS,
      { ...MAPPING, reference_kind: "checkout_id" },
      "GTQ"
    )
    expect(r).toMatchObject({
      kind: "payment",
      reference: "chk_9",
      checkoutId: "chk_9",
    })
    expect(r).not.toHaveProperty("number")
  })

  it("skips a row that is not a payment, keeping its day", () => {
    expect(
      readReportRow(
        row(["x", "", "", "23/11/2026", "Rechazado", "", ""]),
        COLUMNS,
        MAPPING,
        "GTQ"
      )
    ).toEqual({
      kind: "other",
      line: 7,
      day: "2026-11-23",
      through: new Date("2026-11-24T05:59:59.999Z"),
    })
    expect(
      readReportRow(
        row(["x", "", "", "ayer", "Rechazado"]),
        COLUMNS,
        MAPPING,
        "GTQ"
      )
    ).toEqual({ kind: "other", line: 7, day: null, through: null })
  })

  const bad = (cells: string[], mapping = MAPPING) =>
    readReportRow(row(cells), COLUMNS, mapping, "GTQ")
  const with_ = (i: number, value: string) =>
    good.map((c, j) => (j === i ? value : c))

  it.each([
    [
      "reference not a number",
      with_(0, "A12"),
      "Enlace",
      "A12",
      /positive whole number/,
    ],
    ["reference zero", with_(0, "0"), "Enlace", "0", /positive whole number/],
    [
      "bad amount",
      with_(1, "Q 1.234"),
      "Monto",
      "Q 1.234",
      /more than two decimals/,
    ],
    ["negative amount", with_(1, "-5"), "Monto", "-5", /negative/],
    [
      "currency not 3 letters",
      with_(2, "Q"),
      "Moneda",
      "Q",
      /three-letter code/,
    ],
    [
      "symbol disagreeing with the currency",
      with_(2, "USD"),
      "Monto",
      "Q 1,234.50",
      /written in GTQ but the currency column says USD/,
    ],
    [
      "bad date",
      with_(3, "31/02/2026"),
      "Fecha",
      "31/02/2026",
      /Day 31 does not exist/,
    ],
    [
      "missing status cell",
      good.slice(0, 3),
      "Estado",
      "",
      /has 3 cells and the header 7/,
    ],
    [
      "missing optional cell",
      good.slice(0, 6),
      "Autorización",
      "",
      /has 6 cells and the header 7/,
    ],
  ])("%s", (_, cells, column, value, reason) => {
    const r = bad(cells)
    expect(r).toMatchObject({ kind: "bad", line: 7, column, value })
    if (r.kind === "bad") expect(r.reason).toMatch(reason)
  })

  it("reads both references when the export has both; an empty cross-check checks nothing, a bad one is a bad row", () => {
    const columns = [...COLUMNS, "ID"]
    const both = { ...MAPPING, other_reference: "ID" }
    const read = (enlace: string, id: string) =>
      readReportRow(
        {
          line: 2,
          cells: [
            enlace,
            "Q 10.00",
            "GTQ",
            "24/11/2026 10:00",
            "Pagado",
            "",
            "",
            id,
          ],
        },
        columns,
        both,
        "GTQ"
      )
    expect(read("41", "chk_41")).toMatchObject({
      kind: "payment",
      number: 41,
      checkoutId: "chk_41",
    })
    const empty = read("41", "")
    expect(empty).toMatchObject({ kind: "payment", number: 41 })
    expect((empty as { checkoutId?: string }).checkoutId).toBeUndefined()
    const byId = {
      ...MAPPING,
      reference: "ID",
      reference_kind: "checkout_id" as const,
      other_reference: "Enlace",
    }
    expect(
      readReportRow(
        {
          line: 3,
          cells: [
            "x41",
            "Q 10.00",
            "GTQ",
            "24/11/2026 10:00",
            "Pagado",
            "",
            "",
            "chk_41",
          ],
        },
        columns,
        byId,
        "GTQ"
      )
    ).toMatchObject({
      kind: "bad",
      column: "Enlace",
      reason: "The link number must be a positive whole number.",
    })
  })

  it("reports an empty checkout id", () => {
    expect(
      bad(with_(0, ""), { ...MAPPING, reference_kind: "checkout_id" })
    ).toMatchObject({
      kind: "bad",
      column: "Enlace",
      reason: "The checkout id is empty.",
    })
  })

  it("reports a row with extra cells (a delimiter in an unquoted cell) without showing a card number", () => {
    const r = bad([
      "12",
      "Q 1",
      "234.50",
      "GTQ",
      "24/11/2026",
      "Pagado",
      "4111111111111234",
      "A-77",
    ])
    expect(r).toMatchObject({
      kind: "bad",
      column: "Autorización",
      value: "****1234 | A-77",
    })
    if (r.kind === "bad") expect(r.reason).toMatch(/8 cells and the header 7/)
  })

  it("cuts a long bad value to 200 characters", () => {
    const r = bad(with_(3, "x".repeat(500)))
    expect(r.kind === "bad" && r.value.length).toBe(200)
  })

  it("refuses a link number the record's number column cannot hold (the batch's record query would fail the whole read)", () => {
    const r = bad(with_(0, "2147483648"))
    expect(r).toMatchObject({
      kind: "bad",
      column: "Enlace",
      value: "2147483648",
    })
    expect(
      readReportRow(row(with_(0, "2147483647")), COLUMNS, MAPPING, "GTQ")
    ).toMatchObject({ kind: "payment", number: 2147483647 })
  })

  it("refuses a payment dated before 2000 or after tomorrow: it would stretch the period the report covers to every order", () => {
    const now = new Date("2026-11-25T12:00:00Z")
    const at = (date: string) =>
      readReportRow(row(with_(3, date)), COLUMNS, MAPPING, "GTQ", now)
    expect(at("01/01/1900")).toMatchObject({
      kind: "bad",
      column: "Fecha",
      value: "01/01/1900",
    })
    expect(at("2099-01-01")).toMatchObject({ kind: "bad", column: "Fecha" })
    expect(at("26/11/2026 05:00")).toMatchObject({
      kind: "payment",
      day: "2026-11-26",
    })
    expect(at("27/11/2026 00:00")).toMatchObject({
      kind: "bad",
      column: "Fecha",
    })
    expect(at("01/01/2000")).toMatchObject({ kind: "payment" })
    // A skipped row with such a date is still skipped, but covers no day.
    const other = readReportRow(
      row(["x", "", "", "01/01/1900", "Rechazado", "", ""]),
      COLUMNS,
      MAPPING,
      "GTQ",
      now
    )
    expect(other).toEqual({ kind: "other", line: 7, day: null, through: null })
  })

  it("never keeps a card number written in the authorization column", () => {
    const r = readReportRow(
      row(with_(6, "4111 1111 1111 1234")),
      COLUMNS,
      MAPPING,
      "GTQ"
    )
    expect(r).toMatchObject({ kind: "payment", authorization: "****1234" })
  })

  it("keeps only the card's last four digits", () => {
    expect(
      readReportRow(
        row(with_(5, "**** **** **** 9876")),
        COLUMNS,
        MAPPING,
        "GTQ"
      )
    ).toMatchObject({ cardLast4: "9876" })
    expect(
      readReportRow(row(with_(5, "xx12")), COLUMNS, MAPPING, "GTQ")
    ).toMatchObject({ cardLast4: null })
  })
})
