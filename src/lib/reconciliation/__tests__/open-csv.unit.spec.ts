import { Readable } from "node:stream"
import { openCsv, type CsvDialect, type CsvRow } from ".."

const utf8 = (text: string) => new TextEncoder().encode(text)
const UTF8_SEMI: CsvDialect = { encoding: "utf-8", delimiter: ";" }

async function* chunksOf(bytes: Uint8Array, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

async function* from(...chunks: string[]) {
  yield* chunks
}

async function readAll(rows: AsyncIterable<CsvRow>): Promise<CsvRow[]> {
  const out: CsvRow[] = []
  for await (const row of rows) out.push(row)
  return out
}

describe("openCsv", () => {
  // Line 1 header, 2 blank, 3–4 a quoted cell with a line break and a delimiter, 5 a short row,
  // 6 an all-empty row (not a row), 7–9 a quoted cell with a blank line inside.
  const file =
    "\uFEFFNo. de enlace; Monto ;Estado\r\n" +
    "\r\n" +
    '1;"Q 1;234.50";"Pa\r\ngado"\r\n' +
    "2;Q 5\r\n" +
    ";;\r\n" +
    '3;  Q 7.00 ;"a\r\n\r\nb"\r\n'
  const expected: CsvRow[] = [
    { line: 3, cells: ["1", "Q 1;234.50", "Pa\r\ngado"] },
    { line: 5, cells: ["2", "Q 5"] },
    { line: 7, cells: ["3", "Q 7.00", "a\r\n\r\nb"] },
  ]

  it("reads the header, quoted cells and physical line numbers", async () => {
    const { columns, rows } = await openCsv(
      chunksOf(utf8(file), 1 << 16),
      UTF8_SEMI
    )
    expect(columns).toEqual(["No. de enlace", "Monto", "Estado"])
    expect(await readAll(rows)).toEqual(expected)
  })

  it("reads the same from 1-byte chunks (inside a multibyte character and a quoted cell)", async () => {
    const text = file.replace("Estado", "Autorización")
    let lastBytes = 0
    const { columns, rows } = await openCsv(
      chunksOf(utf8(text), 1),
      UTF8_SEMI,
      (n) => (lastBytes = n)
    )
    expect(columns[2]).toBe("Autorización")
    expect(await readAll(rows)).toEqual(expected)
    expect(lastBytes).toBe(utf8(text).length)
  })

  it("counts mixed line endings (a CRLF file edited with LF lines)", async () => {
    const { rows } = await openCsv(from("a,b\r\n\n1,2\r\n3,4\n\r\n5,6"), {
      encoding: "utf-8",
      delimiter: ",",
    })
    expect((await readAll(rows)).map((r) => r.line)).toEqual([3, 4, 6])
  })

  it("reads LF files and a last line without a line break", async () => {
    const { rows } = await openCsv(from("a,b\n", '1,"x\ny"\n\n2,3'), {
      encoding: "utf-8",
      delimiter: ",",
    })
    expect(await readAll(rows)).toEqual([
      { line: 2, cells: ["1", "x\ny"] },
      { line: 5, cells: ["2", "3"] },
    ])
  })

  it("decodes Latin-1 (é as 0xE9) from a Node stream", async () => {
    const bytes = Buffer.from("Autorizaci\xf3n,Monto\nA\xe9,10\n", "latin1")
    const { columns, rows } = await openCsv(Readable.from([bytes]), {
      encoding: "latin1",
      delimiter: ",",
    })
    expect(columns).toEqual(["Autorización", "Monto"])
    expect(await readAll(rows)).toEqual([{ line: 2, cells: ["Aé", "10"] }])
  })

  it("yields rows with a wrong cell count as read", async () => {
    const { rows } = await openCsv(from("a,b\n1\n1,2,3\n"), {
      encoding: "utf-8",
      delimiter: ",",
    })
    expect(await readAll(rows)).toEqual([
      { line: 2, cells: ["1"] },
      { line: 3, cells: ["1", "2", "3"] },
    ])
  })

  it("refuses an empty file and bad header names, naming the file and the column", async () => {
    await expect(openCsv(from("\n\n"), UTF8_SEMI)).rejects.toThrow(
      /^file: .*no header line/
    )
    await expect(openCsv(from("a;;b\n"), UTF8_SEMI)).rejects.toThrow(
      "file: column 2 of the header has no name"
    )
    await expect(openCsv(from("a;b;a\n"), UTF8_SEMI)).rejects.toThrow(
      'the header names the column "a" twice'
    )
  })

  // The file fails as a whole: the error may come from openCsv (a chunk that holds the header too)
  // or from the rows' iteration, never as a row.
  const readFile = async (source: AsyncIterable<Uint8Array | string>) =>
    readAll((await openCsv(source, UTF8_SEMI)).rows)

  it("stops at a stray quote with INVALID_DATA naming the file", async () => {
    await expect(readFile(from('a;b\n1;2\n3;x"y\n'))).rejects.toThrow(
      /^file: the file is not valid CSV: Invalid Opening Quote/
    )
    await expect(readFile(from("a;b\n", "1;2\n", '3;"y\n'))).rejects.toThrow(
      /^file: the file is not valid CSV: Quote Not Closed/
    )
  })

  it("never repeats a card number csv-parse quotes from the broken cell (the message is stored and answered)", async () => {
    const error = await readFile(from('a;b\n1;4111 1111 1111 1234"x\n')).catch(
      (e: Error) => e
    )
    expect(String((error as Error).message)).toMatch(/Invalid Opening Quote/)
    expect(String((error as Error).message)).not.toMatch(/4111/)
    expect(String((error as Error).message)).toMatch(/\*\*\*\*1234/)
  })

  it("surfaces a source error", async () => {
    async function* failing() {
      yield utf8("a;b\n1;2\n")
      throw new Error("storage went away")
    }
    await expect(readFile(failing())).rejects.toThrow("storage went away")
  })

  it("streams 50,000 generated rows without keeping them", async () => {
    const total = 50_000
    async function* generated() {
      yield utf8("No. de enlace;Monto;Fecha de pago;Estado\n")
      for (let start = 1; start <= total; start += 1000) {
        let block = ""
        for (let n = start; n < start + 1000; n++)
          block += `${n};"Q 1,${String(n % 1000).padStart(3, "0")}.50";24/11/2026 10:00;Pagado\n`
        yield utf8(block)
      }
    }
    let bytes = 0
    const { rows } = await openCsv(generated(), UTF8_SEMI, (n) => (bytes = n))
    let count = 0
    let lastLine = 0
    let lastRef = ""
    for await (const row of rows) {
      count++
      lastLine = row.line
      lastRef = row.cells[0]
    }
    expect(count).toBe(total)
    expect(lastLine).toBe(total + 1)
    expect(lastRef).toBe(String(total))
    expect(bytes).toBeGreaterThan(total * 40)
  })
})
