import { FetchError } from "@medusajs/js-sdk"
import { createPaymentLink, payWithPaylink, PaylinkInputError } from "../index"
import { fakeBackend, type Recorded } from "./fake-backend"

const HOSTED = "http://127.0.0.1:4010/hosted/chk_1"
const session = (url: unknown) => ({
  payment_session: {
    id: "payses_1",
    provider_id: "pp_paylink-gateway-a_default",
    data: { url },
  },
})

describe("createPaymentLink", () => {
  let backend: ReturnType<typeof fakeBackend>
  let answer: (req: Recorded) => { status?: number; json: unknown }
  beforeEach(() => {
    answer = () => ({ json: session(HOSTED) })
    backend = fakeBackend((req) => answer(req))
  })
  afterEach(() => backend.restore())

  it("asks the plugin's route every time, with the provider and the caller's headers", async () => {
    expect(
      await createPaymentLink(
        backend.sdk,
        "cart_1",
        "pp_paylink-gateway-a_default",
        { headers: { authorization: "Bearer jwt" } }
      )
    ).toBe(HOSTED)
    expect(
      await createPaymentLink(
        backend.sdk,
        "cart_1",
        "pp_paylink-gateway-a_default"
      )
    ).toBe(HOSTED)
    expect(backend.requests).toHaveLength(2)
    const [first] = backend.requests
    expect(first).toMatchObject({
      method: "POST",
      path: "/store/carts/cart_1/payment-link",
      body: { provider_id: "pp_paylink-gateway-a_default" },
    })
    expect(first.headers.get("authorization")).toBe("Bearer jwt")
    expect(first.headers.get("x-publishable-api-key")).toBe("pk_test")
  })

  it("refuses a provider that is not the plugin's, or a bad cart id, before any request", async () => {
    await expect(
      createPaymentLink(backend.sdk, "cart_1", "pp_stripe_stripe")
    ).rejects.toMatchObject({ field: "provider_id", status: 400 })
    await expect(
      createPaymentLink(backend.sdk, "", "pp_paylink-gateway-a_default")
    ).rejects.toBeInstanceOf(PaylinkInputError)
    await expect(
      createPaymentLink(
        backend.sdk,
        "../admin/users",
        "pp_paylink-gateway-a_default"
      )
    ).rejects.toMatchObject({ field: "cart_id" })
    expect(backend.requests).toHaveLength(0)
  })

  it("passes the server's refusal on as the SDK's error", async () => {
    answer = () => ({
      status: 400,
      json: {
        type: "invalid_data",
        message: "Cart cart_1 cannot be paid by link yet: email: …",
      },
    })
    const err = await createPaymentLink(
      backend.sdk,
      "cart_1",
      "pp_paylink-gateway-b_default"
    ).catch((e) => e)
    expect(err).toBeInstanceOf(FetchError)
    expect(err).toMatchObject({
      status: 400,
      message: expect.stringContaining("cannot be paid by link yet"),
    })
  })

  it("never hands out an address that is not http(s)", async () => {
    for (const url of [
      "javascript:alert(1)",
      "data:text/html,x",
      "not a url",
      null,
    ]) {
      answer = () => ({ json: session(url) })
      await expect(
        createPaymentLink(backend.sdk, "cart_1", "pp_paylink-gateway-a_default")
      ).rejects.toThrow("no http(s) url")
    }
  })
})

describe("payWithPaylink", () => {
  it("creates the link, then sends the browser there", async () => {
    const backend = fakeBackend(() => ({ json: session(HOSTED) }))
    try {
      const went: string[] = []
      const url = await payWithPaylink(
        backend.sdk,
        "cart_1",
        "pp_paylink-gateway-c_default",
        { navigator: { assign: (u) => went.push(u) } }
      )
      expect(url).toBe(HOSTED)
      expect(went).toEqual([HOSTED])
    } finally {
      backend.restore()
    }
  })

  it("does not navigate when the link could not be made, and says where it runs outside a browser", async () => {
    const backend = fakeBackend(() => ({
      status: 400,
      json: { message: "refused" },
    }))
    try {
      const went: string[] = []
      await expect(
        payWithPaylink(backend.sdk, "cart_1", "pp_paylink-gateway-c_default", {
          navigator: { assign: (u) => went.push(u) },
        })
      ).rejects.toThrow("refused")
      expect(went).toEqual([])
      await expect(
        payWithPaylink(backend.sdk, "cart_1", "pp_paylink-gateway-c_default")
      ).rejects.toThrow("runs in a browser")
      expect(backend.requests).toHaveLength(1)
    } finally {
      backend.restore()
    }
  })
})
