/**
 * What happens around a link once it is paid.
 * - A.3: while a cart has a paid link the store has not settled, neither store route makes a new
 *   link for it (the customer would pay twice), even under parallel requests.
 * - A.4: a link pays exactly what its order or draft order owes: an edit withdraws the order's
 *   live admin link, and a payment that no longer matches is the merchant's, never a settled order.
 * - A.6: the storefront's own complete call after the return placed the order answers that order.
 */
import {
  confirmDraftOrderEditWorkflow,
  confirmOrderEditRequestWorkflow,
} from "@medusajs/medusa/core-flows"
import { paylinkSuite } from "../helpers/suite"
import { PROVIDERS } from "../helpers/seed"
import {
  createCart,
  createPaymentLink,
  followReturn,
  GUEST,
  orderIdFrom,
  pressOnHostedPage,
  storeHeaders,
  landedAt,
} from "../helpers/storefront"
import {
  applyBenefit,
  createRule,
  enableProgram,
  eventually,
} from "../helpers/benefits"
import { PAYLINK_MODULE } from "../../src/modules/paylink"
import type PaylinkModuleService from "../../src/modules/paylink/services/paylink-module"
import { checkoutCallsOf } from "../helpers/sandbox"

paylinkSuite((ctx) => {
  const { api, getContainer } = ctx
  const key = () => ctx.seed.publishableKey
  const checkoutCalls = () => checkoutCallsOf(ctx.sandbox)
  const records = async (filter = "") =>
    (
      await api.get(
        `/admin/paylink/checkouts?limit=100&order=number${filter ? `&${filter}` : ""}`,
        ctx.admin
      )
    ).data.checkouts as any[]
  const record = async (id: string) =>
    (await api.get(`/admin/paylink/checkouts/${id}`, ctx.admin)).data.checkout
  const gtqCart = (quantity = 1) =>
    createCart(api, key(), ctx.seed.gtqRegionId, [
      { variant_id: ctx.seed.variantId, quantity },
    ])
  const pluginRoute = (cartId: string, provider_id: string) =>
    createPaymentLink(api, key(), cartId, provider_id).catch(
      (e: any) => e.response
    )
  const coreRoute = (collectionId: string, provider_id: string) =>
    api
      .post(
        `/store/payment-collections/${collectionId}/payment-sessions`,
        { provider_id },
        storeHeaders(key())
      )
      .catch((e: any) => e.response)
  const collectionOf = async (cartId: string) =>
    (
      await api.get(
        `/store/carts/${cartId}?fields=payment_collection.id,*payment_collection.payment_sessions`,
        storeHeaders(key())
      )
    ).data.cart.payment_collection as {
      id: string
      payment_sessions: { id: string }[]
    }

  describe("A.3: a customer never pays twice for one cart", () => {
    /** A link paid after the cart changed: the return cannot place the order, the merchant must settle it. */
    async function cartWithPaidLinkAwaitingMerchant() {
      const cart = await gtqCart()
      const paid = (await pluginRoute(cart.id, PROVIDERS.gatewayA)).data
        .payment_session
      await api.post(
        `/store/carts/${cart.id}/line-items`,
        { variant_id: ctx.seed.variantId, quantity: 1 },
        storeHeaders(key())
      )
      const back = await followReturn(
        api,
        await pressOnHostedPage(paid.data.url, "pay")
      )
      expect(String(back.data)).toContain("We received your payment")
      const [row] = await records(`number=${paid.data.number}`)
      expect(row.status).toBe("needs_attention")
      return { cart, row }
    }

    it("both store routes refuse a new link while a paid link awaits the merchant, naming it, with no service call and nothing written", async () => {
      const { cart, row } = await cartWithPaidLinkAwaitingMerchant()
      const collection = await collectionOf(cart.id)
      const sessionsBefore = collection.payment_sessions.length
      const recordsBefore = (await records()).length
      ctx.sandbox.clearRequests()

      const answers = [
        await pluginRoute(cart.id, PROVIDERS.gatewayA),
        await pluginRoute(cart.id, PROVIDERS.gatewayB),
        await coreRoute(collection.id, PROVIDERS.gatewayC),
      ]
      for (const answer of answers) {
        expect(answer.status).toBeGreaterThanOrEqual(400)
        expect(answer.status).toBeLessThan(500)
        expect(answer.data).toMatchObject({
          code: "paylink.paid_link_pending",
          message: expect.stringContaining(`(payment link ${row.number})`),
        })
        expect(answer.data.message).toContain("the store will contact you")
      }
      expect(checkoutCalls()).toHaveLength(0)
      expect(await records()).toHaveLength(recordsBefore)
      expect((await collectionOf(cart.id)).payment_sessions).toHaveLength(
        sessionsBefore
      )
    })

    it("20 parallel requests on both routes while a paid link awaits the merchant: all refused, no call, nothing written", async () => {
      const { cart, row } = await cartWithPaidLinkAwaitingMerchant()
      const collection = await collectionOf(cart.id)
      const sessionsBefore = collection.payment_sessions.length
      const recordsBefore = (await records()).length
      ctx.sandbox.clearRequests()
      const providers = [
        PROVIDERS.gatewayA,
        PROVIDERS.gatewayB,
        PROVIDERS.gatewayC,
        PROVIDERS.subscription,
      ]
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2
            ? coreRoute(collection.id, providers[i % providers.length])
            : pluginRoute(cart.id, providers[i % providers.length])
        )
      )
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(400))
      for (const answer of answers) {
        expect(answer.data).toMatchObject({
          code: "paylink.paid_link_pending",
          message: expect.stringContaining(`(payment link ${row.number})`),
        })
      }
      expect(checkoutCalls()).toHaveLength(0)
      expect(await records()).toHaveLength(recordsBefore)
      expect((await collectionOf(cart.id)).payment_sessions).toHaveLength(
        sessionsBefore
      )
    })

    it("a paid link whose return is being recorded blocks a new link too; once the merchant refunds it, the cart can be paid", async () => {
      const cart = await gtqCart()
      const first = (await pluginRoute(cart.id, PROVIDERS.gatewayA)).data
        .payment_session
      const [row] = await records(`number=${first.data.number}`)
      // A verified return in progress (recorded, the order not placed yet).
      const paylink =
        getContainer().resolve<PaylinkModuleService>(PAYLINK_MODULE)
      await paylink.transition(row.id, "returned", { returned_at: new Date() })
      ctx.sandbox.clearRequests()
      const refused = await pluginRoute(cart.id, PROVIDERS.gatewayB)
      expect(refused.status).toBe(400)
      expect(refused.data).toMatchObject({
        code: "paylink.paid_link_pending",
        message: expect.stringContaining(`(payment link ${row.number})`),
      })
      expect(checkoutCalls()).toHaveLength(0)

      // The merchant finds the payment never arrived, refunds by hand: the customer may pay again.
      await paylink.transition(row.id, "needs_attention", {
        attention_reason: "test: the order could not be placed",
      })
      const refunded = await api.post(
        `/admin/paylink/checkouts/${row.id}/mark-refunded`,
        { note: "Refunded in gateway A's dashboard" },
        ctx.admin
      )
      expect(refunded.data.checkout.status).toBe("refunded")
      const again = await pluginRoute(cart.id, PROVIDERS.gatewayB)
      expect(again.status).toBe(200)
      const placed = await followReturn(
        api,
        await pressOnHostedPage(again.data.payment_session.data.url, "pay")
      )
      expect(placed.status).toBe(200)
    })
  })

  describe("A.4: a link pays what its order still owes", () => {
    const summary = async (orderId: string) =>
      (
        await api.get(
          `/admin/orders/${orderId}?fields=id,status,is_draft_order,summary.*`,
          ctx.admin
        )
      ).data.order
    const createLink = (orderId: string, provider_id: string) =>
      api
        .post(
          `/admin/paylink/orders/${orderId}/payment-links`,
          { provider_id },
          ctx.admin
        )
        .catch((e: any) => e.response)

    async function draftOf200() {
      const { data } = await api.post(
        `/admin/draft-orders`,
        {
          email: GUEST.email,
          region_id: ctx.seed.gtqRegionId,
          items: [{ variant_id: ctx.seed.variantId, quantity: 2 }],
          billing_address: GUEST.billing_address,
          shipping_address: GUEST.billing_address,
        },
        ctx.admin
      )
      return data.draft_order.id as string
    }

    /** The admin's draft edit: one more item at GTQ 250, so the draft goes from GTQ 200 to 450. */
    async function addItemTo(
      draftId: string,
      confirm: "route" | "workflow" = "route"
    ) {
      await api.post(`/admin/draft-orders/${draftId}/edit`, {}, ctx.admin)
      await api.post(
        `/admin/draft-orders/${draftId}/edit/items`,
        {
          items: [
            { variant_id: ctx.seed.variantId, quantity: 1, unit_price: 250 },
          ],
        },
        ctx.admin
      )
      if (confirm === "route") {
        await api.post(
          `/admin/draft-orders/${draftId}/edit/confirm`,
          {},
          ctx.admin
        )
      } else {
        await confirmDraftOrderEditWorkflow(getContainer()).run({
          input: { order_id: draftId, confirmed_by: "test" },
        })
      }
      expect((await summary(draftId)).summary.pending_difference).toBe(450)
    }

    it("a draft edited after its link was made: the link is withdrawn; paying it anyway reaches the merchant and the draft stays a draft", async () => {
      const draftId = await draftOf200()
      const link = (await createLink(draftId, PROVIDERS.gatewayA)).data.checkout
      expect(link).toMatchObject({ amount: 200, status: "created" })
      await addItemTo(draftId)
      expect((await record(link.id)).status).toBe("withdrawn")

      const back = await followReturn(
        api,
        await pressOnHostedPage(link.url, "pay")
      )
      expect(back.status).toBe(200)
      expect(String(back.data)).toContain("We received your payment")
      expect(String(back.data)).not.toContain("Your payment was recorded")
      const after = await record(link.id)
      expect(after.status).toBe("needs_attention")
      expect(after.attention_reason).toContain("edited")
      expect(after.attention_reason).toContain("GTQ 450.00")
      const draft = await summary(draftId)
      expect(draft).toMatchObject({ status: "draft", is_draft_order: true })
      expect(draft.summary.paid_total).toBe(0)
      expect(draft.summary.pending_difference).toBe(450)

      // A new link for what the draft owes now is refused until the merchant settles the paid one.
      const refused = await createLink(draftId, PROVIDERS.gatewayA)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toContain(`link ${link.number} was paid`)
    })

    it("a link paid for less than its draft now owes never converts it, even when no withdrawal reached it", async () => {
      const draftId = await draftOf200()
      const link = (await createLink(draftId, PROVIDERS.gatewayB)).data.checkout
      // The edit confirmed by code, not through the admin route: only the amount check stands.
      await addItemTo(draftId, "workflow")

      const back = await followReturn(
        api,
        await pressOnHostedPage(link.url, "pay")
      )
      expect(back.status).toBe(200)
      expect(String(back.data)).toContain("We received your payment")
      expect(String(back.data)).not.toContain("Thank you for your payment")
      const after = await record(link.id)
      expect(after.status).toBe("needs_attention")
      expect(after.attention_reason).toContain("GTQ 200.00")
      expect(after.attention_reason).toContain("GTQ 450.00")
      const draft = await summary(draftId)
      expect(draft).toMatchObject({ status: "draft", is_draft_order: true })
      expect(draft.summary.paid_total).toBe(0)

      // Recording it is refused too: a draft is converted only when paid in full.
      const settle = await api
        .post(`/admin/paylink/checkouts/${link.id}/place-order`, {}, ctx.admin)
        .catch((e: any) => e.response)
      expect(settle.status).toBe(400)
      expect(settle.data.message).toContain("GTQ 450.00")
      expect((await summary(draftId)).status).toBe("draft")
    })

    it("an order edit withdraws the order's live admin link, through the route or by code; paying it anyway leaves the order owing what it owed", async () => {
      // A storefront order paid in full, then an edit that adds GTQ 100: a link for that.
      const cart = await gtqCart()
      const { data } = await pluginRoute(cart.id, PROVIDERS.gatewayA)
      const orderId = orderIdFrom(
        landedAt(
          await followReturn(
            api,
            await pressOnHostedPage(data.payment_session.data.url, "pay")
          )
        )
      )
      const edit = async (confirm: "route" | "workflow") => {
        await api.post(`/admin/order-edits`, { order_id: orderId }, ctx.admin)
        await api.post(
          `/admin/order-edits/${orderId}/items`,
          { items: [{ variant_id: ctx.seed.variantId, quantity: 1 }] },
          ctx.admin
        )
        await api.post(`/admin/order-edits/${orderId}/request`, {}, ctx.admin)
        if (confirm === "route") {
          await api.post(`/admin/order-edits/${orderId}/confirm`, {}, ctx.admin)
        } else {
          await confirmOrderEditRequestWorkflow(getContainer()).run({
            input: { order_id: orderId, confirmed_by: "test" },
          })
        }
      }
      await edit("route")
      const first = (await createLink(orderId, PROVIDERS.gatewayC)).data
        .checkout
      expect(first.amount).toBe(100)

      // An edit confirmed by code: the order-edit.confirmed subscriber withdraws the link.
      await edit("workflow")
      expect((await summary(orderId)).summary.pending_difference).toBe(200)
      expect(
        (
          await eventually(
            () => record(first.id),
            (r) => r.status !== "created"
          )
        ).status
      ).toBe("withdrawn")

      // A link for the new amount, then an edit through the admin route: withdrawn before the edit lands.
      const second = (await createLink(orderId, PROVIDERS.gatewayA)).data
        .checkout
      expect(second.amount).toBe(200)
      await edit("route")
      expect((await record(second.id)).status).toBe("withdrawn")
      expect((await summary(orderId)).summary.pending_difference).toBe(300)

      const back = await followReturn(
        api,
        await pressOnHostedPage(first.url, "pay")
      )
      expect(String(back.data)).toContain("We received your payment")
      const after = await record(first.id)
      expect(after.status).toBe("needs_attention")
      expect(after.attention_reason).toContain("edited")
      const order = await summary(orderId)
      expect(order.summary.pending_difference).toBe(300)
      expect(order.summary.paid_total).toBe(100)
    })
  })

  describe("A.6: a paid, placed order is never an error for the storefront", () => {
    it("after the return placed the order of a cart with a loyalty benefit, the storefront's complete call answers that order", async () => {
      await enableProgram(api, ctx.admin)
      const rule = await createRule(api, ctx.admin)
      const cart = await gtqCart(2)
      const applied = await applyBenefit(api, key(), cart.id, {
        card: "6011 0000 1234 5678",
        rule_id: rule.id,
      })
      expect(applied.status).toBe(200)
      expect(applied.data.cart.total).toBe(180)
      const { data } = await pluginRoute(cart.id, PROVIDERS.gatewayA)
      const back = await followReturn(
        api,
        await pressOnHostedPage(data.payment_session.data.url, "pay")
      )
      expect(back.status).toBe(200)
      const orderId = orderIdFrom(landedAt(back))
      // The order.placed subscriber takes the redemption over; the storefront calls complete after it.
      await eventually(
        async () =>
          (
            await api.get(
              `/admin/benefits/redemptions?cart_id=${cart.id}`,
              ctx.admin
            )
          ).data.redemptions[0]?.status,
        (s) => s !== "authorized"
      )

      const completed = await api
        .post(`/store/carts/${cart.id}/complete`, {}, storeHeaders(key()))
        .catch((e: any) => e.response)
      expect(completed.data.message).toBeUndefined()
      expect(completed.status).toBe(200)
      expect(completed.data).toMatchObject({
        type: "order",
        order: { id: orderId, total: 180 },
      })
      expect(
        (await api.get(`/admin/orders?fields=id`, ctx.admin)).data.orders
      ).toHaveLength(1)
    })

    it("a cart marked completed with no order is still checked: a loyalty discount that no longer matches its total refuses the order", async () => {
      await enableProgram(api, ctx.admin)
      const rule = await createRule(api, ctx.admin)
      const cart = await gtqCart(2)
      expect(
        (
          await applyBenefit(api, key(), cart.id, {
            card: "6011 0000 1234 5678",
            rule_id: rule.id,
          })
        ).data.cart.total
      ).toBe(180)
      const { data } = await pluginRoute(cart.id, PROVIDERS.gatewayA)
      // Its link counts as paid, so Medusa's completion would take its payment.
      const [row] = await records(`number=${data.payment_session.data.number}`)
      await getContainer()
        .resolve<PaylinkModuleService>(PAYLINK_MODULE)
        .transition(row.id, "returned", { returned_at: new Date() })
      // The authorization no longer matches the cart (its total changed without a refresh of its
      // items), and the cart says completed while no order exists (a completion stopped half-way).
      await ctx.dbConnection.raw(
        `update benefit_redemption set total = 300, raw_total = '{"value":"300","precision":20}' where cart_id = ? and status = 'authorized'`,
        [cart.id]
      )
      await ctx.dbConnection.raw(
        `update cart set completed_at = now() where id = ?`,
        [cart.id]
      )

      // Medusa decides "already an order" by the cart-to-order link only, and would place one.
      const completed = await api
        .post(`/store/carts/${cart.id}/complete`, {}, storeHeaders(key()))
        .catch((e: any) => e.response)
      expect({ status: completed.status, type: completed.data.type }).toEqual({
        status: 400,
        type: "not_allowed",
      })
      expect(completed.data.message).toContain(
        "The cart changed after the loyalty discount was authorized"
      )
      expect(
        (await api.get(`/admin/orders?fields=id`, ctx.admin)).data.orders
      ).toHaveLength(0)
    })
  })
})
