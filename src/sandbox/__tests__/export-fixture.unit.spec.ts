/**
 * The big-file generator (export-fixture.ts): the sandbox export's layout, realistic values, bad
 * rows where asked, the same bytes for the same seed, and streamed a batch at a time.
 */
import { parse } from "csv-parse/sync"
import { EXPORT_COLUMNS } from "../export-format"
import {
  syntheticExport,
  syntheticRows,
  type SyntheticExportOptions,
} from "../export-fixture"

async function collect(
  options: SyntheticExportOptions
): Promise<{ file: Buffer; chunks: number; largest: number }> {
  const parts: Buffer[] = []
  for await (const chunk of syntheticExport(options)) parts.push(chunk)
  return {
    file: Buffer.concat(parts),
    chunks: parts.length,
    largest: Math.max(...parts.map((p) => p.length)),
  }
}

const read = (file: Buffer, encoding: BufferEncoding = "utf8"): string[][] =>
  parse(file.toString(encoding), {
    delimiter: ";",
    bom: true,
    relax_column_count: true,
  })

it("the export's header and layout, link numbers from startNumber, mostly Pagado with the other statuses present", async () => {
  const { file } = await collect({ rows: 2000, startNumber: 5001 })
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const [header, ...rows] = read(file)
  expect(header).toEqual([...EXPORT_COLUMNS])
  expect(rows).toHaveLength(2000)
  expect(rows.map((r) => Number(r[0]))).toEqual(
    Array.from({ length: 2000 }, (_, i) => 5001 + i)
  )
  const count = (status: string) => rows.filter((r) => r[5] === status).length
  expect(count("Pagado") / 2000).toBeGreaterThan(0.86)
  expect(count("Pagado") / 2000).toBeLessThan(0.94)
  for (const status of ["Cancelado", "Pendiente", "Expirado"])
    expect(count(status)).toBeGreaterThan(20)
  for (const r of rows) {
    expect(r[2]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
    expect(r[3]).toMatch(/^Q \d{1,3}(,\d{3})*\.\d{2}$/)
    if (r[5] === "Pagado") {
      expect(r[6]).toMatch(/^\*{4} \d{4}$/)
      expect(r[7]).toMatch(/^\d{6}$/)
    } else {
      expect(r[6] + r[7]).toBe("")
    }
  }
  expect(rows.some((r) => /^Q \d{1,3},\d{3}\.\d{2}$/.test(r[3]))).toBe(true)
  expect(rows[0][2]).toBe("01/11/2026 08:00")
  expect(rows[1][2]).toBe("01/11/2026 08:01")
})

it("the values syntheticRows gives are the file's, so a bench can seed matching records", async () => {
  const options = {
    rows: 300,
    startNumber: 1,
    currency: "USD" as const,
    seed: 9,
  }
  const rows = read((await collect(options)).file).slice(1)
  const values = [...syntheticRows(options)]
  expect(values.map((v) => v.cells)).toEqual(rows)
  expect(rows[0][3]).toBe(
    `US$ ${(Number(values[0].cents) / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`
  )
})

it("bad rows where asked, one of each kind in turn, at the lines it reports", async () => {
  const options = { rows: 400, startNumber: 100, badRows: 8 }
  const values = [...syntheticRows(options)]
  const bad = values.filter((v) => v.bad)
  expect(bad.map((v) => v.bad)).toEqual([
    "amount",
    "date",
    "reference",
    "cells",
    "amount",
    "date",
    "reference",
    "cells",
  ])
  // Payments, so a reader reports each as bad instead of skipping it as "not a payment".
  expect(bad.every((v) => v.status === "Pagado")).toBe(true)
  const lines = read((await collect(options)).file)
  for (const v of bad) {
    const cells = lines[v.line - 1]
    if (v.bad === "amount") expect(cells[3]).toMatch(/x$/)
    if (v.bad === "date") expect(cells[2]).toBe("31/02/2026 10:00")
    if (v.bad === "reference") expect(cells[0]).toBe("")
    if (v.bad === "cells") expect(cells).toHaveLength(5)
    else expect(cells[5]).toBe("Pagado")
  }
  expect(
    values
      .filter((v) => !v.bad)
      .every((v) => lines[v.line - 1].length === EXPORT_COLUMNS.length)
  ).toBe(true)
})

it("same seed, same bytes; another seed, another file; Latin-1 when asked", async () => {
  const a = (await collect({ rows: 500, startNumber: 1, seed: 3 })).file
  expect(
    a.equals((await collect({ rows: 500, startNumber: 1, seed: 3 })).file)
  ).toBe(true)
  expect(
    a.equals((await collect({ rows: 500, startNumber: 1, seed: 4 })).file)
  ).toBe(false)
  const latin1 = (
    await collect({ rows: 5, startNumber: 1, seed: 3, encoding: "latin1" })
  ).file
  expect(latin1[0]).toBe("N".charCodeAt(0))
  expect(latin1.includes(0xf3)).toBe(true)
  expect(read(latin1, "latin1")[0]).toEqual([...EXPORT_COLUMNS])
})

it("50,000 rows come as bounded chunks, never the whole file at once", async () => {
  let bytes = 0
  let chunks = 0
  let largest = 0
  let newlines = 0
  const started = performance.now()
  for await (const chunk of syntheticExport({
    rows: 50_000,
    startNumber: 1,
    badRows: 50,
    batchRows: 1_000,
  })) {
    bytes += chunk.length
    chunks++
    largest = Math.max(largest, chunk.length)
    for (const b of chunk) if (b === 0x0a) newlines++
  }
  const ms = performance.now() - started
  expect(newlines).toBe(50_001)
  expect(chunks).toBe(51)
  expect(largest).toBeLessThan(bytes / 40)
  // Printed for the bench's notes; not asserted (the machine is shared).
  console.log(
    `syntheticExport: 50,000 rows, ${(bytes / 1e6).toFixed(1)} MB in ${chunks} chunks (largest ${(largest / 1e3).toFixed(0)} kB), ${ms.toFixed(0)} ms`
  )
})

it("refuses impossible options", () => {
  expect(() => [...syntheticRows({ rows: -1, startNumber: 1 })]).toThrow(
    "rows must be a whole number"
  )
  expect(() => [...syntheticRows({ rows: 1, startNumber: 0 })]).toThrow(
    "startNumber must be a positive whole number"
  )
  expect(() => [
    ...syntheticRows({ rows: 1, startNumber: 1, badRows: 2 }),
  ]).toThrow("badRows must be from 0 to rows")
})
