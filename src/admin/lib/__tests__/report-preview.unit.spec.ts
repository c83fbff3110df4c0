/** The mapping form's preview reads a row as the server will, and the form builds the route's mapping. */
import {
  initialValues,
  MappingFormSchema,
  NONE,
  toMapping,
  toPreviewMapping,
} from "../mapping-form"
import { readPreviewRow } from "../report-preview"

const COLUMNS = ["No. de enlace", "Monto", "Fecha de pago", "Estado", "Tarjeta"]
const MAPPING = toPreviewMapping({
  reference: "No. de enlace",
  reference_kind: "number",
  amount: "Monto",
  currency: NONE,
  paid_at: "Fecha de pago",
  status: "Estado",
  card_last4: "Tarjeta",
  authorization: NONE,
  paid_statuses: "Pagado, aprobada",
})

const read = (cells: string[]) => readPreviewRow(cells, COLUMNS, MAPPING, "GTQ")
const cell = (cells: string[], field: string) =>
  read(cells).cells.find((c) => c.field === field)

describe("readPreviewRow", () => {
  it("reads a paid row to the cent, in the gateway's currency, with its date and only the card's last 4", () => {
    const row = read([
      "12",
      "Q 1,234.50",
      "24/11/2026 15:04",
      "PAGADO",
      "4111111111111111",
    ])
    expect(row.verdict).toBe("payment")
    expect(
      cell(
        ["12", "Q 1,234.50", "24/11/2026 15:04", "PAGADO", "4111111111111111"],
        "amount"
      )
    ).toMatchObject({
      ok: true,
      reading: { kind: "amount", cents: 123450n, currency: "GTQ" },
    })
    const date = cell(
      ["12", "1234,50", "24/11/2026 15:04", "Pagado", ""],
      "paid_at"
    )
    // No zone in the file: Guatemala time (UTC−06:00).
    expect(
      date?.ok && date.reading.kind === "date" && date.reading.at.toISOString()
    ).toBe("2026-11-24T21:04:00.000Z")
    expect(
      cell(
        ["12", "10", "2026-11-24", "Pagado", "4111 1111 1111 1234"],
        "card_last4"
      )
    ).toMatchObject({ reading: { kind: "card", last4: "1234" } })
    expect(
      cell(["12", "10", "2026-11-24", "Pagado", ""], "reference")
    ).toMatchObject({ reading: { kind: "reference", number: 12 } })
  })

  it("skips a row whose status is not a payment, whatever its other cells", () => {
    expect(
      read(["12", "not money", "2026-11-24", "Rechazado", ""]).verdict
    ).toBe("skipped")
  })

  it("names the problem of each unreadable cell of a paid row", () => {
    const row = read(["abc", "diez", "31/02/2026", "Pagado", ""])
    expect(row.verdict).toBe("problem")
    expect(
      row.cells.filter((c) => !c.ok).map((c) => [c.field, !c.ok && c.problem])
    ).toEqual([
      ["reference", "reference"],
      ["amount", "amount"],
      ["paid_at", "date"],
    ])
    expect(
      cell(["", "10", "2026-11-24", "Pagado", ""], "reference")
    ).toMatchObject({ ok: false, problem: "missing" })
  })

  it("reads the cross-check as the other kind of reference; an empty one is no problem, an unreadable number is", () => {
    const columns = ["Ref", "Otro", "Monto", "Fecha", "Estado"]
    const m = toPreviewMapping({
      reference: "Ref",
      reference_kind: "checkout_id",
      other_reference: "Otro",
      amount: "Monto",
      paid_at: "Fecha",
      status: "Estado",
      paid_statuses: "pagado",
    })
    const read = (other: string) =>
      readPreviewRow(
        ["chk_1", other, "Q 10.00", "2026-11-24", "pagado"],
        columns,
        m,
        "GTQ"
      )
    expect(
      read("41").cells.find((c) => c.field === "other_reference")
    ).toMatchObject({
      ok: true,
      reading: { kind: "reference", number: 41, checkoutId: null },
    })
    expect(read("").verdict).toBe("payment")
    expect(
      read("x41").cells.find((c) => c.field === "other_reference")
    ).toMatchObject({ ok: false, problem: "reference" })
  })

  it("an amount's symbol that disagrees with the currency column is a problem", () => {
    const m = toPreviewMapping({
      reference: "Ref",
      amount: "Monto",
      currency: "Moneda",
      paid_at: "Fecha",
      status: "Estado",
      paid_statuses: "pagado",
    })
    const r = readPreviewRow(
      ["7", "US$ 10.00", "GTQ", "2026-11-24", "pagado"],
      ["Ref", "Monto", "Moneda", "Fecha", "Estado"],
      m,
      "GTQ"
    )
    expect(r.verdict).toBe("problem")
    expect(r.cells.find((c) => c.field === "amount")).toMatchObject({
      ok: false,
      problem: "currency",
    })
  })
})

describe("mapping form", () => {
  it("starts from the suggestion, only with columns the file has, and gives the route its mapping", () => {
    const values = initialValues(
      { reference: "No. de enlace", amount: "Importe", status: "Estado" },
      COLUMNS,
      ["pagado", "paid"]
    )
    expect(values).toMatchObject({
      reference: "No. de enlace",
      amount: NONE,
      status: "Estado",
      reference_kind: "number",
      paid_statuses: "pagado, paid",
    })
    const edited = {
      ...values,
      amount: "Monto",
      paid_at: "Fecha de pago",
      paid_statuses: " Pagado, , APROBADA ",
    }
    expect(MappingFormSchema.safeParse(edited).success).toBe(true)
    expect(toMapping(MappingFormSchema.parse(edited))).toEqual({
      reference: "No. de enlace",
      reference_kind: "number",
      other_reference: null,
      amount: "Monto",
      currency: null,
      paid_at: "Fecha de pago",
      status: "Estado",
      card_last4: null,
      authorization: null,
      paid_statuses: ["Pagado", "APROBADA"],
    })
  })

  it("refuses a required field left at — and an empty list of paid statuses, naming each", () => {
    const values = initialValues({}, COLUMNS, [])
    const result = MappingFormSchema.safeParse({
      ...values,
      paid_statuses: " , ",
    })
    expect(result.success).toBe(false)
    const issues = result.success
      ? []
      : result.error.issues.map((i) => [i.path.join("."), i.message])
    expect(issues).toEqual([
      ["reference", "reconcile.mapping.errors.required"],
      ["amount", "reconcile.mapping.errors.required"],
      ["paid_at", "reconcile.mapping.errors.required"],
      ["status", "reconcile.mapping.errors.required"],
      ["paid_statuses", "reconcile.mapping.errors.paidStatuses"],
    ])
  })
})
