/**
 * The front page's way to the reconciliation demo: each gateway's "Export transactions (CSV)" link
 * (followed, it downloads the dashboard's file) and the checkouts table's "Pay, never return".
 */
import axios from "axios"
import { createSandbox } from "../server"
import type { SandboxHandle } from "../types"

let sandbox: SandboxHandle
const http = axios.create({
  validateStatus: () => true,
  maxRedirects: 0,
  timeout: 3000,
})
const billing = { name: "Ana", surname: "López", email: "ana@example.com" }

const makeCheckout = async (number: number) => {
  const res = await http.post(
    sandbox.endpointUrl("gatewayB"),
    {
      number,
      description: `Pedido ${number}`,
      amount: 2500,
      billing,
      redirection: { successUrl: "https://shop.test/ok" },
    },
    { headers: { "X-Token": "sandbox-token-b" } }
  )
  expect(res.status).toBe(201)
  return res.data.id as string
}

const post = (path: string, headers: Record<string, string> = {}) =>
  http.post(`${sandbox.url}${path}`, "", {
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
  })

beforeAll(async () => {
  sandbox = await createSandbox()
})
afterAll(() => sandbox.close())
beforeEach(() => sandbox.reset())

it("links each gateway's export (UTF-8 and Latin-1), and the links download the dashboard's file", async () => {
  await makeCheckout(77)
  const html: string = (await http.get(`${sandbox.url}/`)).data
  const hrefs = [
    ...html.matchAll(
      /<a href="([^"]+)" download>Export transactions \(CSV\)<\/a>/g
    ),
  ].map((m) => m[1])
  expect(hrefs).toEqual([
    "/dashboard/gatewayA/transacciones.csv",
    "/dashboard/gatewayB/transacciones.csv",
    "/dashboard/gatewayC/transacciones.csv",
  ])
  expect(html).toContain(
    'href="/dashboard/gatewayB/transacciones.csv?formato=latin1"'
  )
  expect(html).toContain("Gateway A (single payments and subscriptions)")
  const file = await http.get(`${sandbox.url}${hrefs[1]}`, {
    responseType: "arraybuffer",
  })
  expect(file.status).toBe(200)
  expect(Buffer.from(file.data).toString("utf8")).toContain(
    ";Q 2,500.00;GTQ;Pendiente;"
  )
  // The period form sends each gateway's button to its own export.
  for (const key of ["gatewayA", "gatewayB", "gatewayC"])
    expect(html).toContain(`formaction="/dashboard/${key}/transacciones.csv"`)
})

it("Pay, never return: paid, sent back to the sandbox's page (never to the store), and offered for open checkouts only", async () => {
  const id = await makeCheckout(78)
  const before: string = (await http.get(`${sandbox.url}/`)).data
  const action = `/__sandbox/forms/checkouts/${id}/pay-without-return`
  expect(before).toContain(`action="${action}"`)

  const res = await post(action, { Origin: sandbox.url })
  expect(res.status).toBe(303)
  expect(res.headers.location).toBe("/")
  expect(sandbox.checkouts.get(id)).toMatchObject({
    state: "paid",
    paidAmount: "2500.00",
    cardLast4: "4242",
  })
  expect((await http.get(`${sandbox.url}/`)).data).not.toContain(
    `action="${action}"`
  )

  const again = await post(action)
  expect(again.status).toBe(409)
  expect(again.data).toContain("already paid")
  expect(
    (await post("/__sandbox/forms/checkouts/chk_gone/pay-without-return"))
      .status
  ).toBe(404)
})

it("refuses Pay, never return posted from another site, and pays nothing", async () => {
  const id = await makeCheckout(79)
  const res = await post(
    `/__sandbox/forms/checkouts/${id}/pay-without-return`,
    { Origin: "https://evil.example" }
  )
  expect(res.status).toBe(403)
  expect(sandbox.checkouts.get(id)!.state).toBe("open")
})
