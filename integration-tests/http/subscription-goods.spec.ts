/**
 * Subscription links only for subscription goods. The subscription provider
 * enrolls the customer in a recurring charge of the whole cart, shipping included: a cart holding
 * anything the merchant does not sell by subscription is refused on both store routes (and on the
 * admin's "Create payment link"), before anything is written or sent. The merchant marks products
 * or single variants in the admin; a storefront asks which providers a cart may use.
 */
import { paylinkSuite } from "../helpers/suite"
import { PROVIDERS } from "../helpers/seed"
import {
  createCart,
  createPaymentLink,
  GUEST,
  storeHeaders,
} from "../helpers/storefront"
import { checkoutCallsOf } from "../helpers/sandbox"

paylinkSuite((ctx) => {
  const { api } = ctx
  const key = () => ctx.seed.publishableKey
  const checkoutCalls = () => checkoutCallsOf(ctx.sandbox)
  const records = async (cartId: string) =>
    (await api.get(`/admin/paylink/checkouts?cart_id=${cartId}`, ctx.admin))
      .data.checkouts as any[]

  /** A product of the store's sales channel, priced in GTQ and USD, through the admin API. */
  async function createProduct(title: string, variants: [string, number][]) {
    const { data: channels } = await api.get(
      `/admin/sales-channels?name=Web`,
      ctx.admin
    )
    const { data } = await api.post(
      `/admin/products`,
      {
        title,
        status: "published",
        options: [{ title: "Presentación", values: variants.map(([v]) => v) }],
        variants: variants.map(([v, gtq]) => ({
          title: v,
          options: { Presentación: v },
          manage_inventory: false,
          prices: [
            { amount: gtq, currency_code: "gtq" },
            { amount: gtq / 5, currency_code: "usd" },
          ],
        })),
        sales_channels: [{ id: channels.sales_channels[0].id }],
      },
      ctx.admin
    )
    const product = data.product
    return {
      id: product.id as string,
      variant: (t: string) =>
        product.variants.find((v: any) => v.title === t).id as string,
    }
  }

  const markSubscription = (productId: string, body: unknown) =>
    api
      .post(
        `/admin/paylink/products/${productId}/subscription`,
        body,
        ctx.admin
      )
      .catch((e: any) => e.response)

  const providersOf = async (cartId: string) =>
    (
      await api.get(
        `/store/carts/${cartId}/payment-link-providers`,
        storeHeaders(key())
      )
    ).data.payment_providers as any[]

  it("refuses a subscription link for ordinary goods on both store routes, before any call or write", async () => {
    const honey = await createProduct("Miel de Petén", [["500 ml", 60]])
    const textile = await createProduct("Textil de Sololá", [["1,5 m", 250]])

    // The cart: two ordinary products, through the plugin's route.
    const ordinary = await createCart(api, key(), ctx.seed.gtqRegionId, [
      { variant_id: honey.variant("500 ml"), quantity: 1 },
      { variant_id: textile.variant("1,5 m"), quantity: 1 },
    ])
    const refused = await createPaymentLink(
      api,
      key(),
      ordinary.id,
      PROVIDERS.subscription
    ).catch((e: any) => e.response)
    expect(refused.status).toBe(400)
    expect(refused.data.type).toBe("invalid_data")
    // The customer's sentence names the products; the provider id stays in the log.
    expect(refused.data.code).toBe("paylink.subscription_only")
    expect(refused.data.message).not.toContain(PROVIDERS.subscription)
    expect(refused.data.message).toContain("sold by subscription")
    expect(refused.data.message).toContain('"Miel de Petén (500 ml)"')
    expect(refused.data.message).toContain('"Textil de Sololá (1,5 m)"')

    // A subscription product beside an ordinary one, through Medusa's payment-sessions route: only
    // the ordinary one is named.
    const mixed = await createCart(api, key(), ctx.seed.gtqRegionId, [
      { variant_id: ctx.seed.variantId, quantity: 1 },
      { variant_id: honey.variant("500 ml"), quantity: 2 },
    ])
    const {
      data: { payment_collection },
    } = await api.post(
      "/store/payment-collections",
      { cart_id: mixed.id },
      storeHeaders(key())
    )
    const core = await api
      .post(
        `/store/payment-collections/${payment_collection.id}/payment-sessions`,
        { provider_id: PROVIDERS.subscription },
        storeHeaders(key())
      )
      .catch((e: any) => e.response)
    expect(core.status).toBe(400)
    expect(core.data.code).toBe("paylink.subscription_only")
    expect(core.data.message).toContain('"Miel de Petén (500 ml)"')
    expect(core.data.message).not.toContain("Café de Huehuetenango")

    // Nothing sent, nothing written: no checkout record, no payment session, no collection made.
    expect(checkoutCalls()).toHaveLength(0)
    expect(await records(ordinary.id)).toHaveLength(0)
    expect(await records(mixed.id)).toHaveLength(0)
    const cartOf = async (id: string) =>
      (
        await api.get(
          `/store/carts/${id}?fields=id,payment_collection.id,*payment_collection.payment_sessions`,
          storeHeaders(key())
        )
      ).data.cart
    expect((await cartOf(ordinary.id)).payment_collection).toBeFalsy()
    expect(
      (await cartOf(mixed.id)).payment_collection.payment_sessions
    ).toEqual([])

    // The same carts pay with a one-time gateway.
    const once = await createPaymentLink(
      api,
      key(),
      ordinary.id,
      PROVIDERS.gatewayA
    )
    expect(once.status).toBe(200)
    expect(checkoutCalls().map((r) => r.endpoint)).toEqual(["gatewayASingle"])
  })

  it("accepts a marked product, and a marked variant while another variant of that product is refused", async () => {
    // The seed's product is marked as a whole (metadata.paylink_subscription = true).
    const marked = await createCart(api, key(), ctx.seed.gtqRegionId, [
      { variant_id: ctx.seed.variantId, quantity: 1 },
    ])
    const ok = await createPaymentLink(
      api,
      key(),
      marked.id,
      PROVIDERS.subscription
    )
    expect(ok.status).toBe(200)
    expect(checkoutCalls().map((r) => r.endpoint)).toEqual([
      "gatewayASubscription",
    ])

    // One variant of a product marked in the admin: the monthly box, not the single bar.
    const chocolate = await createProduct("Chocolate de Cobán", [
      ["Caja mensual", 90],
      ["Tableta", 45],
    ])
    const set = await markSubscription(chocolate.id, {
      variants: [{ id: chocolate.variant("Caja mensual"), subscription: true }],
    })
    expect(set.status).toBe(200)
    expect(set.data.product).toMatchObject({
      id: chocolate.id,
      title: "Chocolate de Cobán",
      subscription: false,
    })
    expect(set.data.product.variants).toEqual(
      expect.arrayContaining([
        {
          id: chocolate.variant("Caja mensual"),
          title: "Caja mensual",
          subscription: true,
          sold_by_subscription: true,
        },
        {
          id: chocolate.variant("Tableta"),
          title: "Tableta",
          subscription: false,
          sold_by_subscription: false,
        },
      ])
    )
    const { data: stored } = await api.get(
      `/admin/products/${chocolate.id}?fields=metadata,variants.id,variants.metadata`,
      ctx.admin
    )
    expect(stored.product.metadata?.paylink_subscription).toBeUndefined()
    expect(
      stored.product.variants.find(
        (v: any) => v.id === chocolate.variant("Caja mensual")
      ).metadata
    ).toEqual({ paylink_subscription: true })

    const box = await createCart(api, key(), ctx.seed.gtqRegionId, [
      { variant_id: chocolate.variant("Caja mensual"), quantity: 1 },
    ])
    expect(
      (await createPaymentLink(api, key(), box.id, PROVIDERS.subscription))
        .status
    ).toBe(200)

    const bar = await createCart(api, key(), ctx.seed.gtqRegionId, [
      { variant_id: chocolate.variant("Tableta"), quantity: 1 },
    ])
    const refused = await createPaymentLink(
      api,
      key(),
      bar.id,
      PROVIDERS.subscription
    ).catch((e: any) => e.response)
    expect(refused.status).toBe(400)
    expect(refused.data.message).toContain('"Chocolate de Cobán (Tableta)"')
    expect(checkoutCalls()).toHaveLength(2)

    // Marking the whole product covers every variant; unmarking it leaves the variant's own mark.
    expect(
      (
        await markSubscription(chocolate.id, { subscription: true })
      ).data.product.variants.every((v: any) => v.sold_by_subscription)
    ).toBe(true)
    expect(
      (await createPaymentLink(api, key(), bar.id, PROVIDERS.subscription))
        .status
    ).toBe(200)
    const off = await markSubscription(chocolate.id, { subscription: false })
    expect(off.data.product.subscription).toBe(false)
    expect(
      off.data.product.variants
        .filter((v: any) => v.sold_by_subscription)
        .map((v: any) => v.title)
    ).toEqual(["Caja mensual"])
    const again = await createCart(api, key(), ctx.seed.gtqRegionId, [
      { variant_id: chocolate.variant("Tableta"), quantity: 1 },
    ])
    expect(
      (
        await createPaymentLink(
          api,
          key(),
          again.id,
          PROVIDERS.subscription
        ).catch((e: any) => e.response)
      ).status
    ).toBe(400)
  })

  it("tells a storefront which payment-link providers a cart may use, and why not", async () => {
    const honey = await createProduct("Miel de Petén", [["500 ml", 60]])
    const mixed = await createCart(api, key(), ctx.seed.gtqRegionId, [
      { variant_id: ctx.seed.variantId, quantity: 1 },
      { variant_id: honey.variant("500 ml"), quantity: 1 },
    ])
    const listed = await providersOf(mixed.id)
    expect(listed.map((p) => p.id)).toEqual(
      [
        PROVIDERS.gatewayA,
        PROVIDERS.gatewayAManual,
        PROVIDERS.subscription,
        PROVIDERS.gatewayB,
        PROVIDERS.gatewayC,
      ].sort()
    )
    expect(listed.find((p) => p.id === PROVIDERS.gatewayA)).toEqual({
      id: PROVIDERS.gatewayA,
      gateway: "gateway_a",
      subscription: false,
      available: true,
      reason: null,
      reason_code: null,
    })
    expect(listed.find((p) => p.id === PROVIDERS.subscription)).toEqual({
      id: PROVIDERS.subscription,
      gateway: "gateway_a_subscription",
      subscription: true,
      available: false,
      reason: expect.stringContaining('"Miel de Petén (500 ml)"'),
      reason_code: "not_subscription_goods",
    })

    const marked = await createCart(api, key(), ctx.seed.gtqRegionId, [
      { variant_id: ctx.seed.variantId, quantity: 1 },
    ])
    expect((await providersOf(marked.id)).every((p) => p.available)).toBe(true)

    // The gateways' currency and amount rules are answered too: B and C take GTQ only.
    const usd = await createCart(api, key(), ctx.seed.usdRegionId, [
      { variant_id: ctx.seed.variantId, quantity: 1 },
    ])
    const inUsd = await providersOf(usd.id)
    expect(inUsd.filter((p) => p.available).map((p) => p.id)).toEqual(
      [
        PROVIDERS.gatewayA,
        PROVIDERS.gatewayAManual,
        PROVIDERS.subscription,
      ].sort()
    )
    expect(inUsd.find((p) => p.id === PROVIDERS.gatewayB).reason).toContain(
      "accepts GTQ only"
    )

    const missing = await api
      .get(
        `/store/carts/cart_missing/payment-link-providers`,
        storeHeaders(key())
      )
      .catch((e: any) => e.response)
    expect(missing.status).toBe(404)
    expect(checkoutCalls()).toHaveLength(0)
  })

  it("refuses the subscription gateway for a draft order with ordinary goods in the admin", async () => {
    const honey = await createProduct("Miel de Petén", [["500 ml", 60]])
    const { data } = await api.post(
      `/admin/draft-orders`,
      {
        email: GUEST.email,
        region_id: ctx.seed.gtqRegionId,
        items: [{ variant_id: honey.variant("500 ml"), quantity: 2 }],
        billing_address: GUEST.billing_address,
        shipping_address: GUEST.billing_address,
      },
      ctx.admin
    )
    const draftId = data.draft_order.id as string
    const { data: options } = await api.get(
      `/admin/paylink/orders/${draftId}/payment-links`,
      ctx.admin
    )
    expect(
      options.options.providers.find(
        (p: any) => p.id === PROVIDERS.subscription
      )
    ).toMatchObject({
      available: false,
      reason: expect.stringContaining('"Miel de Petén (500 ml)"'),
      // The admin says it in its own language from these.
      reason_code: "not_subscription_goods",
      reason_params: { items: '"Miel de Petén (500 ml)"' },
    })
    expect(
      options.options.providers.find((p: any) => p.id === PROVIDERS.gatewayA)
    ).toMatchObject({ available: true })

    const refused = await api
      .post(
        `/admin/paylink/orders/${draftId}/payment-links`,
        { provider_id: PROVIDERS.subscription },
        ctx.admin
      )
      .catch((e: any) => e.response)
    expect(refused.status).toBe(400)
    expect(refused.data.message).toContain('"Miel de Petén (500 ml)"')
    expect(checkoutCalls()).toHaveLength(0)
    expect(
      (await api.get(`/admin/paylink/checkouts?order_id=${draftId}`, ctx.admin))
        .data.checkouts
    ).toHaveLength(0)
  })

  it("validates the admin route's body, naming the field, and changes nothing on a refusal", async () => {
    const chocolate = await createProduct("Chocolate de Cobán", [
      ["Tableta", 45],
    ])
    const cases: [unknown, string][] = [
      [{}, "Give subscription (the whole product) or variants"],
      [{ subscription: "yes" }, "subscription must be true or false"],
      [
        { variants: [] },
        "Value for field 'variants' too small, expected at least: '1'",
      ],
      [
        { variants: [{ id: chocolate.variant("Tableta") }] },
        "variants[].subscription must be true or false",
      ],
      [
        { variants: [{ id: "", subscription: true }] },
        "variants[].id must be a variant id",
      ],
      [
        { variants: [{ id: ctx.seed.variantId, subscription: true }] },
        `variants: ${ctx.seed.variantId} is not a variant of product ${chocolate.id}`,
      ],
      [{ subscription: true, price: 1 }, "Unrecognized fields: 'price'"],
    ]
    for (const [body, message] of cases) {
      const res = await markSubscription(chocolate.id, body)
      expect({ body, status: res.status }).toEqual({ body, status: 400 })
      expect(res.data.message).toContain(message)
    }
    const { data } = await api.get(
      `/admin/paylink/products/${chocolate.id}/subscription`,
      ctx.admin
    )
    expect(data.product).toEqual({
      id: chocolate.id,
      title: "Chocolate de Cobán",
      subscription: false,
      variants: [
        {
          id: chocolate.variant("Tableta"),
          title: "Tableta",
          subscription: false,
          sold_by_subscription: false,
        },
      ],
    })
    const { data: seedProduct } = await api.get(
      `/admin/products?fields=id,metadata,variants.metadata&limit=100`,
      ctx.admin
    )
    expect(
      seedProduct.products
        .find((p: any) =>
          p.variants.some((v: any) => v.id === ctx.seed.variantId)
        )
        .variants.map((v: any) => v.metadata ?? {})
    ).toEqual([{}, {}, {}])

    expect(
      (await markSubscription("prod_missing", { subscription: true })).status
    ).toBe(404)
    const anonymous = await api
      .post(`/admin/paylink/products/${chocolate.id}/subscription`, {
        subscription: true,
      })
      .catch((e: any) => e.response)
    expect(anonymous.status).toBe(401)
  })
})
