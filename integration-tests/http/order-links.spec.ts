/**
 * Pay by link from the admin: a link for exactly what an order still owes (here
 * after an order edit added an item) or for a draft order; the customer's return records the
 * payment on the order (and converts the draft), once, with the signed-return rules.
 */
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { paylinkSuite } from "../helpers/suite"
import { addItemsByEdit, paidStorefrontOrder } from "../helpers/orders"
import { PAYLINK_MODULE } from "../../src/modules/paylink"
import type PaylinkModuleService from "../../src/modules/paylink/services/paylink-module"
import { settleStrandedReturns } from "../../src/jobs/settle-stranded-paylink-returns"
import { PROVIDERS } from "../helpers/seed"
import {
  createCart,
  createPaymentLink,
  followReturn,
  GUEST,
  orderIdFrom,
  pressOnHostedPage,
  landedAt,
} from "../helpers/storefront"
import { checkoutCallsOf } from "../helpers/sandbox"

paylinkSuite((ctx) => {
  const { api } = ctx
  const checkoutCalls = () => checkoutCallsOf(ctx.sandbox)

  /** A storefront order paid through a link: GTQ 100, nothing owed. */
  const paidOrder = () => paidStorefrontOrder(ctx)
  /** An order edit that adds `quantity` × GTQ 100, confirmed: the order then owes that much. */
  const addItems = (orderId: string, quantity: number) =>
    addItemsByEdit(ctx, orderId, quantity)

  const summary = async (orderId: string) =>
    (
      await api.get(
        `/admin/orders/${orderId}?fields=id,status,is_draft_order,summary.*,*payment_collections.payments.captures`,
        ctx.admin
      )
    ).data.order

  async function draftOrder(quantity = 2) {
    const { data } = await api.post(
      `/admin/draft-orders`,
      {
        email: GUEST.email,
        region_id: ctx.seed.gtqRegionId,
        items: [{ variant_id: ctx.seed.variantId, quantity }],
        billing_address: GUEST.billing_address,
        shipping_address: GUEST.billing_address,
        locale: "es-GT",
      },
      ctx.admin
    )
    return data.draft_order.id as string
  }

  const createLink = (orderId: string, provider_id: string) =>
    api
      .post(
        `/admin/paylink/orders/${orderId}/payment-links`,
        { provider_id },
        ctx.admin
      )
      .catch((e: any) => e.response)

  it("collects an order's outstanding amount after an order edit, and records the payment on the order once", async () => {
    const orderId = await paidOrder()
    await addItems(orderId, 1)
    expect((await summary(orderId)).summary.pending_difference).toBe(100)

    const { data: options } = await api.get(
      `/admin/paylink/orders/${orderId}/payment-links`,
      ctx.admin
    )
    expect(options.options).toMatchObject({
      origin: "order",
      outstanding_amount: "100.00",
      currency_code: "gtq",
      can_send_email: true,
    })
    expect(
      options.options.providers.find((p: any) => p.id === PROVIDERS.gatewayA)
    ).toMatchObject({ available: true, reason: null })

    ctx.sandbox.clearRequests()
    const created = await createLink(orderId, PROVIDERS.gatewayA)
    expect(created.status).toBe(200)
    const link = created.data.checkout
    expect(link).toMatchObject({
      origin: "order",
      order_id: orderId,
      status: "created",
      amount: 100,
      currency_code: "gtq",
      created_by: expect.any(String),
    })
    expect(link.cart_id).toBeNull()
    expect(checkoutCalls()).toHaveLength(1)
    const sent = checkoutCalls()[0].body as any
    expect(Number(sent.amount)).toBe(100)

    // The return lands on the plugin's own page, in the customer's language.
    // The same return three times at once (a double click, a second tab): recorded once.
    const returnUrl = await pressOnHostedPage(link.url, "pay")
    const backs = await Promise.all(
      [1, 2, 3].map(() => followReturn(api, returnUrl))
    )
    expect(backs.map((b) => b.status)).toEqual([200, 200, 200])
    for (const back of backs) {
      expect(String(back.data)).toContain("Thank you for your payment")
    }

    const after = await summary(orderId)
    expect(after.summary.pending_difference).toBe(0)
    const captures = after.payment_collections.flatMap((c: any) =>
      (c.payments ?? []).flatMap((p: any) => p.captures ?? [])
    )
    // The storefront's GTQ 100 and the link's GTQ 100: two captures, never a third.
    expect(captures.map((c: any) => c.amount).sort()).toEqual([100, 100])
    const [record] = (
      await api.get(
        `/admin/paylink/checkouts?order_id=${orderId}&origin=order`,
        ctx.admin
      )
    ).data.checkouts
    expect(record).toMatchObject({
      id: link.id,
      status: "completed",
      order_id: orderId,
    })
    const paidBefore = after.summary.paid_total

    // A replay (a reload, a second tab) changes nothing.
    const again = await followReturn(api, returnUrl)
    expect(again.status).toBe(200)
    expect((await summary(orderId)).summary.paid_total).toBe(paidBefore)
    // Nothing owed any more: no new link.
    const none = await createLink(orderId, PROVIDERS.gatewayA)
    expect(none.status).toBe(400)
    expect(none.data.message).toContain("no outstanding amount")
  })

  it("a double click makes one link: 10 parallel requests, 1 service call, 1 record", async () => {
    const orderId = await paidOrder()
    await addItems(orderId, 2)
    ctx.sandbox.clearRequests()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => createLink(orderId, PROVIDERS.gatewayA))
    )
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(new Set(answers.map((a) => a.data.checkout.id)).size).toBe(1)
    expect(answers.filter((a) => a.data.reused === false)).toHaveLength(1)
    expect(checkoutCalls()).toHaveLength(1)
    const records = (
      await api.get(
        `/admin/paylink/checkouts?order_id=${orderId}&origin=order`,
        ctx.admin
      )
    ).data.checkouts
    expect(records).toHaveLength(1)

    // Another gateway replaces it: the first is withdrawn, and paying it anyway goes to the merchant.
    const first = answers[0].data.checkout
    const other = await createLink(orderId, PROVIDERS.gatewayC)
    expect(other.status).toBe(200)
    const [old] = (
      await api.get(
        `/admin/paylink/checkouts?number=${first.number}`,
        ctx.admin
      )
    ).data.checkouts
    expect(old.status).toBe("withdrawn")
    const late = await followReturn(
      api,
      await pressOnHostedPage(first.url, "pay")
    )
    expect(late.status).toBe(200)
    const [attention] = (
      await api.get(
        `/admin/paylink/checkouts?number=${first.number}`,
        ctx.admin
      )
    ).data.checkouts
    expect(attention.status).toBe("needs_attention")
    expect(attention.attention_reason).toContain("the store had withdrawn it")
    expect((await summary(orderId)).summary.pending_difference).toBe(200)

    // The live link still pays the balance.
    const paid = await followReturn(
      api,
      await pressOnHostedPage(other.data.checkout.url, "pay")
    )
    expect(paid.status).toBe(200)
    expect((await summary(orderId)).summary.pending_difference).toBe(0)
  })

  it("a draft order: the link's return records the payment and converts the draft into an order", async () => {
    const draftId = await draftOrder(2)
    const before = await summary(draftId)
    expect(before.status).toBe("draft")
    ctx.sandbox.clearRequests()
    const created = await createLink(draftId, PROVIDERS.gatewayB)
    expect(created.status).toBe(200)
    const link = created.data.checkout
    expect(link).toMatchObject({
      origin: "draft_order",
      order_id: draftId,
      amount: 200,
    })
    // Gateway B's lines itemise the whole draft and sum to the amount.
    const body = checkoutCalls()[0].body as any
    const sum = body.order.reduce(
      (acc: number, l: any) => acc + Math.round(Number(l.price) * 100) * l.qty,
      0
    )
    expect(sum).toBe(20000)

    const returnUrl = await pressOnHostedPage(link.url, "pay")
    const back = await api.get(
      new URL(returnUrl).pathname + new URL(returnUrl).search,
      {
        maxRedirects: 0,
        validateStatus: () => true,
        headers: { "accept-language": "es-GT,es;q=0.9" },
      }
    )
    expect(back.status).toBe(200)
    expect(String(back.data)).toContain("¡Gracias por su pago!")
    const order = await summary(draftId)
    expect(order.status).toBe("pending")
    expect(order.is_draft_order).toBe(false)
    expect(order.summary.pending_difference).toBe(0)
    const [record] = (
      await api.get(`/admin/paylink/checkouts?order_id=${draftId}`, ctx.admin)
    ).data.checkouts
    expect(record.status).toBe("completed")
  })

  it("an answer after the deadline leaves an unknown record; the next link withdraws it; paying it anyway reaches the merchant, not the order", async () => {
    const draftId = await draftOrder(1)
    ctx.sandbox.failNext(1, "late", "gatewayASingle")
    const lost = await createLink(draftId, PROVIDERS.gatewayA)
    expect(lost.status).toBe(500)
    const [unknown] = (
      await api.get(`/admin/paylink/checkouts?order_id=${draftId}`, ctx.admin)
    ).data.checkouts
    expect(unknown).toMatchObject({
      status: "unknown",
      checkout_id: null,
      origin: "draft_order",
    })
    // The service did make that checkout: the customer could still reach it.
    await new Promise((r) => setTimeout(r, 100))
    const orphan = [...ctx.sandbox.checkouts.values()].at(-1)!

    const retry = await createLink(draftId, PROVIDERS.gatewayA)
    expect(retry.status).toBe(200)
    expect(
      (await api.get(`/admin/paylink/checkouts/${unknown.id}`, ctx.admin)).data
        .checkout.status
    ).toBe("withdrawn")

    const paidOrphan = await followReturn(
      api,
      await pressOnHostedPage(orphan.response.url, "pay")
    )
    expect(paidOrphan.status).toBe(200)
    expect(String(paidOrphan.data)).toContain("Recibimos su pago") // the draft was made with locale es-GT, signed into its return address
    expect(
      (await api.get(`/admin/paylink/checkouts/${unknown.id}`, ctx.admin)).data
        .checkout.status
    ).toBe("needs_attention")
    expect((await summary(draftId)).status).toBe("draft")

    const paid = await followReturn(
      api,
      await pressOnHostedPage(retry.data.checkout.url, "pay")
    )
    expect(paid.status).toBe(200)
    const order = await summary(draftId)
    expect(order.status).toBe("pending")
    expect(order.summary.pending_difference).toBe(0)
  })

  it("the customer cancels on the gateway: no charge, a page that says so, and a new link from the merchant pays", async () => {
    const draftId = await draftOrder(1)
    const link = (await createLink(draftId, PROVIDERS.gatewayA)).data.checkout
    const canceled = await followReturn(
      api,
      await pressOnHostedPage(link.url, "cancel")
    )
    expect(canceled.status).toBe(200)
    expect(String(canceled.data)).toContain("No se realizó ningún cobro") // in the draft's language (es-GT)
    expect(
      (await api.get(`/admin/paylink/checkouts/${link.id}`, ctx.admin)).data
        .checkout.status
    ).toBe("canceled")
    expect((await summary(draftId)).status).toBe("draft")
    // The gateway closed that checkout; the merchant sends a new link, and the customer pays it.
    const second = (await createLink(draftId, PROVIDERS.gatewayA)).data.checkout
    expect(second.number).not.toBe(link.number)
    const paid = await followReturn(
      api,
      await pressOnHostedPage(second.url, "pay")
    )
    expect(paid.status).toBe(200)
    expect(String(paid.data)).toContain("¡Gracias por su pago!")
    expect((await summary(draftId)).status).toBe("pending")
  })

  it("refuses, before any call or record, what cannot be paid as asked: every problem named", async () => {
    const orderId = await paidOrder()
    ctx.sandbox.clearRequests()
    const nothingOwed = await createLink(orderId, PROVIDERS.gatewayA)
    expect(nothingOwed.status).toBe(400)
    expect(nothingOwed.data.message).toMatch(
      /Order \d+ cannot get a payment link: it has no outstanding amount/
    )

    const usdDraft = (
      await api.post(
        `/admin/draft-orders`,
        {
          email: GUEST.email,
          region_id: ctx.seed.usdRegionId,
          items: [{ variant_id: ctx.seed.variantId, quantity: 1 }],
        },
        ctx.admin
      )
    ).data.draft_order.id
    const gtqOnly = await createLink(usdDraft, PROVIDERS.gatewayB)
    expect(gtqOnly.status).toBe(400)
    expect(gtqOnly.data.message).toContain("currency_code:")
    const { data: options } = await api.get(
      `/admin/paylink/orders/${usdDraft}/payment-links`,
      ctx.admin
    )
    expect(
      options.options.providers.find((p: any) => p.id === PROVIDERS.gatewayB)
    ).toMatchObject({
      available: false,
      reason: expect.stringContaining("GTQ"),
      reason_code: "currency",
      reason_params: { currencies: "GTQ" },
    })

    const noEmail = (
      await api.post(
        `/admin/draft-orders`,
        {
          region_id: ctx.seed.gtqRegionId,
          items: [{ variant_id: ctx.seed.variantId, quantity: 1 }],
        },
        ctx.admin
      )
    ).data.draft_order.id
    const missing = await createLink(noEmail, PROVIDERS.gatewayA)
    expect(missing.status).toBe(400)
    expect(missing.data.message).toContain("email:")

    const notOurs = await createLink(orderId, "pp_system_default")
    expect(notOurs.status).toBe(400)
    expect(notOurs.data.message).toContain("provider_id")
    const unknownOrder = await createLink("order_missing", PROVIDERS.gatewayA)
    expect(unknownOrder.status).toBe(404)

    expect(checkoutCalls()).toHaveLength(0)
    expect(
      (
        await api.get(
          `/admin/paylink/checkouts?origin[]=order&origin[]=draft_order`,
          ctx.admin
        )
      ).data.count
    ).toBe(0)
  })

  it("refuses a link while the order holds a payment authorized and not captured: Medusa would void it", async () => {
    const orderId = await paidOrder()
    await addItems(orderId, 1)
    // As an authorize-only provider (a card held, captured later) leaves it.
    const knex = ctx
      .getContainer()
      .resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const { data } = await api.get(
      `/admin/orders/${orderId}?fields=payment_collections.payments.id`,
      ctx.admin
    )
    const paymentId = data.order.payment_collections.flatMap(
      (c: any) => c.payments
    )[0].id
    await knex("payment")
      .where({ id: paymentId })
      .update({ captured_at: null, provider_id: "pp_card_default" })
    ctx.sandbox.clearRequests()
    const refused = await createLink(orderId, PROVIDERS.gatewayA)
    expect(refused.status).toBe(400)
    expect(refused.data.message).toContain(
      "a payment authorized with pp_card_default and not captured"
    )
    expect(checkoutCalls()).toHaveLength(0)
  })

  it("a link paid after the order's balance was settled otherwise goes to the merchant, who cannot record it twice", async () => {
    const orderId = await paidOrder()
    await addItems(orderId, 1)
    const link = (await createLink(orderId, PROVIDERS.gatewayA)).data.checkout
    // The merchant takes the balance by other means (Medusa's "mark as paid" with the system provider).
    const { data } = await api.get(
      `/admin/orders/${orderId}?fields=payment_collections.id,payment_collections.status`,
      ctx.admin
    )
    const open = data.order.payment_collections.find(
      (c: any) => c.status === "not_paid" || c.status === "awaiting"
    )
    await api.post(
      `/admin/payment-collections/${open.id}/mark-as-paid`,
      { order_id: orderId },
      ctx.admin
    )
    expect((await summary(orderId)).summary.pending_difference).toBe(0)

    const back = await followReturn(
      api,
      await pressOnHostedPage(link.url, "pay")
    )
    expect(back.status).toBe(200)
    const record = (
      await api.get(`/admin/paylink/checkouts/${link.id}`, ctx.admin)
    ).data.checkout
    expect(record.status).toBe("needs_attention")
    expect(record.attention_reason).toContain(
      "the payment was not recorded on the order"
    )
    const settle = await api
      .post(`/admin/paylink/checkouts/${link.id}/place-order`, {}, ctx.admin)
      .catch((e: any) => e.response)
    expect(settle.status).toBe(400)
    expect((await summary(orderId)).summary.pending_difference).toBe(0)
    const refunded = await api.post(
      `/admin/paylink/checkouts/${link.id}/mark-refunded`,
      { note: "Refunded in gateway A's dashboard" },
      ctx.admin
    )
    expect(refunded.data.checkout.status).toBe("refunded")
  })

  it("a return interrupted after it was verified is finished by the job: the payment recorded once", async () => {
    const draftId = await draftOrder(1)
    const link = (await createLink(draftId, PROVIDERS.gatewayA)).data.checkout
    await pressOnHostedPage(link.url, "pay")
    // The process stopped right after the verified return was written, before the payment was recorded.
    const paylink = ctx
      .getContainer()
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
    await paylink.transition(link.id, "returned", {
      returned_at: new Date(Date.now() - 20 * 60_000),
    })
    expect(await settleStrandedReturns(ctx.getContainer())).toBe(1)
    const order = await summary(draftId)
    expect(order.status).toBe("pending")
    expect(order.summary.pending_difference).toBe(0)
    expect(
      (await api.get(`/admin/paylink/checkouts/${link.id}`, ctx.admin)).data
        .checkout.status
    ).toBe("completed")
    expect(await settleStrandedReturns(ctx.getContainer())).toBe(0)
  })

  it("sends an open link to the customer through the notification module, in the order's language", async () => {
    const draftId = await draftOrder(1)
    const link = (await createLink(draftId, PROVIDERS.gatewayA)).data.checkout
    const sent = await api.post(
      `/admin/paylink/checkouts/${link.id}/send`,
      {},
      ctx.admin
    )
    expect(sent.status).toBe(200)
    expect(sent.data.notification_id).toEqual(expect.any(String))
    const knex = ctx
      .getContainer()
      .resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const row = await knex("notification")
      .where({ id: sent.data.notification_id })
      .first()
    expect(row).toMatchObject({
      to: GUEST.email,
      channel: "email",
      template: "paylink-payment-link",
      resource_id: link.id,
    })
    expect(row.data).toMatchObject({
      url: link.url,
      number: link.number,
      amount: "100.00",
      currency_code: "GTQ",
      language: "es",
    })

    // Without an e-mail provider it says what to do instead, and sends nothing.
    await knex("notification_provider").update({ is_enabled: false })
    const refused = await api
      .post(`/admin/paylink/checkouts/${link.id}/send`, {}, ctx.admin)
      .catch((e: any) => e.response)
    expect(refused.status).toBe(400)
    expect(refused.data.message).toContain(
      "No notification provider is configured for the email channel"
    )
    expect(
      (
        await api.get(
          `/admin/paylink/orders/${draftId}/payment-links`,
          ctx.admin
        )
      ).data.options.can_send_email
    ).toBe(false)
    await knex("notification_provider").update({ is_enabled: true })

    // A storefront link is not the admin's to send.
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
    const [store] = (
      await api.get(
        `/admin/paylink/checkouts?number=${data.payment_session.data.number}`,
        ctx.admin
      )
    ).data.checkouts
    const notAdmin = await api
      .post(`/admin/paylink/checkouts/${store.id}/send`, {}, ctx.admin)
      .catch((e: any) => e.response)
    expect(notAdmin.status).toBe(400)
  })

  // ---- Second reading (review): each test reproduces a problem found in the flow above.
  it("a failed switch to another gateway leaves the first admin link payable, and its return records the payment", async () => {
    const orderId = await paidOrder()
    await addItems(orderId, 1)
    const first = (await createLink(orderId, PROVIDERS.gatewayA)).data.checkout
    // Gateway C answers an error: Medusa's compensation re-creates the session it deleted for the
    // first link (a new session id), and the first link is live again.
    ctx.sandbox.failNext(1, "500", "gatewayC")
    const failed = await createLink(orderId, PROVIDERS.gatewayC)
    expect(failed.status).toBe(500)
    expect(
      (await api.get(`/admin/paylink/checkouts/${first.id}`, ctx.admin)).data
        .checkout.status
    ).toBe("created")

    const back = await followReturn(
      api,
      await pressOnHostedPage(first.url, "pay")
    )
    expect(back.status).toBe(200)
    expect(String(back.data)).toContain("Thank you for your payment")
    const record = (
      await api.get(`/admin/paylink/checkouts/${first.id}`, ctx.admin)
    ).data.checkout
    expect(record).toMatchObject({
      status: "completed",
      attention_reason: null,
    })
    expect((await summary(orderId)).summary.pending_difference).toBe(0)
  })

  it("no new link while a paid link of the order awaits the merchant's confirmation: the confirmation still records it", async () => {
    // A storefront order paid through a manual-confirmation link: placed, awaiting the merchant.
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
    const placed = await followReturn(
      api,
      await pressOnHostedPage(data.payment_session.data.url, "pay")
    )
    const orderId = orderIdFrom(landedAt(placed))
    // Medusa counts nothing paid until the merchant confirms, so the order "owes" GTQ 100.
    expect((await summary(orderId)).summary.pending_difference).toBe(100)
    const [paid] = (
      await api.get(`/admin/paylink/checkouts?order_id=${orderId}`, ctx.admin)
    ).data.checkouts

    ctx.sandbox.clearRequests()
    const second = await createLink(orderId, PROVIDERS.gatewayA)
    expect(second.status).toBe(400)
    expect(second.data.message).toContain(`link ${paid.number} was paid`)
    expect(checkoutCalls()).toHaveLength(0)

    const confirmed = await api
      .post(`/admin/paylink/checkouts/${paid.id}/confirm`, {}, ctx.admin)
      .catch((e: any) => e.response)
    expect(confirmed.status).toBe(200)
    expect((await summary(orderId)).summary.pending_difference).toBe(0)

    // The same for an admin link in manual mode: paid, its draft converted, awaiting confirmation.
    const draftId = await draftOrder(1)
    const manual = (await createLink(draftId, PROVIDERS.gatewayAManual)).data
      .checkout
    expect(
      (await followReturn(api, await pressOnHostedPage(manual.url, "pay")))
        .status
    ).toBe(200)
    expect((await summary(draftId)).summary.pending_difference).toBe(100)
    const again = await createLink(draftId, PROVIDERS.gatewayB)
    expect(again.status).toBe(400)
    expect(again.data.message).toContain(`link ${manual.number} was paid`)
    expect(
      (
        await api.post(
          `/admin/paylink/checkouts/${manual.id}/confirm`,
          {},
          ctx.admin
        )
      ).status
    ).toBe(200)
    expect((await summary(draftId)).summary.pending_difference).toBe(0)
  })

  it("a return interrupted between Medusa's payment and the order transaction is finished by the job: the order is credited", async () => {
    const draftId = await draftOrder(1)
    const link = (await createLink(draftId, PROVIDERS.gatewayA)).data.checkout
    await pressOnHostedPage(link.url, "pay")
    // The process stopped after the first step of recording the payment (Medusa's payment and its
    // capture exist) and before the second (the order transaction).
    const paylink = ctx
      .getContainer()
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
    await paylink.transition(link.id, "returned", {
      returned_at: new Date(Date.now() - 20 * 60_000),
    })
    const payment = await ctx
      .getContainer()
      .resolve(Modules.PAYMENT)
      .authorizePaymentSession(link.payment_session_id, {})
    expect(payment?.id).toEqual(expect.any(String))
    expect((await summary(draftId)).summary.pending_difference).toBe(100)

    expect(await settleStrandedReturns(ctx.getContainer())).toBe(1)
    const order = await summary(draftId)
    expect(order.status).toBe("pending")
    expect(order.summary.pending_difference).toBe(0)
    expect(
      (await api.get(`/admin/paylink/checkouts/${link.id}`, ctx.admin)).data
        .checkout.status
    ).toBe("completed")
    // Once: a second pass changes nothing.
    expect(await settleStrandedReturns(ctx.getContainer())).toBe(0)
    expect((await summary(draftId)).summary.paid_total).toBe(100)
  })

  it("two merchants: a link replaced by another one and paid anyway can be recorded on the order by Record payment", async () => {
    const orderId = await paidOrder()
    await addItems(orderId, 1)
    const first = (await createLink(orderId, PROVIDERS.gatewayA)).data.checkout
    // A second merchant makes a link with another gateway: the first is withdrawn, its session deleted.
    const other = (await createLink(orderId, PROVIDERS.gatewayC)).data.checkout
    // The customer pays the first link, which they had already received.
    expect(
      (await followReturn(api, await pressOnHostedPage(first.url, "pay")))
        .status
    ).toBe(200)
    expect(
      (await api.get(`/admin/paylink/checkouts/${first.id}`, ctx.admin)).data
        .checkout.status
    ).toBe("needs_attention")
    expect((await summary(orderId)).summary.pending_difference).toBe(100)

    // The money is real and the order owes exactly that: the merchant records it.
    ctx.sandbox.clearRequests()
    const settled = await api
      .post(`/admin/paylink/checkouts/${first.id}/place-order`, {}, ctx.admin)
      .catch((e: any) => e.response)
    expect(settled.status).toBe(200)
    expect(settled.data.checkout).toMatchObject({
      status: "completed",
      order_id: orderId,
      settled_by: expect.any(String),
    })
    expect(checkoutCalls()).toHaveLength(0)
    expect((await summary(orderId)).summary.pending_difference).toBe(0)
    // The other link is no longer open; paying it anyway goes to the merchant, never onto the order.
    expect(
      (await api.get(`/admin/paylink/checkouts/${other.id}`, ctx.admin)).data
        .checkout.status
    ).toBe("withdrawn")
    expect(
      (await followReturn(api, await pressOnHostedPage(other.url, "pay")))
        .status
    ).toBe(200)
    expect(
      (await api.get(`/admin/paylink/checkouts/${other.id}`, ctx.admin)).data
        .checkout.status
    ).toBe("needs_attention")
    expect((await summary(orderId)).summary.paid_total).toBe(200)
  })
})
