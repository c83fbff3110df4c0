import axios, { type AxiosRequestConfig, type AxiosResponse } from "axios"
import { ENDPOINTS, type EndpointName } from "../../lib/paylink/endpoints"
import { createSandbox } from "../server"
import type { SandboxHandle } from "../types"

const TOKEN: Record<EndpointName, string | null> = {
  gatewayASingle: "sandbox-token-a",
  gatewayASubscription: "sandbox-token-a",
  gatewayB: "sandbox-token-b",
  gatewayC: "sandbox-token-c",
  discount: null,
  setup: null,
}

const billing = { name: "Ana", surname: "López", email: "ana@example.com" }

const valid: Record<EndpointName, Record<string, unknown>> = {
  gatewayASingle: {
    number: 1001,
    description: "Order 1001",
    amount: 125.5,
    billing,
    redirection: { successUrl: "https://shop.test/ok", cancelUrl: "https://shop.test/cancel" },
    options: { allowTransfer: true, installments: "3,6," },
  },
  gatewayASubscription: {
    number: 1002,
    description: "Monthly box",
    amount: 99,
    currency: "USD",
    billing,
    redirection: { successUrl: "https://shop.test/ok", cancelUrl: "https://shop.test/cancel" },
    count: 2,
    interval: "week",
  },
  gatewayB: {
    number: 1003,
    description: "Order 1003",
    amount: 30.5,
    billing,
    redirection: { successUrl: "https://shop.test/ok" },
    order: [
      { reference: "SKU-1", name: "Mug", qty: 2, price: 10.25 },
      { reference: "SKU-2", name: "Tea", qty: 1, price: 10 },
    ],
  },
  gatewayC: { number: 1004, description: "Order 1004", amount: 10, currency: "GTQ", billing },
  discount: { discount: 10, total: 100, code: 42, card: "6000123412341234" },
  setup: { user: "sandbox", password: "sandbox-password", branch: 1 },
}

let sandbox: SandboxHandle

const http = axios.create({ validateStatus: () => true, maxRedirects: 0, timeout: 3000 })

async function call(
  name: EndpointName,
  body: unknown,
  { token, ...config }: AxiosRequestConfig & { token?: string | null } = {}
): Promise<AxiosResponse> {
  const t = token === undefined ? TOKEN[name] : token
  return http.post(sandbox.endpointUrl(name), body, {
    ...config,
    headers: { "Content-Type": "application/json", ...(t ? { "X-Token": t } : {}), ...(config.headers ?? {}) },
  })
}

async function benefitsToken(): Promise<string> {
  const res = await call("setup", valid.setup)
  expect(res.status).toBe(200)
  return res.data.token
}

function withBody(name: EndpointName, patch: Record<string, unknown>) {
  return { ...valid[name], ...patch }
}

function expectFieldError(res: AxiosResponse, path: string) {
  expect(res.status).toBe(400)
  expect(res.data.errors.map((e: { path: string }) => e.path)).toContain(path)
  expect(res.data.message).toContain(`${path}: `)
}

beforeAll(async () => {
  sandbox = await createSandbox()
})

afterAll(async () => {
  await sandbox.close()
})

beforeEach(() => sandbox.reset())

describe("success shapes (docs/service.md §5.7)", () => {
  it("gateway A single: 201 { id, url, metadata: { product } }", async () => {
    const res = await call("gatewayASingle", valid.gatewayASingle)
    expect(res.status).toBe(201)
    expect(Object.keys(res.data).sort()).toEqual(["id", "metadata", "url"])
    expect(Object.keys(res.data.metadata)).toEqual(["product"])
    expect(res.data.url).toBe(`${sandbox.publicUrl}/hosted/${res.data.id}`)
    ENDPOINTS.gatewayASingle.response.parse(res.data)
  })

  it("subscription: 201 { id, product, url } without metadata", async () => {
    const res = await call("gatewayASubscription", valid.gatewayASubscription)
    expect(res.status).toBe(201)
    expect(Object.keys(res.data).sort()).toEqual(["id", "product", "url"])
    ENDPOINTS.gatewayASubscription.response.parse(res.data)
  })

  it("gateway B: 201 with clientToken and a UTC expiration one TTL ahead", async () => {
    const before = Date.now()
    const res = await call("gatewayB", valid.gatewayB)
    expect(res.status).toBe(201)
    expect(Object.keys(res.data.metadata).sort()).toEqual(["clientToken", "expiration"])
    expect(res.data.metadata.expiration).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    const ahead = Date.parse(res.data.metadata.expiration) - before
    expect(ahead).toBeGreaterThanOrEqual(60 * 60_000 - 50)
    expect(ahead).toBeLessThan(60 * 60_000 + 5_000)
    ENDPOINTS.gatewayB.response.parse(res.data)
  })

  it("gateway C: 201 with a numeric-looking id and an expiration", async () => {
    const res = await call("gatewayC", valid.gatewayC)
    expect(res.status).toBe(201)
    expect(res.data.id).toMatch(/^\d+$/)
    expect(Object.keys(res.data.metadata)).toEqual(["expiration"])
    ENDPOINTS.gatewayC.response.parse(res.data)
  })

  it("ids are unique and every checkout is kept", async () => {
    const ids = new Set<string>()
    for (let i = 0; i < 5; i++) ids.add((await call("gatewayASingle", valid.gatewayASingle)).data.id)
    expect(ids.size).toBe(5)
    expect([...sandbox.checkouts.keys()].sort()).toEqual([...ids].sort())
    const first = sandbox.checkouts.get([...ids][0])!
    expect(first).toMatchObject({ endpoint: "gatewayASingle", amount: "125.50", currency: "GTQ", state: "open" })
  })

  it("setup 200 { token } (fresh each call), then discount 201 with distinct codes", async () => {
    const t1 = await benefitsToken()
    const t2 = await benefitsToken()
    expect(t1).not.toBe(t2)
    const res = await call("discount", valid.discount, { token: t1 })
    expect(res.status).toBe(201)
    expect(Object.keys(res.data).sort()).toEqual(["authorization", "confirmation"])
    expect(res.data.authorization).toMatch(/^AUT-[A-Z0-9]{6}$/)
    expect(res.data.confirmation).toMatch(/^CNF-[A-Z0-9]{6}$/)
    expect(res.data.authorization).not.toBe(res.data.confirmation)
  })
})

describe("authentication", () => {
  const guarded: EndpointName[] = ["gatewayASingle", "gatewayASubscription", "gatewayB", "gatewayC", "discount"]

  it.each(guarded)("%s: 401 without X-Token and with a wrong one", async (name) => {
    for (const token of [null, "wrong-token"]) {
      const res = await call(name, valid[name], { token })
      expect(res.status).toBe(401)
      expect(res.data).toEqual({ message: "Unauthorized" })
    }
  })

  it("a gateway's token does not open another gateway", async () => {
    expect((await call("gatewayB", valid.gatewayB, { token: "sandbox-token-a" })).status).toBe(401)
  })

  it("auth is checked before the body: no token + bad body is 401", async () => {
    expect((await call("gatewayASingle", { amount: "nope" }, { token: null })).status).toBe(401)
    expect((await call("gatewayC", "not json", { token: null })).status).toBe(401)
  })

  it("revoked benefits tokens are refused until a new setup", async () => {
    const old = await benefitsToken()
    sandbox.revokeBenefitTokens()
    expect((await call("discount", valid.discount, { token: old })).status).toBe(401)
    expect((await call("discount", valid.discount, { token: await benefitsToken() })).status).toBe(201)
  })

  it("setup: missing credentials 401, wrong credentials 401, malformed 400", async () => {
    expect((await call("setup", {})).status).toBe(401)
    expect((await call("setup", { user: "sandbox", branch: 1 })).status).toBe(401)
    expect((await call("setup", { ...valid.setup, password: "" })).status).toBe(401)
    expect((await call("setup", { ...valid.setup, password: "nope" })).status).toBe(401)
    expect((await call("setup", { ...valid.setup, branch: 2 })).status).toBe(401)
    expectFieldError(await call("setup", { ...valid.setup, branch: "1" }), "branch")
    expectFieldError(await call("setup", { ...valid.setup, branch: 1.5 }), "branch")
  })
})

describe("validation (400)", () => {
  it("reports every problem with its path", async () => {
    const res = await call("gatewayASingle", { ...valid.gatewayASingle, billing: { name: "", surname: "x", email: "nope" } })
    expect(res.status).toBe(400)
    expect(res.data.errors).toEqual(
      expect.arrayContaining([
        { path: "billing.name", message: "must not be empty" },
        { path: "billing.email", message: "must be an e-mail address" },
      ])
    )
    expect(res.data.message).toBe(res.data.errors.map((e: any) => `${e.path}: ${e.message}`).join("; "))
  })

  it.each([
    ["gatewayASingle", { currency: "EUR" }, "currency"],
    ["gatewayB", { currency: "USD" }, "currency"],
    ["gatewayC", { currency: undefined }, "currency"],
    ["gatewayC", { currency: "USD" }, "currency"],
  ] as const)("%s currency rule %j", async (name, patch, path) => {
    expectFieldError(await call(name, withBody(name, patch)), path)
  })

  it("discount accepts GTQ only and no more than the total", async () => {
    const token = await benefitsToken()
    expectFieldError(await call("discount", { ...valid.discount, currency: "USD" }, { token }), "currency")
    expectFieldError(await call("discount", { ...valid.discount, discount: 100.01 }, { token }), "discount")
    expect((await call("discount", { ...valid.discount, currency: "GTQ", discount: 100 }, { token })).status).toBe(201)
  })

  it.each([
    ["gatewayASingle", "GTQ", 4.99, 400],
    ["gatewayASingle", "GTQ", 5, 201],
    ["gatewayASingle", "GTQ", 25000, 201],
    ["gatewayASingle", "GTQ", 25000.01, 400],
    ["gatewayASingle", "USD", 15000, 201],
    ["gatewayASingle", "USD", 15000.01, 400],
    ["gatewayASubscription", "GTQ", 4.99, 400],
    ["gatewayASubscription", "GTQ", 25000.01, 400],
    ["gatewayASubscription", "USD", 15000.01, 400],
  ] as const)("%s %s %d -> %d", async (name, currency, amount, status) => {
    const res = await call(name, withBody(name, { currency, amount }))
    expect(res.status).toBe(status)
    if (status === 400) expectFieldError(res, "amount")
  })

  it("refuses a third decimal", async () => {
    expectFieldError(await call("gatewayASingle", withBody("gatewayASingle", { amount: 10.001 })), "amount")
    expectFieldError(await call("gatewayC", withBody("gatewayC", { amount: 10.001 })), "amount")
  })

  it.each(["3,6", "4,", "3,3,", ""])("refuses installments %j", async (installments) => {
    const res = await call("gatewayASingle", withBody("gatewayASingle", { options: { installments } }))
    expectFieldError(res, "options.installments")
  })

  it("accepts every supported installment count", async () => {
    const res = await call("gatewayASingle", withBody("gatewayASingle", { options: { installments: "3,6,12,18," } }))
    expect(res.status).toBe(201)
  })

  it("refuses a bad interval or count on subscriptions", async () => {
    expectFieldError(await call("gatewayASubscription", withBody("gatewayASubscription", { interval: "day" })), "interval")
    expectFieldError(await call("gatewayASubscription", withBody("gatewayASubscription", { count: 0 })), "count")
    expectFieldError(await call("gatewayASubscription", withBody("gatewayASubscription", { options: {} })), "options")
  })

  it("gateway B: the order must add up to the amount, in cents", async () => {
    expectFieldError(await call("gatewayB", withBody("gatewayB", { amount: 30.49 })), "order")
    const thirds = [{ reference: "a", name: "b", qty: 3, price: 0.1 }]
    expect((await call("gatewayB", withBody("gatewayB", { amount: 0.3, order: thirds }))).status).toBe(201)
    const subCent = [{ reference: "a", name: "b", qty: 3, price: 0.333 }]
    expectFieldError(await call("gatewayB", withBody("gatewayB", { amount: 1, order: subCent })), "order.0.price")
  })

  it("cancelUrl exists on gateway A and subscriptions only", async () => {
    const redirection = { successUrl: "https://shop.test/ok", cancelUrl: "https://shop.test/cancel" }
    expectFieldError(await call("gatewayB", withBody("gatewayB", { redirection })), "redirection.cancelUrl")
    expectFieldError(await call("gatewayC", withBody("gatewayC", { redirection })), "redirection.cancelUrl")
  })

  it("return addresses must be web addresses", async () => {
    const redirection = { successUrl: "javascript:alert(1)" }
    expectFieldError(await call("gatewayASingle", withBody("gatewayASingle", { redirection })), "redirection.successUrl")
  })

  it("unknown fields, missing fields and wrong types", async () => {
    const res = await call("gatewayC", { ...valid.gatewayC, extra: 1, number: "1004", description: undefined })
    expect(res.data.errors).toEqual(
      expect.arrayContaining([
        { path: "extra", message: "is not an accepted field" },
        { path: "description", message: "is required" },
        { path: "number", message: "must be an integer" },
      ])
    )
  })

  it("bodies that are not JSON objects", async () => {
    expectFieldError(await call("gatewayC", "{not json"), "body")
    expectFieldError(await call("gatewayC", "[1]"), "body")
    expectFieldError(await call("gatewayC", JSON.stringify(valid.gatewayC), { headers: { "Content-Type": "text/plain" } }), "body")
    expectFieldError(await call("setup", "nope"), "body")
  })

  it("unknown routes 404, wrong methods 405, paths match exactly", async () => {
    expect((await http.post(`${sandbox.url}/pay/v2/nope/checkouts/hosted/single`, {})).status).toBe(404)
    expect((await http.post(`${sandbox.endpointUrl("gatewayC")}/`, valid.gatewayC)).status).toBe(404)
    const get = await http.get(sandbox.endpointUrl("gatewayC"))
    expect(get.status).toBe(405)
    expect(get.headers.allow).toBe("POST")
  })
})

describe("fault injection", () => {
  it("500 once, then normal service", async () => {
    sandbox.failNext(1, "500")
    expect((await call("gatewayC", valid.gatewayC)).status).toBe(500)
    expect((await call("gatewayC", valid.gatewayC)).status).toBe(201)
  })

  it("401 even with a valid token, for the named endpoint only", async () => {
    sandbox.failNext(2, "401", "gatewayB")
    expect((await call("gatewayC", valid.gatewayC)).status).toBe(201)
    expect((await call("gatewayB", valid.gatewayB)).status).toBe(401)
    expect((await call("gatewayB", valid.gatewayB)).status).toBe(401)
    expect((await call("gatewayB", valid.gatewayB)).status).toBe(201)
  })

  it("malformed: 201 with a truncated JSON body", async () => {
    sandbox.failNext(1, "malformed", "gatewayASingle")
    const res = await call("gatewayASingle", valid.gatewayASingle, { responseType: "text", transitional: { silentJSONParsing: true } })
    expect(res.status).toBe(201)
    expect(() => JSON.parse(res.data)).toThrow()
    expect(sandbox.checkouts.size).toBe(0)
  })

  it("hang: no answer; the call stays unanswered in the log", async () => {
    sandbox.failNext(1, "hang")
    await expect(call("gatewayC", valid.gatewayC, { timeout: 200 })).rejects.toMatchObject({ code: "ECONNABORTED" })
    expect(sandbox.requests[0]).toMatchObject({ endpoint: "gatewayC", status: null })
    expect((await call("gatewayC", valid.gatewayC)).status).toBe(201)
  })

  it("refuses nonsense faults", () => {
    expect(() => sandbox.failNext(0, "500")).toThrow(/count/)
    expect(() => sandbox.failNext(1, "teapot" as never)).toThrow(/mode/)
    expect(() => sandbox.failNext(1, "500", "nope" as never)).toThrow(/endpoint/)
  })

  it("random faults: a seeded share of the named endpoints' calls, queued faults first, counted", async () => {
    sandbox.setRandomFaults({ share: 0.5, modes: ["500", "401"], endpoints: ["gatewayC"], seed: 7 })
    sandbox.failNext(1, "malformed", "gatewayC")
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) statuses.push((await call("gatewayC", valid.gatewayC, { responseType: "text" })).status)
    // The queued fault is used first: a 201 with a cut-off body.
    expect(statuses[0]).toBe(201)
    const failed = statuses.slice(1).filter((s) => s !== 201)
    expect(failed.length).toBeGreaterThan(5)
    expect(failed.length).toBeLessThan(35)
    expect(new Set(failed)).toEqual(new Set([500, 401]))
    // Other endpoints are untouched.
    for (let i = 0; i < 10; i++) expect((await call("gatewayB", valid.gatewayB)).status).toBe(201)
    const injected = sandbox.faultsInjected()
    expect(injected.gatewayB).toBeUndefined()
    expect(injected.gatewayC?.malformed).toBe(1)
    expect((injected.gatewayC?.["500"] ?? 0) + (injected.gatewayC?.["401"] ?? 0)).toBe(failed.length)

    // The same seed draws the same sequence.
    sandbox.reset()
    sandbox.setRandomFaults({ share: 0.5, modes: ["500", "401"], endpoints: ["gatewayC"], seed: 7 })
    const again: number[] = []
    for (let i = 0; i < 39; i++) again.push((await call("gatewayC", valid.gatewayC)).status)
    expect(again).toEqual(statuses.slice(1))

    sandbox.setRandomFaults(null)
    expect((await call("gatewayC", valid.gatewayC)).status).toBe(201)
    expect(() => sandbox.setRandomFaults({ share: 1.5, modes: ["500"] })).toThrow(/share/)
    expect(() => sandbox.setRandomFaults({ share: 0.1, modes: [] })).toThrow(/modes/)
    expect(() => sandbox.setRandomFaults({ share: 0.1, modes: ["500"], endpoints: ["nope" as never] })).toThrow(/endpoints/)
  })

  it("late: the checkout and the discount are made, the answer comes after the deadline, and both say so", async () => {
    sandbox.failNext(1, "late", "gatewayC")
    await expect(call("gatewayC", valid.gatewayC, { timeout: 300 })).rejects.toMatchObject({ code: "ECONNABORTED" })
    expect([...sandbox.checkouts.values()].map((c) => c.answeredLate)).toEqual([true])

    const token = await benefitsToken()
    sandbox.failNext(1, "late", "discount")
    await expect(call("discount", valid.discount, { token, timeout: 300 })).rejects.toMatchObject({ code: "ECONNABORTED" })
    const ok = await call("discount", valid.discount, { token })
    expect(sandbox.discounts.map((d) => [d.answeredLate, d.cardLast4, d.discount, d.total])).toEqual([
      [true, "1234", "10", "100"],
      [false, "1234", "10", "100"],
    ])
    expect(sandbox.discounts[1].authorization).toBe(ok.data.authorization)
    expect(JSON.stringify(sandbox.discounts)).not.toContain(valid.discount.card as string)
  })

  it("close() ends calls held by a hang", async () => {
    const other = await createSandbox()
    other.failNext(1, "hang")
    const pending = http.post(other.endpointUrl("setup"), valid.setup, { timeout: 5000 })
    await new Promise((r) => setTimeout(r, 50))
    const started = Date.now()
    await other.close()
    await expect(pending).rejects.toBeTruthy()
    expect(Date.now() - started).toBeLessThan(1000)
  })
})

describe("request log", () => {
  it("records method, path, endpoint, lower-cased headers, body and status; not hosted or control calls", async () => {
    const created = await call("gatewayC", valid.gatewayC)
    await http.post(`${sandbox.url}/nope`, { a: 1 })
    await http.get(created.data.url)
    await http.get(`${sandbox.url}/__sandbox/requests`)
    expect(sandbox.requests).toHaveLength(2)
    const [first, second] = sandbox.requests
    expect(first).toMatchObject({
      method: "POST",
      path: sandbox.endpointUrl("gatewayC").slice(sandbox.url.length),
      endpoint: "gatewayC",
      body: valid.gatewayC,
      status: 201,
    })
    expect(first.headers["x-token"]).toBe("sandbox-token-c")
    expect(Number.isNaN(Date.parse(first.at))).toBe(false)
    expect(second).toMatchObject({ path: "/nope", endpoint: null, status: 404, body: { a: 1 } })
    sandbox.clearRequests()
    expect(sandbox.requests).toHaveLength(0)
  })
})

describe("hosted page", () => {
  async function create(name: EndpointName, patch: Record<string, unknown> = {}) {
    const res = await call(name, withBody(name, patch))
    expect(res.status).toBe(201)
    return res.data as { id: string; url: string }
  }

  it("shows the checkout, HTML-escaped, with Pay and Cancel forms", async () => {
    const { id, url } = await create("gatewayASingle", { description: `<script>alert("x")</script>` })
    const res = await http.get(url)
    expect(res.status).toBe(200)
    expect(res.headers["content-type"]).toMatch(/text\/html/)
    const html: string = res.data
    expect(html).toContain("<title>Sandbox checkout</title>")
    expect(html).toContain("125.50 GTQ")
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;")
    expect(html).not.toContain("<script>")
    expect(html).toContain("3, 6")
    expect(html).toContain(`action="${id}/pay"><button id="pay"`)
    expect(html).toContain(`action="${id}/cancel"><button id="cancel"`)
  })

  it("shows the subscription period", async () => {
    const { url } = await create("gatewayASubscription")
    expect((await http.get(url)).data).toContain("every 2 weeks")
  })

  it("Pay: 303 to successUrl, then 409 on a second Pay", async () => {
    const { id, url } = await create("gatewayASingle")
    const res = await http.post(`${url}/pay`)
    expect(res.status).toBe(303)
    expect(res.headers.location).toBe("https://shop.test/ok")
    expect(sandbox.checkouts.get(id)?.state).toBe("paid")
    expect((await http.post(`${url}/pay`)).status).toBe(409)
    expect((await http.post(`${url}/cancel`)).status).toBe(409)
  })

  it("Cancel: 303 to cancelUrl on gateway A", async () => {
    const { id, url } = await create("gatewayASubscription")
    const res = await http.post(`${url}/cancel`)
    expect(res.status).toBe(303)
    expect(res.headers.location).toBe("https://shop.test/cancel")
    expect(sandbox.checkouts.get(id)?.state).toBe("canceled")
  })

  it("without a return address: a page saying so", async () => {
    const b = await create("gatewayB")
    const canceled = await http.post(`${b.url}/cancel`)
    expect(canceled.status).toBe(200)
    expect(canceled.data).toContain("no cancel address")
    const c = await create("gatewayC")
    const paid = await http.post(`${c.url}/pay`)
    expect(paid.status).toBe(200)
    expect(paid.data).toContain("no return address")
  })

  it("unknown checkout: 404 page", async () => {
    expect((await http.get(`${sandbox.publicUrl}/hosted/chk_nope`)).status).toBe(404)
    expect((await http.post(`${sandbox.publicUrl}/hosted/chk_nope/pay`)).status).toBe(404)
  })

  it("expired checkout: 410", async () => {
    const short = await createSandbox({ checkoutTtlMinutes: 0.001 })
    try {
      const res = await http.post(short.endpointUrl("gatewayC"), valid.gatewayC, { headers: { "X-Token": "sandbox-token-c" } })
      await new Promise((r) => setTimeout(r, 100))
      expect((await http.post(`${res.data.url}/pay`)).status).toBe(410)
    } finally {
      await short.close()
    }
  })
})

describe("control API", () => {
  const control = (path: string) => `${sandbox.url}/__sandbox${path}`

  it("requests, fail, checkouts, revoke, reset", async () => {
    const created = await call("gatewayC", valid.gatewayC)
    const log = await http.get(control("/requests"))
    expect(log.data.requests).toHaveLength(1)
    expect(log.data.requests[0]).toMatchObject({ endpoint: "gatewayC", status: 201 })

    expect((await http.delete(control("/requests"))).status).toBe(204)
    expect(sandbox.requests).toHaveLength(0)

    const checkout = await http.get(control(`/checkouts/${created.data.id}`))
    expect(checkout.data).toMatchObject({ id: created.data.id, state: "open", expired: false, amount: "10.00" })
    expect((await http.get(control("/checkouts/nope"))).status).toBe(404)

    expect((await http.post(control("/fail"), { count: 1, mode: "500", endpoint: "gatewayC" })).status).toBe(200)
    expect((await call("gatewayC", valid.gatewayC)).status).toBe(500)
    expectFieldError(await http.post(control("/fail"), { count: 1, mode: "teapot" }), "mode")
    expectFieldError(await http.post(control("/fail"), { count: 1, mode: "500", endpoint: "nope" }), "endpoint")

    const token = await benefitsToken()
    expect((await http.post(control("/revoke-benefit-tokens"))).status).toBe(204)
    expect((await call("discount", valid.discount, { token })).status).toBe(401)

    const random = await http.put(control("/faults/random"), { share: 1, modes: ["401"], endpoints: ["gatewayC"], seed: 3 })
    expect(random.data.random).toEqual({ share: 1, modes: ["401"], endpoints: ["gatewayC"], seed: 3 })
    expect((await call("gatewayC", valid.gatewayC)).status).toBe(401)
    expect((await http.get(control("/faults"))).data).toMatchObject({ random: { share: 1 }, injected: { gatewayC: { "500": 1, "401": 1 } } })
    expectFieldError(await http.put(control("/faults/random"), { share: 2, modes: ["401"] }), "share")
    expect((await http.delete(control("/faults/random"))).status).toBe(204)
    expect((await call("gatewayC", valid.gatewayC)).status).toBe(201)
    await call("discount", valid.discount, { token: await benefitsToken() })
    expect((await http.get(control("/discounts"))).data.discounts).toHaveLength(1)

    await http.post(control("/fail"), { count: 5, mode: "500" })
    expect((await http.post(control("/reset"))).status).toBe(204)
    expect(sandbox.requests).toHaveLength(0)
    expect(sandbox.checkouts.size).toBe(0)
    expect(sandbox.discounts).toHaveLength(0)
    expect((await http.get(control("/faults"))).data).toEqual({ pending: [], random: null, injected: {} })
    expect((await call("gatewayC", valid.gatewayC)).status).toBe(201)
  })
})

describe("options", () => {
  it("custom tokens, credentials, paths and public URL", async () => {
    const custom = await createSandbox({
      publicUrl: "https://pay.example.test/",
      paths: { gatewayC: "other_c" },
      tokens: { gatewayC: "tok-c" },
      benefits: { user: "u", password: "p", branch: 7 },
    })
    try {
      expect(custom.endpointUrl("gatewayC")).toBe(`${custom.url}/pay/v2/other_c/checkouts/hosted/single`)
      const res = await http.post(custom.endpointUrl("gatewayC"), valid.gatewayC, { headers: { "X-Token": "tok-c" } })
      expect(res.status).toBe(201)
      expect(res.data.url).toBe(`https://pay.example.test/hosted/${res.data.id}`)
      const setup = await http.post(custom.endpointUrl("setup"), { user: "u", password: "p", branch: 7 })
      expect(setup.status).toBe(200)
    } finally {
      await custom.close()
    }
  })

  it("refuses options that would make an endpoint unreachable", async () => {
    await expect(createSandbox({ paths: { gatewayB: "same", gatewayC: "same" } })).rejects.toThrow(/same path/)
    await expect(createSandbox({ paths: { gatewayA: "a/b" } })).rejects.toThrow(/path segment/)
    // The client refuses these too: a URL parser would resolve "." and ".." away.
    await expect(createSandbox({ paths: { gatewayA: ".." } })).rejects.toThrow(/paths.gatewayA must be one URL path segment/)
    await expect(createSandbox({ checkoutTtlMinutes: 0 })).rejects.toThrow(/checkoutTtlMinutes/)
  })
})
