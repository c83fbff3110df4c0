/**
 * The sandbox's front page (what its address shows in a browser): recent checkouts with their state
 * and a link to each hosted page, the discounts granted, and the fault switches as plain forms.
 * First the render (a pure function of the sandbox's state), then the routes over HTTP.
 */
import axios from "axios"
import { renderFrontPage, type FrontPageView } from "../front-page"
import { createSandbox } from "../server"
import type { SandboxCheckout, SandboxDiscount, SandboxHandle } from "../types"

const NOW = new Date("2025-05-01T12:00:00.000Z")

function checkout(
  patch: Partial<SandboxCheckout> & { id: string }
): SandboxCheckout {
  return {
    endpoint: "gatewayC",
    request: {
      number: 7,
      description: "Order 7",
      amount: 10,
      currency: "GTQ",
      billing: { name: "Ana", surname: "López", email: "ana@example.com" },
    },
    response: {
      id: patch.id,
      url: `http://127.0.0.1:4010/hosted/${patch.id}`,
      metadata: { expiration: "2025-05-01T13:00:00Z" },
    },
    url: `http://127.0.0.1:4010/hosted/${patch.id}`,
    amount: "10.00",
    currency: "GTQ",
    createdAt: "2025-05-01T11:50:00.000Z",
    expiresAt: "2025-05-01T12:50:00.000Z",
    state: "open",
    settledAt: null,
    renewals: [],
    answeredLate: false,
    ...patch,
  } as SandboxCheckout
}

const discount: SandboxDiscount = {
  authorization: "AUTH1",
  confirmation: "CONF1",
  cardLast4: "5678",
  discount: "20.00",
  total: "200.00",
  at: "2025-05-01T11:55:00.000Z",
  answeredLate: false,
}

function view(patch: Partial<FrontPageView> = {}): FrontPageView {
  return {
    apiUrl: "http://127.0.0.1:4010",
    checkouts: [],
    discounts: [],
    pending: [],
    random: null,
    injected: {},
    now: NOW,
    problems: [],
    ...patch,
  }
}

describe("renderFrontPage", () => {
  it("lists checkouts newest first, with state, amount and a link to open each hosted page", () => {
    const html = renderFrontPage(
      view({
        checkouts: [
          checkout({
            id: "older",
            createdAt: "2025-05-01T10:00:00.000Z",
            state: "paid",
            settledAt: "2025-05-01T10:01:00.000Z",
          }),
          checkout({
            id: "newer",
            createdAt: "2025-05-01T11:59:00.000Z",
            amount: "184.50",
          }),
          checkout({
            id: "overdue",
            createdAt: "2025-05-01T09:00:00.000Z",
            expiresAt: "2025-05-01T10:00:00.000Z",
          }),
        ],
      })
    )
    expect(html.indexOf('href="/hosted/newer"')).toBeGreaterThan(-1)
    expect(html.indexOf('href="/hosted/newer"')).toBeLessThan(
      html.indexOf('href="/hosted/older"')
    )
    expect(html.indexOf('href="/hosted/older"')).toBeLessThan(
      html.indexOf('href="/hosted/overdue"')
    )
    expect(html).toContain("184.50 GTQ")
    const row = (id: string) =>
      html.slice(
        html.indexOf(`href="/hosted/${id}"`) - 600,
        html.indexOf(`href="/hosted/${id}"`)
      )
    expect(row("older")).toContain(">paid<")
    expect(row("newer")).toContain(">open<")
    // An open checkout past its expiry answers 410: the page says "expired", as the control API does.
    expect(row("overdue")).toContain(">expired<")
  })

  it("escapes everything a merchant's request carried", () => {
    const html = renderFrontPage(
      view({
        checkouts: [
          checkout({
            id: 'x"><script>alert(1)</script>',
            request: {
              number: 1,
              description: "<img src=x onerror=alert(2)>",
              amount: 10,
              currency: "GTQ",
              billing: {
                name: "<b>Ana</b>",
                surname: "O'Brien & Co",
                email: "a@example.com",
              },
            },
          } as Partial<SandboxCheckout> & { id: string }),
        ],
      })
    )
    expect(html).not.toContain("<script>alert")
    expect(html).not.toContain("<img src=x")
    expect(html).not.toContain("<b>Ana</b>")
    expect(html).toContain("&lt;img src=x onerror=alert(2)&gt;")
    expect(html).toContain("O&#39;Brien &amp; Co")
    // The id is both escaped in the text and percent-encoded in the link.
    expect(html).toContain(
      `href="/hosted/${encodeURIComponent('x"><script>alert(1)</script>')}"`
    )
  })

  it("says how to make a checkout when there is none yet", () => {
    const html = renderFrontPage(view())
    expect(html).toContain("No checkouts yet")
    expect(html).toContain("http://127.0.0.1:4010")
  })

  it("shows the most recent 50 checkouts and says how many are left out", () => {
    const many = Array.from({ length: 53 }, (_, i) =>
      checkout({
        id: `c${i}`,
        createdAt: new Date(NOW.getTime() - (53 - i) * 1000).toISOString(),
      })
    )
    const html = renderFrontPage(view({ checkouts: many }))
    expect(html).toContain('href="/hosted/c52"')
    expect(html).not.toContain('href="/hosted/c2"')
    expect(html).toContain("3 older checkouts are not shown")
  })

  it("lists the discounts granted, by the card's last four digits", () => {
    const html = renderFrontPage(
      view({ discounts: [{ ...discount, answeredLate: true }] })
    )
    expect(html).toContain("5678")
    expect(html).toContain("20.00")
    expect(html).toContain("200.00")
    expect(html).toContain("answered late")
  })

  it("has the fault switches as plain forms: queue faults, set and stop random faults, reset", () => {
    const html = renderFrontPage(view())
    expect(html).toMatch(
      /<form method="post" action="\/__sandbox\/forms\/fail">/
    )
    expect(html).toMatch(
      /<form method="post" action="\/__sandbox\/forms\/random">/
    )
    expect(html).toMatch(
      /<form method="post" action="\/__sandbox\/forms\/reset">/
    )
    for (const mode of ["500", "401", "hang", "malformed", "late"])
      expect(html).toContain(`value="${mode}"`)
    for (const endpoint of [
      "gatewayASingle",
      "gatewayASubscription",
      "gatewayB",
      "gatewayC",
      "discount",
      "setup",
    ]) {
      expect(html).toContain(`value="${endpoint}"`)
    }
    expect(html).not.toContain("/__sandbox/forms/random/stop") // nothing to stop
    expect(html).not.toContain("<script")
  })

  it("shows pending faults, the random policy with a stop button, and the faults injected", () => {
    const html = renderFrontPage(
      view({
        pending: [{ remaining: 2, mode: "hang", endpoint: "gatewayB" }],
        random: {
          share: 0.25,
          modes: ["500", "late"],
          endpoints: null,
          seed: 7,
        },
        injected: { gatewayC: { "500": 3 } },
      })
    )
    expect(html).toContain("2 × hang on gatewayB")
    expect(html).toContain("25% of calls")
    expect(html).toContain("500, late")
    expect(html).toContain("seed 7")
    expect(html).toMatch(
      /<form method="post" action="\/__sandbox\/forms\/random\/stop">/
    )
    expect(html).toMatch(/gatewayC[\s\S]{0,80}500[\s\S]{0,40}3/)
  })

  it("names the field and the rule of a refused form", () => {
    const html = renderFrontPage(
      view({
        problems: [
          { path: "count", message: "must be a positive whole number" },
        ],
      })
    )
    expect(html).toContain("count: must be a positive whole number")
  })
})

describe("front page over HTTP", () => {
  let sandbox: SandboxHandle
  const http = axios.create({
    validateStatus: () => true,
    maxRedirects: 0,
    timeout: 3000,
  })
  const form = (
    path: string,
    fields: Array<[string, string]>,
    headers: Record<string, string> = {}
  ) =>
    http.post(`${sandbox.url}${path}`, new URLSearchParams(fields).toString(), {
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...headers,
      },
    })
  const makeCheckout = () =>
    http.post(
      sandbox.endpointUrl("gatewayC"),
      {
        number: 9,
        description: "Order <9>",
        amount: 12.5,
        currency: "GTQ",
        billing: { name: "Ana", surname: "López", email: "ana@example.com" },
      },
      { headers: { "X-Token": "sandbox-token-c" } }
    )

  beforeAll(async () => {
    sandbox = await createSandbox()
  })
  afterAll(async () => {
    await sandbox.close()
  })
  beforeEach(() => sandbox.reset())

  it("answers its address with the page, no scripts allowed, and each checkout's link opens its hosted page", async () => {
    const created = await makeCheckout()
    expect(created.status).toBe(201)
    const res = await http.get(`${sandbox.url}/`)
    expect(res.status).toBe(200)
    expect(res.headers["content-type"]).toMatch(/^text\/html/)
    expect(res.headers["content-security-policy"]).toContain(
      "default-src 'none'"
    )
    expect(res.headers["content-security-policy"]).toContain(
      "form-action 'self'"
    )
    expect(res.data).toContain("Order &lt;9&gt;")
    const href = new RegExp(`href="(/hosted/${created.data.id})"`).exec(
      res.data
    )?.[1]
    expect(href).toBeDefined()
    const hosted = await http.get(`${sandbox.url}${href}`)
    expect(hosted.status).toBe(200)
    expect(hosted.data).toContain('id="pay"')
    // The page and its forms are not API calls: the request log holds only the checkout's creation.
    expect(sandbox.requests.map((r) => r.endpoint)).toEqual(["gatewayC"])
  })

  it("queues faults from its form, then shows them; a refused form names the field and changes nothing", async () => {
    const queued = await form("/__sandbox/forms/fail", [
      ["count", "2"],
      ["mode", "500"],
      ["endpoint", "gatewayC"],
    ])
    expect(queued.status).toBe(303)
    expect(queued.headers.location).toBe("/")
    expect((await http.get(`${sandbox.url}/`)).data).toContain(
      "2 × 500 on gatewayC"
    )
    expect((await makeCheckout()).status).toBe(500)

    const refused = await form("/__sandbox/forms/fail", [
      ["count", "0"],
      ["mode", "teapot"],
      ["endpoint", ""],
    ])
    expect(refused.status).toBe(400)
    expect(refused.headers["content-type"]).toMatch(/^text\/html/)
    expect(refused.data).toContain("count: ")
    expect(refused.data).toContain("mode: ")
    expect(
      (await http.get(`${sandbox.url}/__sandbox/faults`)).data.pending
    ).toEqual([{ remaining: 1, mode: "500", endpoint: "gatewayC" }])

    // "Any endpoint" is the empty choice.
    expect(
      (
        await form("/__sandbox/forms/fail", [
          ["count", "1"],
          ["mode", "hang"],
          ["endpoint", ""],
        ])
      ).status
    ).toBe(303)
    expect(
      (await http.get(`${sandbox.url}/__sandbox/faults`)).data.pending
    ).toContainEqual({ remaining: 1, mode: "hang", endpoint: null })
  })

  it("sets random faults from its form (several modes, any endpoint, a seed) and stops them", async () => {
    const set = await form("/__sandbox/forms/random", [
      ["share", "0.5"],
      ["modes", "500"],
      ["modes", "late"],
      ["seed", "7"],
    ])
    expect(set.status).toBe(303)
    expect(
      (await http.get(`${sandbox.url}/__sandbox/faults`)).data.random
    ).toEqual({ share: 0.5, modes: ["500", "late"], endpoints: null, seed: 7 })

    const onlyB = await form("/__sandbox/forms/random", [
      ["share", "1"],
      ["modes", "401"],
      ["endpoints", "gatewayB"],
      ["seed", ""],
    ])
    expect(onlyB.status).toBe(303)
    expect(
      (await http.get(`${sandbox.url}/__sandbox/faults`)).data.random
    ).toEqual({ share: 1, modes: ["401"], endpoints: ["gatewayB"], seed: 1 })

    const refused = await form("/__sandbox/forms/random", [["share", "2"]])
    expect(refused.status).toBe(400)
    expect(refused.data).toContain("share: ")
    expect(refused.data).toContain("modes: ")
    expect(
      (await http.get(`${sandbox.url}/__sandbox/faults`)).data.random.share
    ).toBe(1)

    expect((await form("/__sandbox/forms/random/stop", [])).status).toBe(303)
    expect(
      (await http.get(`${sandbox.url}/__sandbox/faults`)).data.random
    ).toBeNull()
  })

  it("resets from its form", async () => {
    await makeCheckout()
    expect((await form("/__sandbox/forms/reset", [])).status).toBe(303)
    expect(sandbox.checkouts.size).toBe(0)
  })

  it("refuses a form posted from another site (a page elsewhere must not switch faults on)", async () => {
    const res = await form(
      "/__sandbox/forms/fail",
      [
        ["count", "1"],
        ["mode", "500"],
      ],
      { Origin: "https://evil.example" }
    )
    expect(res.status).toBe(403)
    expect(
      (await http.get(`${sandbox.url}/__sandbox/faults`)).data.pending
    ).toEqual([])
    const sameSite = await form(
      "/__sandbox/forms/fail",
      [
        ["count", "1"],
        ["mode", "500"],
      ],
      { Origin: sandbox.url }
    )
    expect(sameSite.status).toBe(303)
  })

  it("leaves the API's own answers alone: other paths are still JSON 404s", async () => {
    const res = await http.get(`${sandbox.url}/nope`)
    expect(res.status).toBe(404)
    expect(res.data).toEqual({ message: "Not found: GET /nope" })
  })
})
