import { paylinkSuite } from "../helpers/suite"
import { PROVIDERS } from "../helpers/seed"
import {
  createCart,
  createPaymentLink,
  followReturn,
  landedAt,
  orderIdFrom,
  pressOnHostedPage,
  storeHeaders,
} from "../helpers/storefront"
import { signedReturn, withParam } from "../helpers/return-links"

paylinkSuite((ctx) => {
  const { api } = ctx

  const checkouts = async (filter: string) =>
    (await api.get(`/admin/paylink/checkouts?${filter}`, ctx.admin)).data
      .checkouts as any[]

  async function payThrough(providerId: string, quantity = 2) {
    const cart = await createCart(
      api,
      ctx.seed.publishableKey,
      ctx.seed.gtqRegionId,
      [{ variant_id: ctx.seed.variantId, quantity }]
    )
    const { data } = await createPaymentLink(
      api,
      ctx.seed.publishableKey,
      cart.id,
      providerId
    )
    const returnUrl = await pressOnHostedPage(
      data.payment_session.data.url,
      "pay"
    )
    const back = await followReturn(api, returnUrl)
    return { cart, session: data.payment_session, returnUrl, back }
  }

  describe.each([
    ["gateway A", PROVIDERS.gatewayA, "gatewayASingle"],
    ["gateway A subscription", PROVIDERS.subscription, "gatewayASubscription"],
    ["gateway B", PROVIDERS.gatewayB, "gatewayB"],
    ["gateway C", PROVIDERS.gatewayC, "gatewayC"],
  ])("a guest through %s", (_label, providerId, endpoint) => {
    it("gets a hosted link, pays, and comes back to an order with a captured payment", async () => {
      const { cart, session, back } = await payThrough(providerId)
      expect(session.provider_id).toBe(providerId)
      expect(session.data).toMatchObject({
        amount: "200.00",
        currency: "GTQ",
        url: expect.stringContaining("/hosted/"),
      })
      expect(session.data).not.toHaveProperty("token")

      const [sent] = ctx.sandbox.requests
      expect(ctx.sandbox.requests).toHaveLength(1)
      expect(sent.endpoint).toBe(endpoint)
      expect(sent.body).toMatchObject({
        number: session.data.number,
        amount: 200,
        currency: "GTQ",
        billing: {
          name: "Ana",
          surname: "López",
          email: "ana.lopez@example.com",
          phone: "+502 5555 1234",
        },
      })

      expect(back.status).toBe(200)
      expect(back.headers["cache-control"]).toBe("no-store")
      const orderId = orderIdFrom(landedAt(back))
      const { data } = await api.get(
        `/admin/orders/${orderId}?fields=id,total,payment_status,*payment_collections.payments,*paylink_checkouts`,
        ctx.admin
      )
      expect(data.order.total).toBe(200)
      expect(data.order.payment_status).toBe("captured")
      expect(data.order.payment_collections[0].payments[0].provider_id).toBe(
        providerId
      )
      expect(data.order.paylink_checkouts).toEqual([
        expect.objectContaining({
          status: "completed",
          number: session.data.number,
          order_id: orderId,
          cart_id: cart.id,
        }),
      ])
    })
  })

  it("sends gateway A its options, the subscription its plan, and B lines that sum to the amount", async () => {
    await payThrough(PROVIDERS.gatewayA)
    await payThrough(PROVIDERS.subscription)
    await payThrough(PROVIDERS.gatewayB, 3)
    const [a, sub, b] = ctx.sandbox.requests.map((r) => r.body as any)
    expect(a.options).toEqual({ allowTransfer: true, installments: "3,6," })
    expect(a.redirection).toEqual({
      successUrl: expect.any(String),
      cancelUrl: expect.any(String),
    })
    expect(sub).toMatchObject({ interval: "month", count: 1 })
    expect(sub).not.toHaveProperty("options")
    expect(Object.keys(b.redirection)).toEqual(["successUrl"])
    expect(b.order).toEqual([
      {
        reference: expect.any(String),
        name: expect.stringContaining("Café"),
        qty: 3,
        price: 100,
      },
    ])
    expect(b.amount).toBe(300)
    // Numbers increase from one link to the next.
    expect(a.number).toBeLessThan(sub.number)
    expect(sub.number).toBeLessThan(b.number)
  })

  it("never lets the storefront set the plan, the amount or the items on the standard route", async () => {
    const cart = await createCart(
      api,
      ctx.seed.publishableKey,
      ctx.seed.gtqRegionId,
      [{ variant_id: ctx.seed.variantId, quantity: 1 }]
    )
    const {
      data: { payment_collection },
    } = await api.post(
      "/store/payment-collections",
      { cart_id: cart.id },
      storeHeaders(ctx.seed.publishableKey)
    )
    await api.post(
      `/store/payment-collections/${payment_collection.id}/payment-sessions`,
      {
        provider_id: PROVIDERS.subscription,
        data: {
          interval: "week",
          count: 9,
          amount: 1,
          order_items: [{ reference: "x", name: "x", qty: 1, price: 1 }],
          session_id: "payses_fake",
        },
      },
      storeHeaders(ctx.seed.publishableKey)
    )
    const body = ctx.sandbox.requests[0].body as any
    expect(body).toMatchObject({ interval: "month", count: 1, amount: 100 })
    expect(body.billing).toMatchObject({
      name: "Ana",
      email: "ana.lopez@example.com",
    })
  })

  it("answers 400 naming the missing billing fields on the standard route, before any network call", async () => {
    const cart = await createCart(
      api,
      ctx.seed.publishableKey,
      ctx.seed.gtqRegionId,
      [{ variant_id: ctx.seed.variantId, quantity: 1 }],
      {
        email: "luis@example.com",
      }
    )
    const {
      data: { payment_collection },
    } = await api.post(
      "/store/payment-collections",
      { cart_id: cart.id },
      storeHeaders(ctx.seed.publishableKey)
    )
    const res = await api
      .post(
        `/store/payment-collections/${payment_collection.id}/payment-sessions`,
        { provider_id: PROVIDERS.gatewayC },
        storeHeaders(ctx.seed.publishableKey)
      )
      .catch((e: any) => e.response)
    expect(res.status).toBe(400)
    expect(res.data.code).toBe("paylink.cart_incomplete")
    expect(ctx.sandbox.requests).toHaveLength(0)

    // Billing names sent by the storefront are enough when the cart has no address; the e-mail
    // stays the cart's.
    const ok = await api.post(
      `/store/payment-collections/${payment_collection.id}/payment-sessions`,
      {
        provider_id: PROVIDERS.gatewayC,
        data: {
          billing: {
            name: "Luis",
            surname: "Pérez",
            email: "other@example.com",
          },
        },
      },
      storeHeaders(ctx.seed.publishableKey)
    )
    expect(ok.status).toBe(200)
    expect((ctx.sandbox.requests[0].body as any).billing).toEqual({
      name: "Luis",
      surname: "Pérez",
      email: "luis@example.com",
    })
  })

  it("gives the same order to a replayed return and to the storefront's complete call", async () => {
    const { cart, returnUrl, back } = await payThrough(PROVIDERS.gatewayC)
    const orderId = orderIdFrom(landedAt(back))
    const again = await followReturn(api, returnUrl)
    expect(again.status).toBe(200)
    expect(orderIdFrom(landedAt(again))).toBe(orderId)
    const { data } = await api.post(
      `/store/carts/${cart.id}/complete`,
      {},
      storeHeaders(ctx.seed.publishableKey)
    )
    expect(data.type).toBe("order")
    expect(data.order.id).toBe(orderId)
    const { data: orders } = await api.get(`/admin/orders?fields=id`, ctx.admin)
    expect(orders.orders).toHaveLength(1)
  })

  it("places one order when the same return arrives twice at once", async () => {
    const cart = await createCart(
      api,
      ctx.seed.publishableKey,
      ctx.seed.gtqRegionId,
      [{ variant_id: ctx.seed.variantId, quantity: 1 }]
    )
    const { data } = await createPaymentLink(
      api,
      ctx.seed.publishableKey,
      cart.id,
      PROVIDERS.gatewayA
    )
    const returnUrl = await pressOnHostedPage(
      data.payment_session.data.url,
      "pay"
    )
    const [first, second] = await Promise.all([
      followReturn(api, returnUrl),
      followReturn(api, returnUrl),
    ])
    expect([first.status, second.status]).toEqual([200, 200])
    expect(orderIdFrom(landedAt(first))).toBe(orderIdFrom(landedAt(second)))
    const { data: orders } = await api.get(`/admin/orders?fields=id`, ctx.admin)
    expect(orders.orders).toHaveLength(1)
  })

  it("refuses to complete the cart before the customer has paid", async () => {
    const cart = await createCart(
      api,
      ctx.seed.publishableKey,
      ctx.seed.gtqRegionId,
      [{ variant_id: ctx.seed.variantId, quantity: 1 }]
    )
    await createPaymentLink(
      api,
      ctx.seed.publishableKey,
      cart.id,
      PROVIDERS.gatewayA
    )
    const res = await api
      .post(
        `/store/carts/${cart.id}/complete`,
        {},
        storeHeaders(ctx.seed.publishableKey)
      )
      .catch((e: any) => e.response)
    // The record says the link is not paid: Medusa's authorization of the session is refused.
    expect(res.status).toBe(400)
    expect(res.data.message).toMatch(
      /^Session: payses_\w+ was not authorized with the provider\.$/
    )
    const { data } = await api.get(`/admin/orders?fields=id`, ctx.admin)
    expect(data.orders).toHaveLength(0)
  })

  it("sends a cancel back to the payment step and completes nothing", async () => {
    const cart = await createCart(
      api,
      ctx.seed.publishableKey,
      ctx.seed.gtqRegionId,
      [{ variant_id: ctx.seed.variantId, quantity: 1 }]
    )
    const { data } = await createPaymentLink(
      api,
      ctx.seed.publishableKey,
      cart.id,
      PROVIDERS.gatewayA
    )
    const cancelUrl = await pressOnHostedPage(
      data.payment_session.data.url,
      "cancel"
    )
    const back = await followReturn(api, cancelUrl)
    expect(back.status).toBe(200)
    expect(landedAt(back)).toBe(
      `http://localhost:8000/checkout?step=payment&cart_id=${cart.id}`
    )
    expect((await checkouts(`cart_id=${cart.id}`))[0]).toMatchObject({
      status: "canceled",
      canceled_by: "customer",
    })
    const { data: orders } = await api.get(`/admin/orders?fields=id`, ctx.admin)
    expect(orders.orders).toHaveLength(0)
    const { data: cartData } = await api.get(
      `/store/carts/${cart.id}`,
      storeHeaders(ctx.seed.publishableKey)
    )
    expect(cartData.cart.completed_at).toBeFalsy()
  })

  it("answers tampered, foreign, expired and malformed return links with an error page and changes nothing", async () => {
    const cart = await createCart(
      api,
      ctx.seed.publishableKey,
      ctx.seed.gtqRegionId,
      [{ variant_id: ctx.seed.variantId, quantity: 1 }]
    )
    const { data } = await createPaymentLink(
      api,
      ctx.seed.publishableKey,
      cart.id,
      PROVIDERS.gatewayA
    )
    const session = data.payment_session
    const good = (ctx.sandbox.requests[0].body as any).redirection
      .successUrl as string
    const cancel = (ctx.sandbox.requests[0].body as any).redirection
      .cancelUrl as string
    const claims = {
      session: session.id,
      cents: 10000n,
      currency: "GTQ",
      outcome: "success" as const,
    }

    const cases: [string, string, number][] = [
      ["amount changed", withParam(good, "amount", "1"), 403],
      [
        "cancel turned into success",
        withParam(cancel, "outcome", "success"),
        403,
      ],
      [
        "expiry extended",
        withParam(
          good,
          "exp",
          String(Number(new URL(good).searchParams.get("exp")) + 3600)
        ),
        403,
      ],
      [
        "signed by another store",
        signedReturn(
          { ...claims, exp: 4102444800 },
          "another-store-secret-0123456789abcdef"
        ),
        403,
      ],
      // (A genuine success link past its expiry is a payment: money-safety.spec.ts.)
      [
        "expired",
        signedReturn({
          ...claims,
          outcome: "cancel",
          exp: Math.floor(Date.now() / 1000) - 60,
        }),
        410,
      ],
      ["no signature", withParam(good, "sig", ""), 400],
      ["not a number", withParam(good, "amount", "ten"), 400],
    ]
    for (const [label, url, status] of cases) {
      const res = await followReturn(api, url)
      expect({ label, status: res.status }).toEqual({ label, status })
      expect(String(res.data)).toMatch(/Link not accepted|Link expired/)
    }
    // A genuine signature for a session with no link.
    const unknown = await followReturn(
      api,
      signedReturn({ ...claims, session: "payses_unknown", exp: 4102444800 })
    )
    expect(unknown.status).toBe(404)

    const [record] = (
      await api.get(
        `/admin/paylink/checkouts?number=${session.data.number}`,
        ctx.admin
      )
    ).data.checkouts
    expect(record).toMatchObject({ status: "created", returned_at: null })
    const { data: orders } = await api.get(`/admin/orders?fields=id`, ctx.admin)
    expect(orders.orders).toHaveLength(0)
  })

  it("a payment through a link made before the cart changed goes to the merchant; a new link only once it is refunded", async () => {
    const cart = await createCart(
      api,
      ctx.seed.publishableKey,
      ctx.seed.gtqRegionId,
      [{ variant_id: ctx.seed.variantId, quantity: 1 }]
    )
    const first = (
      await createPaymentLink(
        api,
        ctx.seed.publishableKey,
        cart.id,
        PROVIDERS.gatewayA
      )
    ).data.payment_session
    await api.post(
      `/store/carts/${cart.id}/line-items`,
      { variant_id: ctx.seed.variantId, quantity: 1 },
      storeHeaders(ctx.seed.publishableKey)
    )

    // Paid after the cart changed: no order for the old total, the merchant settles it.
    const oldReturn = await pressOnHostedPage(first.data.url, "pay")
    const received = await followReturn(api, oldReturn)
    expect(received.status).toBe(200)
    expect(String(received.data)).toContain("We received your payment")
    const [old] = (
      await api.get(
        `/admin/paylink/checkouts?number=${first.data.number}`,
        ctx.admin
      )
    ).data.checkouts
    expect(old).toMatchObject({
      status: "needs_attention",
      canceled_by: "store",
      attention_reason: expect.stringContaining("replaced"),
    })
    expect(old.returned_at).toBeTruthy()

    // No second link while that payment awaits the merchant: the customer would pay twice.
    const refused = await createPaymentLink(
      api,
      ctx.seed.publishableKey,
      cart.id,
      PROVIDERS.gatewayA
    ).catch((e: any) => e.response)
    expect(refused.status).toBe(400)
    expect(refused.data).toMatchObject({
      code: "paylink.paid_link_pending",
      message: expect.stringContaining(`(payment link ${first.data.number})`),
    })
    // The merchant refunds it by hand; the customer can then pay the cart as it is now.
    await api.post(
      `/admin/paylink/checkouts/${old.id}/mark-refunded`,
      { note: "Refunded in gateway A's dashboard" },
      ctx.admin
    )

    const second = (
      await createPaymentLink(
        api,
        ctx.seed.publishableKey,
        cart.id,
        PROVIDERS.gatewayA
      )
    ).data.payment_session
    expect(second.id).not.toBe(first.id)
    expect(second.data.checkout_id).not.toBe(first.data.checkout_id)
    expect(second.data.amount).toBe("200.00")
    const back = await followReturn(
      api,
      await pressOnHostedPage(second.data.url, "pay")
    )
    expect(back.status).toBe(200)
    const { data } = await api.get(
      `/admin/orders/${orderIdFrom(landedAt(back))}?fields=total`,
      ctx.admin
    )
    expect(data.order.total).toBe(200)
  })
})
