/**
 * A paid subscription charged again, one period on (renewals.ts): the calendar arithmetic, the date
 * of a charge asked for before or after its due date, the control route and the handle with their
 * refusals, the export's rows, and the front page's "Charge next period". The sandbox's clock is
 * moved by the test: most tests move it past every due date, as if the months had passed.
 */
import axios from "axios"
import { parse } from "csv-parse/sync"
import { EXPORT_COLUMNS } from "../export-format"
import { addPeriods } from "../renewals"
import { createSandbox } from "../server"
import type { SandboxHandle } from "../types"

const billing = { name: "Ana", surname: "López", email: "ana@example.com" }
const http = axios.create({
  validateStatus: () => true,
  maxRedirects: 0,
  timeout: 3000,
})

let sandbox: SandboxHandle
let clock: Date

const utc = (iso: string) => new Date(iso)
/** Guatemala local time "2026-11-02 09:15" as an instant (UTC−6). */
const gt = (local: string) => new Date(`${local.replace(" ", "T")}:00-06:00`)

async function subscription(
  number: number,
  plan: Record<string, unknown> = { interval: "month", count: 1 }
): Promise<string> {
  const res = await http.post(
    sandbox.endpointUrl("gatewayASubscription"),
    {
      number,
      description: `Caja mensual ${number}`,
      amount: 100,
      billing,
      redirection: {
        successUrl: "https://shop.test/ok",
        cancelUrl: "https://shop.test/cancel",
      },
      ...plan,
    },
    { headers: { "X-Token": "sandbox-token-a" } }
  )
  expect(res.status).toBe(201)
  return res.data.id
}

async function single(number: number): Promise<string> {
  const res = await http.post(
    sandbox.endpointUrl("gatewayASingle"),
    { number, description: `Pedido ${number}`, amount: 100, billing },
    { headers: { "X-Token": "sandbox-token-a" } }
  )
  expect(res.status).toBe(201)
  return res.data.id
}

const control = (id: string, body?: unknown) =>
  http.post(`${sandbox.url}/__sandbox/checkouts/${id}/charge-next-period`, body)

const rows = (file: Buffer): string[][] =>
  parse(file.toString("utf8"), {
    delimiter: ";",
    bom: true,
    record_delimiter: "\r\n",
  }).slice(1)
const col = (name: (typeof EXPORT_COLUMNS)[number]) =>
  EXPORT_COLUMNS.indexOf(name)

beforeAll(async () => {
  sandbox = await createSandbox({ now: () => clock })
})
afterAll(() => sandbox.close())
beforeEach(() => {
  sandbox.reset()
  clock = gt("2026-01-31 10:00")
})
/** The sandbox's clock long after every due date the tests reach: each charge falls on its due date. */
const monthsLater = () => {
  clock = gt("2027-06-01 08:00")
}

describe("addPeriods: calendar arithmetic in UTC", () => {
  it("a month after the 31st is the month's last day (28 or 29 February), the time of day kept", () => {
    expect(addPeriods(utc("2026-01-31T16:00:00.000Z"), "month", 1)).toEqual(
      utc("2026-02-28T16:00:00.000Z")
    )
    expect(addPeriods(utc("2028-01-31T16:00:00.000Z"), "month", 1)).toEqual(
      utc("2028-02-29T16:00:00.000Z")
    )
    expect(addPeriods(utc("2026-03-31T08:30:15.250Z"), "month", 1)).toEqual(
      utc("2026-04-30T08:30:15.250Z")
    )
    // Counted from the previous charge: after 28 February comes 28 March.
    expect(addPeriods(utc("2026-02-28T16:00:00.000Z"), "month", 1)).toEqual(
      utc("2026-03-28T16:00:00.000Z")
    )
  })

  it("count 3: three months (into the next year, to the month's end), three weeks", () => {
    expect(addPeriods(utc("2026-11-30T12:00:00.000Z"), "month", 3)).toEqual(
      utc("2027-02-28T12:00:00.000Z")
    )
    expect(addPeriods(utc("2026-11-15T12:00:00.000Z"), "month", 3)).toEqual(
      utc("2027-02-15T12:00:00.000Z")
    )
    expect(addPeriods(utc("2026-12-20T23:30:00.000Z"), "week", 3)).toEqual(
      utc("2027-01-10T23:30:00.000Z")
    )
  })

  it("a week is 7 days; a year keeps the date, and a year after 29 February is 28 February", () => {
    expect(addPeriods(utc("2026-02-26T10:00:00.000Z"), "week", 1)).toEqual(
      utc("2026-03-05T10:00:00.000Z")
    )
    expect(addPeriods(utc("2026-06-15T10:00:00.000Z"), "year", 1)).toEqual(
      utc("2027-06-15T10:00:00.000Z")
    )
    expect(addPeriods(utc("2028-02-29T10:00:00.000Z"), "year", 1)).toEqual(
      utc("2029-02-28T10:00:00.000Z")
    )
    expect(addPeriods(utc("2028-02-29T10:00:00.000Z"), "year", 4)).toEqual(
      utc("2032-02-29T10:00:00.000Z")
    )
  })
})

describe("charging the next period", () => {
  it("each renewal one period after the previous charge, at the link's amount, with its own authorization", async () => {
    const id = await subscription(1)
    sandbox.payWithoutReturn(id) // 31/01/2026 10:00 GT, 16:00 UTC
    monthsLater()
    const first = sandbox.chargeNextPeriod(id)
    expect(first.renewals).toHaveLength(1)
    const res = await control(id)
    expect(res.status).toBe(200)
    expect(res.data.renewals).toEqual([
      {
        at: "2026-02-28T16:00:00.000Z",
        amount: "100.00",
        currency: "GTQ",
        cardLast4: "4242",
        authorization: expect.stringMatching(/^\d{6}$/),
      },
      {
        at: "2026-03-28T16:00:00.000Z",
        amount: "100.00",
        currency: "GTQ",
        cardLast4: "4242",
        authorization: expect.stringMatching(/^\d{6}$/),
      },
    ])
    const codes = [
      sandbox.checkouts.get(id)!.authorization,
      ...res.data.renewals.map(
        (r: { authorization: string }) => r.authorization
      ),
    ]
    expect(new Set(codes).size).toBe(3)
    // The first payment is what it was.
    expect(sandbox.checkouts.get(id)).toMatchObject({
      state: "paid",
      settledAt: "2026-01-31T16:00:00.000Z",
      paidAmount: "100.00",
    })
  })

  it("follows the plan: every 3 weeks; no plan sent is the service's default, every month", async () => {
    const weekly = await subscription(2, { interval: "week", count: 3 })
    const plain = await subscription(3, {})
    sandbox.payWithoutReturn(weekly)
    sandbox.payWithoutReturn(plain)
    monthsLater()
    expect(sandbox.chargeNextPeriod(weekly).renewals[0].at).toBe(
      "2026-02-21T16:00:00.000Z"
    )
    expect(sandbox.chargeNextPeriod(plain).renewals[0].at).toBe(
      "2026-02-28T16:00:00.000Z"
    )
  })

  it("at dates it explicitly (the next one counts from there); amount charges another amount, in cents", async () => {
    const id = await subscription(4)
    sandbox.payWithoutReturn(id)
    const res = await control(id, { at: "2026-02-10T12:00:00Z", amount: 95.5 })
    expect(res.status).toBe(200)
    expect(res.data.renewals[0]).toMatchObject({
      at: "2026-02-10T12:00:00.000Z",
      amount: "95.50",
    })
    monthsLater()
    const next = sandbox.chargeNextPeriod(id, { amount: "0.10" })
    expect(next.renewals[1]).toMatchObject({
      at: "2026-03-10T12:00:00.000Z",
      amount: "0.10",
    })
    // The link's own amount is unchanged.
    expect(next.amount).toBe("100.00")
  })

  it("refuses with 409 what is not a paid subscription, and names the reason; nothing is recorded", async () => {
    const open = await subscription(5)
    const canceled = await subscription(6)
    const once = await single(7)
    sandbox.payWithoutReturn(once)
    expect(
      (await http.post(`${sandbox.url}/hosted/${canceled}/cancel`)).status
    ).toBe(303)

    const notPaid = await control(open)
    expect(notPaid.status).toBe(409)
    expect(notPaid.data.message).toContain("is not paid yet")
    const wasCanceled = await control(canceled)
    expect(wasCanceled.status).toBe(409)
    expect(wasCanceled.data.message).toContain("was canceled")
    const notSubscription = await control(once)
    expect(notSubscription.status).toBe(409)
    expect(notSubscription.data.message).toContain(
      "is a single payment (gatewayASingle), not a subscription"
    )
    expect((await control("chk_nope")).status).toBe(404)
    expect(() => sandbox.chargeNextPeriod(open)).toThrow("is not paid yet")
    expect(() => sandbox.chargeNextPeriod("chk_nope")).toThrow(
      "no checkout chk_nope"
    )
    for (const id of [open, canceled, once])
      expect(sandbox.checkouts.get(id)!.renewals).toEqual([])
  })

  it("refuses with 400 naming the field: at not after the previous charge or not a date, a bad amount, an unknown field", async () => {
    const id = await subscription(8)
    sandbox.payWithoutReturn(id)
    const fieldOf = async (body: unknown) => {
      const res = await control(id, body)
      expect(res.status).toBe(400)
      return res.data.errors.map((e: { path: string; message: string }) =>
        [e.path, e.message].join(" ")
      )
    }
    expect(await fieldOf({ at: "2026-01-31T16:00:00Z" })).toEqual([
      "at must be after the previous charge (2026-01-31T16:00:00.000Z)",
    ])
    expect(await fieldOf({ at: "2026-01-01" })).toEqual([
      "at must be after the previous charge (2026-01-31T16:00:00.000Z)",
    ])
    expect(await fieldOf({ at: "28/02/2026" })).toEqual([
      'at must be an ISO 8601 date, e.g. "2026-12-01T15:00:00Z"',
    ])
    expect(await fieldOf({ at: 1767225600000 })).toEqual([
      'at must be an ISO 8601 date, e.g. "2026-12-01T15:00:00Z"',
    ])
    const amount =
      "amount must be a number or decimal text greater than 0 with at most 2 decimals"
    expect(await fieldOf({ amount: 0 })).toEqual([amount])
    expect(await fieldOf({ amount: 9.999 })).toEqual([amount])
    expect(await fieldOf({ amount: "1e3" })).toEqual([amount])
    expect(await fieldOf({ currency: "USD" })).toEqual([
      "currency is not an accepted field",
    ])
    expect(sandbox.checkouts.get(id)!.renewals).toEqual([])

    // After a renewal, "after the previous charge" is after the renewal.
    monthsLater()
    sandbox.chargeNextPeriod(id)
    expect(await fieldOf({ at: "2026-02-15T00:00:00Z" })).toEqual([
      "at must be after the previous charge (2026-02-28T16:00:00.000Z)",
    ])
    expect(() =>
      sandbox.chargeNextPeriod(id, { at: new Date("2026-02-01T00:00:00Z") })
    ).toThrow("at must be after the previous charge")
  })
})

describe("the date of a charge: never in the sandbox's future", () => {
  it("asked for before its due date it is dated at the sandbox's now; at its due date or later, at the due date", async () => {
    const id = await subscription(20)
    sandbox.payWithoutReturn(id) // 31/01/2026 10:00 GT, 16:00 UTC; due 28/02
    clock = gt("2026-02-10 09:30")
    expect(sandbox.chargeNextPeriod(id).renewals[0].at).toBe(
      "2026-02-10T15:30:00.000Z"
    )
    // Three and a half months on: each charge falls on its due date, one period after the one
    // before, until the next due date is still to come; that one is dated now.
    clock = gt("2026-06-01 08:00")
    for (let i = 0; i < 4; i++) sandbox.chargeNextPeriod(id)
    expect(sandbox.checkouts.get(id)!.renewals.map((r) => r.at)).toEqual([
      "2026-02-10T15:30:00.000Z",
      "2026-03-10T15:30:00.000Z",
      "2026-04-10T15:30:00.000Z",
      "2026-05-10T15:30:00.000Z",
      "2026-06-01T14:00:00.000Z",
    ])
    // Exactly at the due date: the due date.
    clock = new Date("2026-07-01T14:00:00.000Z")
    expect(sandbox.chargeNextPeriod(id).renewals[5].at).toBe(
      "2026-07-01T14:00:00.000Z"
    )
  })

  it("never in the previous charge's minute (the export writes minutes): asked for within it, the minute after", async () => {
    const id = await subscription(21)
    clock = new Date("2026-01-31T16:00:40.000Z")
    sandbox.payWithoutReturn(id)
    clock = new Date("2026-01-31T16:00:55.000Z")
    expect(sandbox.chargeNextPeriod(id).renewals[0].at).toBe(
      "2026-01-31T16:01:00.000Z"
    )
    clock = new Date("2026-01-31T16:01:20.000Z")
    expect(sandbox.chargeNextPeriod(id).renewals[1].at).toBe(
      "2026-01-31T16:02:00.000Z"
    )
    clock = new Date("2026-01-31T16:05:30.000Z")
    expect(sandbox.chargeNextPeriod(id).renewals[2].at).toBe(
      "2026-01-31T16:05:30.000Z"
    )
    expect(
      rows(sandbox.exportCsv("gatewayA")).map((r) => r[col("Fecha de pago")])
    ).toEqual([
      "31/01/2026 10:00",
      "31/01/2026 10:01",
      "31/01/2026 10:02",
      "31/01/2026 10:05",
    ])
  })

  it("an explicit at is kept, ahead of the clock or not; the control route dates by the same rule", async () => {
    const id = await subscription(22)
    sandbox.payWithoutReturn(id)
    expect(
      sandbox.chargeNextPeriod(id, { at: "2026-05-05T12:00:00Z" }).renewals[0]
        .at
    ).toBe("2026-05-05T12:00:00.000Z")
    clock = gt("2026-05-20 10:00")
    const res = await control(id)
    expect(res.status).toBe(200)
    expect(res.data.renewals[1].at).toBe("2026-05-20T16:00:00.000Z")
  })
})

describe("the export", () => {
  it("lists each renewal as a paid row of its own: same link number and checkout id, its own date, amount and authorization", async () => {
    const id = await subscription(9)
    sandbox.payWithoutReturn(id, { cardLast4: "1111" })
    clock = gt("2026-02-05 09:00")
    const other = await single(10)
    monthsLater()
    sandbox.chargeNextPeriod(id)
    sandbox.chargeNextPeriod(id, { amount: 95 })
    const renewals = sandbox.checkouts.get(id)!.renewals
    const data = rows(sandbox.exportCsv("gatewayA"))
    expect(data).toEqual([
      [
        "9",
        id,
        "31/01/2026 10:00",
        "Q 100.00",
        "GTQ",
        "Pagado",
        "**** 1111",
        sandbox.checkouts.get(id)!.authorization,
        "Suscripción",
        "Caja mensual 9",
      ],
      // Ordered by date: the single payment's row comes between (never paid, expired by now).
      [
        "10",
        other,
        "05/02/2026 09:00",
        "Q 100.00",
        "GTQ",
        "Expirado",
        "",
        "",
        "Pago único",
        "Pedido 10",
      ],
      [
        "9",
        id,
        "28/02/2026 10:00",
        "Q 100.00",
        "GTQ",
        "Pagado",
        "**** 1111",
        renewals[0].authorization,
        "Suscripción",
        "Caja mensual 9",
      ],
      [
        "9",
        id,
        "28/03/2026 10:00",
        "Q 95.00",
        "GTQ",
        "Pagado",
        "**** 1111",
        renewals[1].authorization,
        "Suscripción",
        "Caja mensual 9",
      ],
    ])
    // The same codes in every export.
    expect(rows(sandbox.exportCsv("gatewayA"))).toEqual(data)
  })

  it("the range picks a renewal by its own date", async () => {
    const id = await subscription(11, { interval: "month", count: 1 })
    sandbox.payWithoutReturn(id)
    monthsLater()
    sandbox.chargeNextPeriod(id)
    const march = rows(
      sandbox.exportCsv("gatewayA", { from: "01/02/2026", to: "28/02/2026" })
    )
    expect(march.map((r) => r[col("Fecha de pago")])).toEqual([
      "28/02/2026 10:00",
    ])
    expect(
      rows(
        sandbox.exportCsv("gatewayA", { from: "01/01/2026", to: "31/01/2026" })
      ).map((r) => r[col("Fecha de pago")])
    ).toEqual(["31/01/2026 10:00"])
  })
})

describe("the front page's Charge next period", () => {
  const post = (path: string, headers: Record<string, string> = {}) =>
    http.post(`${sandbox.url}${path}`, "", {
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...headers,
      },
    })

  it("is offered beside paid subscriptions only, charges one period on, and comes back to the page", async () => {
    const id = await subscription(12)
    const once = await single(13)
    const action = `/__sandbox/forms/checkouts/${id}/charge-next-period`
    const page = async (): Promise<string> =>
      (await http.get(`${sandbox.url}/`)).data
    expect(await page()).not.toContain(">Charge next period<")
    sandbox.payWithoutReturn(id)
    sandbox.payWithoutReturn(once)
    monthsLater()
    const before = await page()
    expect(before).toContain(`action="${action}"`)
    expect(before.match(/>Charge next period</g)).toHaveLength(1)
    expect(before).toContain(
      "The sandbox does not make you wait a period: a charge asked for early is dated now; a reconciliation refuses a row dated in the future."
    )

    const res = await post(action, { Origin: sandbox.url })
    expect(res.status).toBe(303)
    expect(res.headers.location).toBe("/")
    expect(sandbox.checkouts.get(id)!.renewals.map((r) => r.at)).toEqual([
      "2026-02-28T16:00:00.000Z",
    ])
    expect(await page()).toContain("(renewed 1 time)")
    await post(action)
    expect(await page()).toContain("(renewed 2 times)")

    const refused = await post(
      `/__sandbox/forms/checkouts/${once}/charge-next-period`
    )
    expect(refused.status).toBe(409)
    expect(refused.data).toContain("not a subscription")
    expect(
      (await post(`/__sandbox/forms/checkouts/chk_gone/charge-next-period`))
        .status
    ).toBe(404)
    const elsewhere = await post(action, { Origin: "https://evil.example" })
    expect(elsewhere.status).toBe(403)
    expect(sandbox.checkouts.get(id)!.renewals).toHaveLength(2)
  })
})
