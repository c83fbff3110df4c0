import { paylinkSuite } from "../helpers/suite"
import { PROVIDERS } from "../helpers/seed"
import {
  createCart,
  createPaymentLink,
  followReturn,
  orderIdFrom,
  pressOnHostedPage,
  landedAt,
} from "../helpers/storefront"
import type PaylinkModuleService from "../../src/modules/paylink/services/paylink-module"

paylinkSuite((ctx) => {
  const { api, getContainer } = ctx

  async function pay(providerId: string) {
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
      providerId
    )
    const back = await followReturn(
      api,
      await pressOnHostedPage(data.payment_session.data.url, "pay")
    )
    expect(back.status).toBe(200)
    return {
      cart,
      session: data.payment_session,
      orderId: orderIdFrom(landedAt(back)),
    }
  }

  const order = async (id: string) =>
    (
      await api.get(
        `/admin/orders/${id}?fields=id,payment_status,*payment_collections.payments`,
        ctx.admin
      )
    ).data.order

  it("manual mode: the return places the order awaiting the merchant, who confirms it", async () => {
    const { orderId, session } = await pay(PROVIDERS.gatewayAManual)
    const before = await order(orderId)
    expect(before.payment_status).not.toBe("captured")
    expect(before.payment_collections[0].payments).toHaveLength(0)

    const [record] = (
      await api.get(`/admin/paylink/checkouts?order_id=${orderId}`, ctx.admin)
    ).data.checkouts
    expect(record).toMatchObject({
      status: "completed",
      confirmation: "manual",
      confirmed_at: null,
      number: session.data.number,
    })

    const { data } = await api.post(
      `/admin/paylink/checkouts/${record.id}/confirm`,
      {},
      ctx.admin
    )
    expect(data.checkout.confirmed_at).toBeTruthy()
    // Both read after the workflow: the record as GET answers it, the payment as it now is (captured).
    expect(data.checkout).toMatchObject({
      id: record.id,
      confirmed_by: expect.stringMatching(/^user_/),
      actions: [],
      place_order_blocked: null,
    })
    expect(data.payment).toMatchObject({
      provider_id: PROVIDERS.gatewayAManual,
      amount: session.amount,
      captured_at: expect.any(String),
    })
    expect(data.payment.captures.map((c: any) => c.amount)).toEqual([
      session.amount,
    ])
    const after = await order(orderId)
    expect(after.payment_status).toBe("captured")
    expect(after.payment_collections[0].payments[0].provider_id).toBe(
      PROVIDERS.gatewayAManual
    )

    const again = await api
      .post(`/admin/paylink/checkouts/${record.id}/confirm`, {}, ctx.admin)
      .catch((e: any) => e.response)
    expect(again.status).toBe(400)
    expect(again.data.message).toContain("already confirmed")
  })

  it("refuses to confirm a link in return mode or one whose order is not placed", async () => {
    const { orderId } = await pay(PROVIDERS.gatewayA)
    const [paid] = (
      await api.get(`/admin/paylink/checkouts?order_id=${orderId}`, ctx.admin)
    ).data.checkouts
    const res = await api
      .post(`/admin/paylink/checkouts/${paid.id}/confirm`, {}, ctx.admin)
      .catch((e: any) => e.response)
    expect(res.status).toBe(400)
    expect(res.data.message).toContain("not in manual confirmation mode")

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
      PROVIDERS.gatewayAManual
    )
    const [open] = (
      await api.get(
        `/admin/paylink/checkouts?number=${data.payment_session.data.number}`,
        ctx.admin
      )
    ).data.checkouts
    const early = await api
      .post(`/admin/paylink/checkouts/${open.id}/confirm`, {}, ctx.admin)
      .catch((e: any) => e.response)
    expect(early.status).toBe(400)
    expect(early.data.message).toContain("is created")
  })

  it("lists and reads checkout records with filters, and only for admins", async () => {
    const a = await pay(PROVIDERS.gatewayA)
    const cCart = await createCart(
      api,
      ctx.seed.publishableKey,
      ctx.seed.gtqRegionId,
      [{ variant_id: ctx.seed.variantId, quantity: 1 }]
    )
    await createPaymentLink(
      api,
      ctx.seed.publishableKey,
      cCart.id,
      PROVIDERS.gatewayC
    )

    const all = (await api.get(`/admin/paylink/checkouts`, ctx.admin)).data
    expect(all.count).toBe(2)
    const byStatus = (
      await api.get(`/admin/paylink/checkouts?status=created`, ctx.admin)
    ).data.checkouts
    expect(byStatus.map((r: any) => r.gateway)).toEqual(["gateway_c"])
    const byGateway = (
      await api.get(`/admin/paylink/checkouts?gateway=gateway_a`, ctx.admin)
    ).data.checkouts
    expect(byGateway.map((r: any) => r.order_id)).toEqual([a.orderId])
    const byOrder = (
      await api.get(`/admin/paylink/checkouts?order_id=${a.orderId}`, ctx.admin)
    ).data.checkouts
    expect(byOrder).toHaveLength(1)
    expect(byOrder[0]).toMatchObject({
      provider_id: PROVIDERS.gatewayA,
      amount: 100,
      currency_code: "gtq",
      url: expect.any(String),
    })

    const one = (
      await api.get(`/admin/paylink/checkouts/${byOrder[0].id}`, ctx.admin)
    ).data.checkout
    expect(one.id).toBe(byOrder[0].id)
    const missing = await api
      .get(`/admin/paylink/checkouts/plck_missing`, ctx.admin)
      .catch((e: any) => e.response)
    expect(missing.status).toBe(404)
    const bad = await api
      .get(`/admin/paylink/checkouts?status=paid`, ctx.admin)
      .catch((e: any) => e.response)
    expect(bad.status).toBe(400)
    const anonymous = await api
      .get(`/admin/paylink/checkouts`)
      .catch((e: any) => e.response)
    expect(anonymous.status).toBe(401)
  })

  it("expires links nobody came back through, and hands a late payment through them to the merchant", async () => {
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
      PROVIDERS.gatewayC
    )
    const paylink = getContainer().resolve<PaylinkModuleService>("paylink")
    expect(await paylink.expireOverdue(new Date())).toBe(0)
    expect(
      await paylink.expireOverdue(new Date(Date.now() + 49 * 3_600_000))
    ).toBe(1)
    const [record] = (
      await api.get(
        `/admin/paylink/checkouts?number=${data.payment_session.data.number}`,
        ctx.admin
      )
    ).data.checkouts
    expect(record.status).toBe("expired")
    // Paid anyway: the payment is not lost, the merchant settles it.
    const late = await followReturn(
      api,
      await pressOnHostedPage(data.payment_session.data.url, "pay")
    )
    expect(late.status).toBe(200)
    expect(String(late.data)).toContain("We received your payment")
    const [after] = (
      await api.get(
        `/admin/paylink/checkouts?number=${data.payment_session.data.number}`,
        ctx.admin
      )
    ).data.checkouts
    expect(after).toMatchObject({
      status: "needs_attention",
      attention_reason: expect.stringContaining("expired"),
    })
    expect(
      (await api.get(`/admin/orders?fields=id`, ctx.admin)).data.orders
    ).toHaveLength(0)
  })

  it("refuses a refund the service cannot make, and records one made by hand when configured", async () => {
    const refused = await pay(PROVIDERS.gatewayA)
    const paymentId = (await order(refused.orderId)).payment_collections[0]
      .payments[0].id
    const res = await api
      .post(`/admin/payments/${paymentId}/refund`, { amount: 50 }, ctx.admin)
      .catch((e: any) => e.response)
    expect(res.status).toBe(400)
    expect(res.data.message).toContain("gateway A has no refund call")

    const manual = await pay(PROVIDERS.gatewayAManual)
    const [record] = (
      await api.get(
        `/admin/paylink/checkouts?order_id=${manual.orderId}`,
        ctx.admin
      )
    ).data.checkouts
    await api.post(
      `/admin/paylink/checkouts/${record.id}/confirm`,
      {},
      ctx.admin
    )
    const manualPayment = (await order(manual.orderId)).payment_collections[0]
      .payments[0].id
    const ok = await api.post(
      `/admin/payments/${manualPayment}/refund`,
      { amount: 40 },
      ctx.admin
    )
    expect(ok.status).toBe(200)
    const after = (
      await api.get(`/admin/paylink/checkouts/${record.id}`, ctx.admin)
    ).data.checkout
    expect(after.refunded_amount).toBe(40)
  })
})
