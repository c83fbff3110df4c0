/** The hosted checkout page: rendering, Pay and Cancel redirects, unknown and expired checkouts. */
import type { EndpointName } from "../../lib/paylink/endpoints"
import { createSandbox } from "../server"
import {
  call,
  http,
  sandbox,
  useSandbox,
  valid,
  withBody,
} from "./helpers/sandbox-calls"

useSandbox()

describe("hosted page", () => {
  async function create(
    name: EndpointName,
    patch: Record<string, unknown> = {}
  ) {
    const res = await call(name, withBody(name, patch))
    expect(res.status).toBe(201)
    return res.data as { id: string; url: string }
  }

  it("shows the checkout, HTML-escaped, with Pay and Cancel forms", async () => {
    const { id, url } = await create("gatewayASingle", {
      description: `<script>alert("x")</script>`,
    })
    const res = await http.get(url)
    expect(res.status).toBe(200)
    expect(res.headers["content-type"]).toMatch(/text\/html/)
    const html: string = res.data
    expect(html).toContain("<title>Sandbox checkout</title>")
    expect(html).toContain("125.50 GTQ")
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;")
    expect(html).not.toContain("<script>alert")
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
    expect(
      (await http.get(`${sandbox.publicUrl}/hosted/chk_nope`)).status
    ).toBe(404)
    expect(
      (await http.post(`${sandbox.publicUrl}/hosted/chk_nope/pay`)).status
    ).toBe(404)
  })

  it("expired checkout: 410", async () => {
    const short = await createSandbox({ checkoutTtlMinutes: 0.001 })
    try {
      const res = await http.post(
        short.endpointUrl("gatewayC"),
        valid.gatewayC,
        { headers: { "X-Token": "sandbox-token-c" } }
      )
      await new Promise((r) => setTimeout(r, 100))
      expect((await http.post(`${res.data.url}/pay`)).status).toBe(410)
    } finally {
      await short.close()
    }
  })
})
