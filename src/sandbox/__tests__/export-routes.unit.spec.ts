/**
 * The export and the payment without return over HTTP: GET /dashboard/<pathKey>/transacciones.csv
 * and POST /__sandbox/checkouts/:id/pay-without-return, with their refusals (which change nothing).
 */
import axios, { type AxiosResponse } from "axios"
import { parse } from "csv-parse/sync"
import { createSandbox } from "../server"
import type { SandboxHandle } from "../types"

const billing = { name: "Ana", surname: "López", email: "ana@example.com" }
const http = axios.create({
  validateStatus: () => true,
  maxRedirects: 0,
  timeout: 3000,
  responseType: "arraybuffer",
})

let sandbox: SandboxHandle
let clock: Date

const gt = (local: string) => new Date(`${local.replace(" ", "T")}:00-06:00`)
const json = (res: AxiosResponse) =>
  JSON.parse(Buffer.from(res.data).toString("utf8"))

async function createA(number: number, amount = 100): Promise<string> {
  const res = await http.post(
    sandbox.endpointUrl("gatewayASingle"),
    {
      number,
      description: `Pedido ${number}`,
      amount,
      billing,
      redirection: { successUrl: "https://shop.test/ok" },
    },
    { headers: { "X-Token": "sandbox-token-a" } }
  )
  expect(res.status).toBe(201)
  return json(res).id
}

const payWithoutReturn = (id: string, body?: unknown) =>
  http.post(
    `${sandbox.url}/__sandbox/checkouts/${encodeURIComponent(id)}/pay-without-return`,
    body,
    {
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
    }
  )

const download = (path: string) => http.get(`${sandbox.url}/dashboard/${path}`)

const errorPaths = (res: AxiosResponse) =>
  json(res).errors.map((e: { path: string }) => e.path)

beforeAll(async () => {
  sandbox = await createSandbox({ now: () => clock, checkoutTtlMinutes: 60 })
})
afterAll(() => sandbox.close())
beforeEach(() => {
  sandbox.reset()
  clock = gt("2026-11-02 09:15")
})

describe("POST /__sandbox/checkouts/:id/pay-without-return", () => {
  it("pays without sending the browser anywhere, records no API call, and the export shows it as Pagado", async () => {
    const id = await createA(1001)
    const calls = sandbox.requests.length
    const res = await payWithoutReturn(id)
    expect(res.status).toBe(200)
    expect(res.headers.location).toBeUndefined()
    const view = json(res)
    expect(view).toMatchObject({
      id,
      state: "paid",
      paidAmount: "100.00",
      paidCurrency: "GTQ",
      cardLast4: "4242",
      expired: false,
    })
    expect(view.authorization).toMatch(/^\d{6}$/)
    expect(sandbox.requests.length).toBe(calls)
    const row = parse(sandbox.exportCsv("gatewayA"), {
      delimiter: ";",
      bom: true,
    })[1]
    expect(row.slice(0, 8)).toEqual([
      "1001",
      id,
      "02/11/2026 09:15",
      "Q 100.00",
      "GTQ",
      "Pagado",
      "**** 4242",
      view.authorization,
    ])
  })

  it("amount and currency overrides (a test aid): the export shows what was charged, the checkout keeps its own amount", async () => {
    const id = await createA(1002, 1500)
    const res = await payWithoutReturn(id, {
      amount: 1499.99,
      currency: "USD",
      cardLast4: "0005",
    })
    expect(res.status).toBe(200)
    expect(sandbox.checkouts.get(id)).toMatchObject({
      amount: "1500.00",
      currency: "GTQ",
      paidAmount: "1499.99",
      paidCurrency: "USD",
      cardLast4: "0005",
    })
    const row = parse(sandbox.exportCsv("gatewayA"), {
      delimiter: ";",
      bom: true,
    })[1]
    expect(row.slice(3, 7)).toEqual([
      "US$ 1,499.99",
      "USD",
      "Pagado",
      "**** 0005",
    ])
  })

  it("refuses an unknown checkout (404), a second payment (409), a canceled one (409) and an expired one (410)", async () => {
    expect((await payWithoutReturn("chk_nope")).status).toBe(404)
    const paid = await createA(1)
    expect((await payWithoutReturn(paid)).status).toBe(200)
    const again = await payWithoutReturn(paid, { amount: 5 })
    expect(again.status).toBe(409)
    expect(json(again).message).toContain("already paid")
    expect(sandbox.checkouts.get(paid)!.paidAmount).toBe("100.00")

    const canceled = await createA(2)
    // No cancelUrl was given, so the hosted page answers its own page rather than a redirect.
    expect(
      (await http.post(`${sandbox.url}/hosted/${canceled}/cancel`)).status
    ).toBe(200)
    expect((await payWithoutReturn(canceled)).status).toBe(409)
    expect(sandbox.checkouts.get(canceled)!.state).toBe("canceled")

    const late = await createA(3)
    clock = gt("2026-11-02 10:15")
    expect((await payWithoutReturn(late)).status).toBe(410)
    expect(sandbox.checkouts.get(late)!.state).toBe("open")
  })

  it("400 naming the field for a bad amount, currency, a full card number or an unknown field; nothing is paid", async () => {
    const id = await createA(4)
    const cases: Array<[unknown, string]> = [
      [{ amount: "12.00" }, "amount"],
      [{ amount: 0 }, "amount"],
      [{ amount: 1.234 }, "amount"],
      [{ currency: "usd" }, "currency"],
      [{ cardLast4: "4111111111111111" }, "cardLast4"],
      [{ card: "4242" }, "card"],
    ]
    for (const [body, path] of cases) {
      const res = await payWithoutReturn(id, body)
      expect(res.status).toBe(400)
      expect(errorPaths(res)).toContain(path)
    }
    expect(sandbox.checkouts.get(id)!.state).toBe("open")
  })

  it("the handle does the same, as errors", async () => {
    const id = await createA(5)
    expect(() => sandbox.payWithoutReturn("chk_nope")).toThrow(
      "no checkout chk_nope"
    )
    expect(() => sandbox.payWithoutReturn(id, { amount: -1 })).toThrow(
      "amount must be a number greater than 0"
    )
    expect(sandbox.payWithoutReturn(id, { amount: 99.5 })).toMatchObject({
      state: "paid",
      paidAmount: "99.50",
    })
    expect(() => sandbox.payWithoutReturn(id)).toThrow("already paid")
  })

  it("the hosted page's Pay still redirects, and records the same payment fields", async () => {
    const id = await createA(6, 20)
    const res = await http.post(`${sandbox.url}/hosted/${id}/pay`)
    expect(res.status).toBe(303)
    expect(res.headers.location).toBe("https://shop.test/ok")
    expect(sandbox.checkouts.get(id)).toMatchObject({
      state: "paid",
      paidAmount: "20.00",
      paidCurrency: "GTQ",
      cardLast4: "4242",
    })
  })
})

describe("GET /dashboard/<pathKey>/transacciones.csv", () => {
  it("answers the handle's file as a UTF-8 CSV attachment, not recorded as an API call", async () => {
    const id = await createA(10, 1234.5)
    sandbox.payWithoutReturn(id)
    const calls = sandbox.requests.length
    const res = await download("gatewayA/transacciones.csv")
    expect(res.status).toBe(200)
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8")
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="transacciones-gatewayA.csv"'
    )
    expect(Buffer.from(res.data).equals(sandbox.exportCsv("gatewayA"))).toBe(
      true
    )
    expect(Buffer.from(res.data).toString("utf8")).toContain(
      ";Q 1,234.50;GTQ;Pagado;**** 4242;"
    )
    expect(sandbox.requests.length).toBe(calls)
  })

  it("formato=latin1 answers windows-1252 bytes; desde/hasta filter by Guatemala day; empty values mean not given", async () => {
    clock = gt("2026-11-01 23:59")
    const before = await createA(11)
    clock = gt("2026-11-02 00:00")
    const inside = await createA(12)
    const res = await download(
      "gatewayA/transacciones.csv?desde=02/11/2026&hasta=02/11/2026&formato=latin1"
    )
    expect(res.status).toBe(200)
    expect(res.headers["content-type"]).toBe("text/csv; charset=windows-1252")
    const file = Buffer.from(res.data)
    expect(
      file.equals(
        sandbox.exportCsv("gatewayA", {
          from: "02/11/2026",
          to: "02/11/2026",
          encoding: "latin1",
        })
      )
    ).toBe(true)
    expect(file.includes(0xf3)).toBe(true)
    const text = file.toString("latin1")
    expect(text).toContain(inside)
    expect(text).not.toContain(before)
    const all = await download("gatewayA/transacciones.csv?desde=&hasta=")
    expect(Buffer.from(all.data).toString("utf8")).toContain(before)
  })

  it("400 naming the parameter for a bad day, a range backwards, an unknown or repeated parameter, a bad formato", async () => {
    const cases: Array<[string, string]> = [
      ["desde=2026-11-02", "desde"],
      ["hasta=32/01/2026", "hasta"],
      ["desde=03/11/2026&hasta=02/11/2026", "hasta"],
      ["from=02/11/2026", "from"],
      ["desde=01/11/2026&desde=02/11/2026", "desde"],
      ["formato=utf16", "formato"],
    ]
    for (const [query, path] of cases) {
      const res = await download(`gatewayB/transacciones.csv?${query}`)
      expect(res.status).toBe(400)
      expect(errorPaths(res)).toEqual([path])
    }
  })

  it("404 for a gateway that has no dashboard, and for any other dashboard page", async () => {
    expect((await download("gatewayZ/transacciones.csv")).status).toBe(404)
    expect((await download("gatewayA/ventas.csv")).status).toBe(404)
  })
})
