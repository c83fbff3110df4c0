import { HEAD_BYTES, previewCsv, sniffDialect } from ".."

const utf8 = (text: string) => new TextEncoder().encode(text)
const latin1 = (text: string) =>
  Uint8Array.from([...text].map((c) => c.charCodeAt(0)))

describe("sniffDialect", () => {
  it("reads comma and semicolon files", () => {
    expect(sniffDialect(utf8("a,b,c\n1,2,3\n"))).toEqual({
      encoding: "utf-8",
      delimiter: ",",
    })
    expect(sniffDialect(utf8("Monto;Estado\nQ 1,234.50;Pagado\n"))).toEqual({
      encoding: "utf-8",
      delimiter: ";",
    })
  })

  it("counts delimiters outside quotes only", () => {
    // Three commas inside quotes, two semicolons outside.
    expect(sniffDialect(utf8('"a,b,c,d";x;y\n')).delimiter).toBe(";")
  })

  it("skips a BOM and blank lines before the header", () => {
    expect(sniffDialect(utf8("\uFEFF\n\nFecha;Monto\n"))).toEqual({
      encoding: "utf-8",
      delimiter: ";",
    })
  })

  it("takes bytes that are not UTF-8 as Latin-1", () => {
    expect(sniffDialect(latin1("Autorizaci\u00f3n;Monto\n")).encoding).toBe(
      "latin1"
    )
    expect(sniffDialect(utf8("Autorización;Monto\n")).encoding).toBe("utf-8")
  })

  it("keeps UTF-8 when the head cuts a multibyte character at its end", () => {
    const bytes = utf8("Monto;Descripción\n1;é")
    expect(sniffDialect(bytes.subarray(0, bytes.length - 1)).encoding).toBe(
      "utf-8"
    )
  })

  it("refuses a file without a header or with a single column, naming the file", () => {
    expect(() => sniffDialect(utf8(""))).toThrow(/^file: .*no header line/)
    expect(() => sniffDialect(utf8("\n  \n"))).toThrow(
      /^file: .*no header line/
    )
    expect(() => sniffDialect(utf8("Monto\n10\n"))).toThrow(
      /^file: .*single column/
    )
  })
})

describe("previewCsv", () => {
  const file =
    'No. de enlace;Monto;Estado\n1;Q 1,234.50;Pagado\n2;"Q 5,00";"Pen\ndiente"\n3;Q 1;Pagado\n'

  it("gives the header and the first rows with the dialect", () => {
    expect(previewCsv(utf8(file))).toEqual({
      encoding: "utf-8",
      delimiter: ";",
      columns: ["No. de enlace", "Monto", "Estado"],
      rows: [
        ["1", "Q 1,234.50", "Pagado"],
        ["2", "Q 5,00", "Pen\ndiente"],
        ["3", "Q 1", "Pagado"],
      ],
    })
    expect(previewCsv(utf8(file), 1).rows).toEqual([
      ["1", "Q 1,234.50", "Pagado"],
    ])
  })

  it("keeps the last line of a whole file without a final line break", () => {
    expect(previewCsv(utf8("a,b\n1,2")).rows).toEqual([["1", "2"]])
  })

  it("drops the cut last line of a full head", () => {
    const rows = Array.from(
      { length: 5000 },
      (_, i) => `${i + 1},Q 100.00,Pagado`
    ).join("\n")
    const bytes = utf8(`n,monto,estado\n${rows}\n`).subarray(0, HEAD_BYTES)
    const preview = previewCsv(bytes, 100_000)
    const last = preview.rows[preview.rows.length - 1]
    expect(last).toEqual([String(preview.rows.length), "Q 100.00", "Pagado"])
  })

  it("decodes Latin-1 names", () => {
    expect(
      previewCsv(latin1("Autorizaci\u00f3n,Monto\nA1,10\n")).columns
    ).toEqual(["Autorización", "Monto"])
  })

  it("refuses empty and repeated column names, naming the column", () => {
    expect(() => previewCsv(utf8("Monto,,Estado\n"))).toThrow(
      "file: column 2 of the header has no name"
    )
    expect(() => previewCsv(utf8("Monto,Estado, Monto \n"))).toThrow(
      'the header names the column "Monto" twice'
    )
  })

  it("refuses a stray quote as invalid CSV", () => {
    expect(() => previewCsv(utf8('a,b\n1,x"y\n'))).toThrow(
      /^file: the file is not valid CSV/
    )
  })
})
