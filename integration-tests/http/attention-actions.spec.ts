/**
 * The admin API tells the page which ways out of `needs_attention` can
 * succeed for each record (`actions`), from the same facts the actions check, and why Place order
 * cannot (`place_order_blocked`); the reason is stored as a code and params (`attention_detail`)
 * beside its English sentence, naming the order as "order #5" with its id for a link. And Create
 * payment link with no gateway answers a sentence that names the field.
 */
import { paylinkSuite } from "../helpers/suite"
import { paidWithdrawnLink } from "../helpers/attention"
import { GUEST, storeHeaders } from "../helpers/storefront"

paylinkSuite((ctx) => {
  const { api } = ctx

  const post = (path: string, body: object = {}) =>
    api.post(path, body, ctx.admin).catch((e: any) => e.response)

  it("offers only the actions that can succeed, says why Place order cannot, and stores the reason as a code and params", async () => {
    const placeable = await paidWithdrawnLink(ctx)
    const changed = await paidWithdrawnLink(ctx)
    await api.post(
      `/store/carts/${changed.cartId}/line-items`,
      { variant_id: ctx.seed.variantId, quantity: 1 },
      storeHeaders(ctx.seed.publishableKey)
    )
    const ordered = await paidWithdrawnLink(ctx, { alsoPayB: true })
    const order = ordered.order!

    const { data } = await api.get(
      `/admin/paylink/checkouts?status=needs_attention&order=created_at`,
      ctx.admin
    )
    const byId = Object.fromEntries(data.checkouts.map((c: any) => [c.id, c]))
    const a = byId[placeable.record.id]
    const c = byId[changed.record.id]
    const o = byId[ordered.record.id]

    // The stored reason: its code and params beside the English sentence.
    expect(a.attention_detail).toEqual({
      code: "link_replaced",
      params: { number: a.number, target: "cart" },
    })
    expect(a.attention_reason).toBe(
      `Link ${a.number} was paid, but the store had replaced it (the cart changed or another payment method was chosen); the cart was not completed.`
    )

    expect(a.actions).toEqual(["place_order", "mark_refunded"])
    expect(a.place_order_blocked).toBeNull()
    expect(c.actions).toEqual(["mark_refunded"])
    expect(c.place_order_blocked).toMatchObject({
      code: "cart_total_changed",
      params: { currency: "GTQ", paid: 10000, total: 20000 },
    })
    expect(c.place_order_blocked.text).toContain(
      "GTQ 100.00, but the cart's total is now GTQ 200.00"
    )
    expect(o.actions).toEqual(["mark_refunded"])
    expect(o.place_order_blocked).toMatchObject({
      code: "order_paid_by_other_link",
      params: {
        number: o.number,
        order: { id: order.id, display_id: order.display_id },
      },
    })
    expect(o.place_order_blocked.text).toBe(
      `Link ${o.number} was paid after its cart had become order #${order.display_id} with another payment link: refund one of them.`
    )
    // One record answers the same.
    expect(
      (await api.get(`/admin/paylink/checkouts/${o.id}`, ctx.admin)).data
        .checkout
    ).toMatchObject({ actions: ["mark_refunded"] })
    // Chosen with `fields`, the computed fields are answered when named, from the whole record
    // (its status need not be among the fields), and not answered when not named.
    expect(
      (
        await api.get(
          `/admin/paylink/checkouts/${o.id}?fields=id,actions`,
          ctx.admin
        )
      ).data.checkout
    ).toEqual({ id: o.id, actions: ["mark_refunded"] })
    const listed = (
      await api.get(
        `/admin/paylink/checkouts?number=${o.number}&fields=id,number,place_order_blocked`,
        ctx.admin
      )
    ).data.checkouts
    expect(listed).toEqual([
      {
        id: o.id,
        number: o.number,
        place_order_blocked: expect.objectContaining({
          code: "order_paid_by_other_link",
        }),
      },
    ])

    // What is not offered is what the server refuses; what is offered succeeds.
    expect(
      (await post(`/admin/paylink/checkouts/${o.id}/place-order`)).status
    ).toBe(400)
    expect(
      (await post(`/admin/paylink/checkouts/${c.id}/place-order`)).status
    ).toBe(400)
    const placed = await post(`/admin/paylink/checkouts/${a.id}/place-order`)
    expect(placed.status).toBe(200)
    expect(placed.data.checkout).toMatchObject({
      status: "completed",
      actions: [],
      place_order_blocked: null,
    })

    // The refused Place order restated the ordered link's reason: now it names the order.
    const after = (await api.get(`/admin/paylink/checkouts/${o.id}`, ctx.admin))
      .data.checkout
    expect(after.attention_detail).toEqual({
      code: "order_paid_by_other_link",
      params: {
        number: o.number,
        target: "cart",
        order: { id: order.id, display_id: order.display_id },
      },
    })
  })

  it("Create payment link with no gateway: a sentence naming the field", async () => {
    const draftId = (
      await api.post(
        `/admin/draft-orders`,
        {
          email: GUEST.email,
          region_id: ctx.seed.gtqRegionId,
          items: [{ variant_id: ctx.seed.variantId, quantity: 1 }],
          billing_address: GUEST.billing_address,
          shipping_address: GUEST.billing_address,
        },
        ctx.admin
      )
    ).data.draft_order.id
    // Left out: Medusa's own words for a missing field.
    const missing = await post(
      `/admin/paylink/orders/${draftId}/payment-links`,
      {}
    )
    expect(missing.status).toBe(400)
    expect(missing.data.message).toBe(
      "Invalid request: Field 'provider_id' is required"
    )
    // Chosen as nothing (the admin's empty select): one sentence, not also the prefix rule's.
    const empty = await post(`/admin/paylink/orders/${draftId}/payment-links`, {
      provider_id: "",
    })
    expect(empty.status).toBe(400)
    expect(empty.data.message).toBe(
      "Invalid request: provider_id is required: choose the gateway that makes the link (a payment-link provider such as pp_paylink-gateway-a_default)."
    )
    const wrong = await post(`/admin/paylink/orders/${draftId}/payment-links`, {
      provider_id: "pp_system_default",
    })
    expect(wrong.status).toBe(400)
    expect(wrong.data.message).toMatch(
      /provider_id must be a payment-link provider: an id starting with pp_paylink-, such as pp_paylink-gateway-a_default\.$/
    )
  })
})
