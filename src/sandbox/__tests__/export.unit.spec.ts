/**
 * The transactions export (GET /dashboard/<pathKey>/transacciones.csv and handle.exportCsv) and the
 * payment whose return is never followed (payWithoutReturn). The sandbox's clock is moved by the
 * test, so checkouts land on known Guatemala days.
 */
import axios from "axios"
import { parse } from "csv-parse/sync"
import { createSandbox } from "../server"
import type { SandboxHandle } from "../types"
import { EXPORT_COLUMNS } from "../export-format"

const TOKEN = {
  gatewayASingle: "sandbox-token-a",
  gatewayASubscription: "sandbox-token-a",
  gatewayB: "sandbox-token-b",
  gatewayC: "sandbox-token-c",
}
type Product = keyof typeof TOKEN

const billing = { name: "Ana", surname: "López", email: "ana@example.com" }
const http = axios.create({
  validateStatus: () => true,
  maxRedirects: 0,
  timeout: 3000,
})

let sandbox: SandboxHandle
let clock: Date

/** Guatemala local time "2026-11-02 09:15" as an instant (UTC−6). */
const gt = (local: string) => new Date(`${local.replace(" ", "T")}:00-06:00`)

async function create(
  product: Product,
  number: number,
  extra: Record<string, unknown> = {}
): Promise<string> {
  const body = {
    number,
    description: `Pedido ${number}`,
    amount: 100,
    billing,
    ...(product === "gatewayC" ? { currency: "GTQ" } : {}),
    redirection: { successUrl: "https://shop.test/ok" },
    ...extra,
  }
  const res = await http.post(sandbox.endpointUrl(product), body, {
    headers: { "X-Token": TOKEN[product] },
  })
  expect(res.status).toBe(201)
  return res.data.id
}

/** The file as rows of cells (header first), read by the same parser the plugin reads exports with. */
function rows(file: Buffer, encoding: BufferEncoding = "utf8"): string[][] {
  return parse(file.toString(encoding), {
    delimiter: ";",
    bom: true,
    record_delimiter: "\r\n",
  })
}

const col = (name: (typeof EXPORT_COLUMNS)[number]) =>
  EXPORT_COLUMNS.indexOf(name)

beforeAll(async () => {
  clock = gt("2026-11-02 09:15")
  sandbox = await createSandbox({
    now: () => clock,
    checkoutTtlMinutes: 24 * 60,
  })
})
afterAll(() => sandbox.close())
beforeEach(() => {
  sandbox.reset()
  clock = gt("2026-11-02 09:15")
})

describe("layout", () => {
  it("semicolons, CRLF, a UTF-8 BOM, the Spanish header, and a paid row written as the dashboard writes it", async () => {
    const id = await create("gatewayASingle", 1001, { amount: 1234.5 })
    clock = gt("2026-11-02 10:07")
    sandbox.payWithoutReturn(id)
    const file = sandbox.exportCsv("gatewayA")
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = file.toString("utf8").slice(1)
    expect(text.split("\r\n")[0]).toBe(
      "No. de enlace;ID de transacción;Fecha de pago;Monto;Moneda;Estado;Tarjeta;Autorización;Producto;Descripción"
    )
    expect(text.endsWith("\r\n")).toBe(true)
    expect(text.split("\r\n")[1]).toBe(
      `1001;${id};02/11/2026 10:07;Q 1,234.50;GTQ;Pagado;**** 4242;${sandbox.checkouts.get(id)!.authorization};Pago único;Pedido 1001`
    )
    expect(sandbox.checkouts.get(id)!.authorization).toMatch(/^\d{6}$/)
  })

  it("money: thousands separators, cents, US$ for dollars; a description with the separator is quoted", async () => {
    await create("gatewayASingle", 1, { amount: 25000 })
    await create("gatewayASubscription", 2, { amount: 12, currency: "USD" })
    await create("gatewayASingle", 3, {
      amount: 5.05,
      description: 'Taza; grande "azul"',
    })
    const data = rows(sandbox.exportCsv("gatewayA")).slice(1)
    expect(data.map((r) => [r[col("Monto")], r[col("Moneda")]])).toEqual([
      ["Q 25,000.00", "GTQ"],
      ["US$ 12.00", "USD"],
      ["Q 5.05", "GTQ"],
    ])
    expect(data[2][col("Descripción")]).toBe('Taza; grande "azul"')
    expect(data[2]).toHaveLength(EXPORT_COLUMNS.length)
  })

  it("statuses Pagado, Cancelado, Pendiente and Expirado; card and authorization only on paid rows", async () => {
    // Checkouts live 24 hours here: the first is expired by the next morning.
    const expired = await create("gatewayC", 4)
    clock = gt("2026-11-03 09:20")
    const paid = await create("gatewayC", 1)
    const canceled = await create("gatewayC", 2)
    const pending = await create("gatewayC", 3)
    sandbox.payWithoutReturn(paid)
    expect(
      (await http.post(`${sandbox.url}/hosted/${canceled}/cancel`)).status
    ).toBe(200)
    const byId = new Map(
      rows(sandbox.exportCsv("gatewayC"))
        .slice(1)
        .map((r) => [r[col("ID de transacción")], r])
    )
    expect(byId.get(paid)![col("Estado")]).toBe("Pagado")
    expect(byId.get(canceled)![col("Estado")]).toBe("Cancelado")
    expect(byId.get(pending)![col("Estado")]).toBe("Pendiente")
    expect(byId.get(expired)![col("Estado")]).toBe("Expirado")
    for (const id of [canceled, pending, expired]) {
      expect(byId.get(id)![col("Tarjeta")]).toBe("")
      expect(byId.get(id)![col("Autorización")]).toBe("")
    }
  })

  it("the link number is the number the plugin sent, on every product", async () => {
    const ids = await Promise.all([
      create("gatewayASingle", 501),
      create("gatewayASubscription", 502),
      create("gatewayB", 503),
      create("gatewayC", 504),
    ])
    const numbers = ["gatewayA", "gatewayB", "gatewayC"].flatMap((k) =>
      rows(sandbox.exportCsv(k as "gatewayA"))
        .slice(1)
        .map((r): [string, string] => [
          r[col("ID de transacción")],
          r[col("No. de enlace")],
        ])
    )
    expect(new Map(numbers)).toEqual(
      new Map(ids.map((id, i) => [id, String(501 + i)]))
    )
  })
})

describe("which rows", () => {
  it("only the gateway's own checkouts; A's single payments and subscriptions share A's export", async () => {
    const a1 = await create("gatewayASingle", 1)
    const a2 = await create("gatewayASubscription", 2)
    const b = await create("gatewayB", 3)
    const c = await create("gatewayC", 4)
    const ids = (key: "gatewayA" | "gatewayB" | "gatewayC") =>
      rows(sandbox.exportCsv(key))
        .slice(1)
        .map((r) => r[col("ID de transacción")])
    expect(ids("gatewayA").sort()).toEqual([a1, a2].sort())
    expect(ids("gatewayB")).toEqual([b])
    expect(ids("gatewayC")).toEqual([c])
    const products = rows(sandbox.exportCsv("gatewayA"))
      .slice(1)
      .map((r) => r[col("Producto")])
    expect(products.sort()).toEqual(["Pago único", "Suscripción"])
  })

  it("ordered by the row's date (payment time for paid rows), whatever the creation order", async () => {
    const first = await create("gatewayB", 1)
    clock = gt("2026-11-02 11:00")
    const second = await create("gatewayB", 2)
    clock = gt("2026-11-02 12:00")
    sandbox.payWithoutReturn(first)
    const order = rows(sandbox.exportCsv("gatewayB"))
      .slice(1)
      .map((r) => [r[col("ID de transacción")], r[col("Fecha de pago")]])
    expect(order).toEqual([
      [second, "02/11/2026 11:00"],
      [first, "02/11/2026 12:00"],
    ])
  })

  it("desde and hasta are inclusive Guatemala days (a payment at 23:59 GT is still that day, though the next in UTC)", async () => {
    const days = [
      "2026-11-01 23:59",
      "2026-11-02 00:00",
      "2026-11-03 23:59",
      "2026-11-04 00:00",
    ]
    const ids: string[] = []
    for (const [i, day] of days.entries()) {
      clock = gt(day)
      ids.push(await create("gatewayB", 10 + i))
    }
    const range = (from?: string, to?: string) =>
      rows(sandbox.exportCsv("gatewayB", { from, to }))
        .slice(1)
        .map((r) => r[col("ID de transacción")])
    expect(range("02/11/2026", "03/11/2026")).toEqual([ids[1], ids[2]])
    expect(range("01/11/2026", "01/11/2026")).toEqual([ids[0]])
    expect(range(undefined, "02/11/2026")).toEqual([ids[0], ids[1]])
    expect(range("04/11/2026")).toEqual([ids[3]])
    expect(range("05/11/2026")).toEqual([])
  })

  it("refuses a bad day, an impossible day and a range that ends before it starts", async () => {
    expect(() => sandbox.exportCsv("gatewayB", { from: "2026-11-02" })).toThrow(
      "from must be a date as dd/mm/yyyy"
    )
    expect(() => sandbox.exportCsv("gatewayB", { to: "31/02/2026" })).toThrow(
      "to must be a date as dd/mm/yyyy"
    )
    expect(() =>
      sandbox.exportCsv("gatewayB", { from: "03/11/2026", to: "02/11/2026" })
    ).toThrow("to must not be before from")
    expect(() => sandbox.exportCsv("gatewayZ" as "gatewayB")).toThrow(
      "pathKey must be one of gatewayA, gatewayB, gatewayC"
    )
  })
})

describe("Latin-1", () => {
  it("windows-1252 bytes, no BOM: ó is 0xF3, € is 0x80, what has no byte becomes ?", async () => {
    await create("gatewayB", 7, { description: "Café € 🎁" })
    const file = sandbox.exportCsv("gatewayB", { encoding: "latin1" })
    expect(file[0]).toBe("N".charCodeAt(0))
    const header = file.subarray(0, file.indexOf(0x0d))
    expect(header.includes(Buffer.from([0x63, 0x63, 0x69, 0xf3, 0x6e]))).toBe(
      true
    ) // "cción"
    expect(
      file.includes(
        Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x20, 0x3f])
      )
    ).toBe(true) // "Café € ?"
    expect(file.includes(Buffer.from("ó", "utf8"))).toBe(false)
    const data = rows(file, "latin1")
    expect(data[0]).toEqual([...EXPORT_COLUMNS])
    expect(data[1][col("Estado")]).toBe("Pendiente")
  })
})

describe("never a full card number", () => {
  it("the file shows **** and the last four only; a full number is refused before anything is paid", async () => {
    const id = await create("gatewayASingle", 9)
    expect(() =>
      sandbox.payWithoutReturn(id, { cardLast4: "4111111111111111" })
    ).toThrow("cardLast4 must be exactly 4 digits")
    expect(sandbox.checkouts.get(id)!.state).toBe("open")
    sandbox.payWithoutReturn(id, { cardLast4: "1111" })
    const text = sandbox.exportCsv("gatewayA").toString("utf8")
    expect(rows(sandbox.exportCsv("gatewayA"))[1][col("Tarjeta")]).toBe(
      "**** 1111"
    )
    expect(text).not.toMatch(/\d{13,19}/)
  })
})
