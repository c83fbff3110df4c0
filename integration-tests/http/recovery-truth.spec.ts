/**
 * What recovery leaves behind is true. An order whose completion
 * was interrupted is announced (`order.placed`) once and takes over its loyalty redemption when
 * recovery pays it; the reason the merchant reads is the one true now; a failure or a late replay
 * never makes recovery say the payment was not recorded when it was; and a link whose payment is
 * credited on an order cannot be marked refunded by hand.
 *
 * The interrupted completion is the real one: the return runs with the test-only pause at
 * `return:order-created` (src/lib/testing/crash-point.ts), inside the provider's authorizePayment, where
 * the order, its cart link and its reservations exist and Medusa still holds back `order.placed`.
 * That flow never goes on (as after a kill); its locks are then released, as a restart would.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  createInventoryLevelsWorkflow,
  createProductsWorkflow,
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
  landedAt,
} from "../helpers/storefront"
import {
  addShipping,
  GUEST_SHIPPING_ADDRESS,
  seedShipping,
} from "../helpers/shipping"
import {
  applyBenefit,
  createRule,
  enableProgram,
  eventually,
} from "../helpers/benefits"
import { signedReturn } from "../helpers/return-links"
import { settleStrandedReturns } from "../../src/jobs/settle-stranded-paylink-returns"
import { recordOrderLinkPaymentWorkflow } from "../../src/workflows/paylink/workflows/record-order-link-payment"
import { PAYLINK_MODULE } from "../../src/modules/paylink"
import type PaylinkModuleService from "../../src/modules/paylink/services/paylink-module"

const CARD = "6011 0000 1234 5678"
const LATER = () => new Date(Date.now() + 11 * 60_000)

/** A variant whose inventory Medusa manages (10 in stock at the shipping set-up's location), GTQ 150. */
async function seedStockedVariant(container: MedusaContainer) {
  const { shippingOptionId } = await seedShipping(container)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: channels } = await query.graph({
    entity: "sales_channel",
    fields: ["id"],
    filters: { name: "Web" },
  })
  const { data: locations } = await query.graph({
    entity: "stock_location",
    fields: ["id"],
    filters: { name: "Bodega Zona 1" },
  })
  const [profile] = await container
    .resolve(Modules.FULFILLMENT)
    .listShippingProfiles({ type: "default" })
  const { result } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: "Molinillo manual",
          status: "published",
          shipping_profile_id: profile.id,
          options: [{ title: "Size", values: ["Uno"] }],
          variants: [
            {
              title: "Uno",
              options: { Size: "Uno" },
              manage_inventory: true,
              prices: [{ amount: 150, currency_code: "gtq" }],
            },
          ],
          sales_channels: channels.map((c: { id: string }) => ({ id: c.id })),
        },
      ],
    },
  })
  const variantId = result[0].variants[0].id
  const { data: variants } = await query.graph({
    entity: "product_variant",
    fields: ["inventory_items.inventory_item_id"],
    filters: { id: variantId },
  })
  const inventoryItemId = (variants[0] as any).inventory_items[0]
    .inventory_item_id as string
  await createInventoryLevelsWorkflow(container).run({
    input: {
      inventory_levels: [
        {
          inventory_item_id: inventoryItemId,
          location_id: locations[0].id,
          stocked_quantity: 10,
        },
      ],
    },
  })
  return { variantId, shippingOptionId }
}

paylinkSuite((ctx) => {
  const { api, getContainer } = ctx
  const key = () => ctx.seed.publishableKey
  const paylink = () =>
    getContainer().resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const checkout = async (id: string) =>
    (await api.get(`/admin/paylink/checkouts/${id}`, ctx.admin)).data.checkout
  const recordsOfCart = async (cartId: string) =>
    (
      await api.get(
        `/admin/paylink/checkouts?cart_id=${cartId}&order=number`,
        ctx.admin
      )
    ).data.checkouts as any[]
  const gtqCart = () =>
    createCart(api, key(), ctx.seed.gtqRegionId, [
      { variant_id: ctx.seed.variantId, quantity: 1 },
    ])
  const attempt = (cartId: string, providerId: string) =>
    createPaymentLink(api, key(), cartId, providerId).catch(
      (e: any) => e.response
    )
  const orderOf = async (orderId: string) =>
    (
      await api.get(
        `/admin/orders/${orderId}?fields=id,display_id,total,payment_status,summary.*,*paylink_checkouts,*benefit_redemptions,*payment_collections.payments.captures`,
        ctx.admin
      )
    ).data.order
  const payments = (order: any) =>
    (order.payment_collections ?? []).flatMap((c: any) => c.payments ?? [])
  const sql = async (text: string, params: unknown[] = []) =>
    (await ctx.dbConnection.raw(text, params)).rows as any[]

  /** Counts of the events Medusa's subscribers act on, for one order, while `run` runs and a little after. */
  async function countEvents(run: () => Promise<void>) {
    const bus = getContainer().resolve(Modules.EVENT_BUS)
    const seen = { placed: [] as string[], reservations: [] as string[] }
    const onPlaced = async ({ data }: any) => void seen.placed.push(data.id)
    const onReserved = async ({ data }: any) =>
      void seen.reservations.push(data.order_id)
    const ids = {
      placed: `recovery-truth-placed-${Date.now()}`,
      reserved: `recovery-truth-reserved-${Date.now()}`,
    }
    bus.subscribe("order.placed", onPlaced, { subscriberId: ids.placed })
    bus.subscribe("reservation-item.created", onReserved, {
      subscriberId: ids.reserved,
    })
    try {
      await run()
      // Events are delivered after the request that emitted them: give them time to arrive (and a
      // second one, were there one).
      await new Promise((r) => setTimeout(r, 1500))
    } finally {
      bus.unsubscribe("order.placed", onPlaced, { subscriberId: ids.placed })
      bus.unsubscribe("reservation-item.created", onReserved, {
        subscriberId: ids.reserved,
      })
    }
    return seen
  }

  /**
   * A paid cart with a loyalty benefit and a stocked item, its return stopped for good inside the
   * provider's authorizePayment (`return:order-created`): the order exists, unpaid, unannounced.
   */
  async function interruptedCompletion() {
    await enableProgram(api, ctx.admin)
    const rule = await createRule(api, ctx.admin)
    const { variantId, shippingOptionId } =
      await seedStockedVariant(getContainer())
    const cart = await createCart(
      api,
      key(),
      ctx.seed.gtqRegionId,
      [{ variant_id: variantId, quantity: 1 }],
      {
        ...GUEST,
        shipping_address: GUEST_SHIPPING_ADDRESS,
      }
    )
    await addShipping(api, key(), cart.id, shippingOptionId)
    const applied = await applyBenefit(api, key(), cart.id, {
      card: CARD,
      rule_id: rule.id,
    })
    expect(applied.status).toBe(200)
    const link = await attempt(cart.id, PROVIDERS.gatewayC)
    expect(link.status).toBe(200)
    expect(link.data.payment_session.amount).toBeLessThan(175) // 150 + 25 shipping, less the loyalty discount
    const returnUrl = await pressOnHostedPage(
      link.data.payment_session.data.url,
      "pay"
    )

    const pauseFile = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), "recovery-truth-")),
      "paused-at"
    )
    process.env.PAYLINK_TEST_PAUSE_FILE = pauseFile
    process.env.PAYLINK_TEST_PAUSE_AT = "return:order-created"
    const browser = new AbortController()
    const u = new URL(returnUrl)
    api
      .get(`${u.pathname}${u.search}`, {
        maxRedirects: 0,
        signal: browser.signal,
      })
      .catch(() => undefined)
    try {
      await eventually(
        async () =>
          fs.existsSync(pauseFile) ? fs.readFileSync(pauseFile, "utf8") : "",
        (text) => text.includes("return:order-created"),
        60_000
      )
    } finally {
      delete process.env.PAYLINK_TEST_PAUSE_AT
      delete process.env.PAYLINK_TEST_PAUSE_FILE
    }
    // "The kill": the customer's browser gives up and the stopped flow's locks go, as on a restart.
    browser.abort()
    await getContainer().resolve(Modules.LOCKING).releaseAll()

    const [record] = await recordsOfCart(cart.id)
    const { data: links } = await getContainer()
      .resolve(ContainerRegistrationKeys.QUERY)
      .graph({
        entity: "order_cart",
        fields: ["order_id"],
        filters: { cart_id: cart.id },
      })
    const orderId = links[0]?.order_id as string
    expect(orderId).toEqual(expect.any(String))
    const before = await orderOf(orderId)
    expect(record.status).toBe("returned")
    expect(payments(before)).toHaveLength(0)
    const [redemption] = (
      await api.get(`/admin/benefits/redemptions?cart_id=${cart.id}`, ctx.admin)
    ).data.redemptions
    expect(redemption).toMatchObject({ status: "authorized", order_id: null })
    // completeCartWorkflow reserves the stock in the same step group as the held-back event,
    // before it authorizes the payment: the reservation exists already.
    const reservations = await sql(
      `select r.id from reservation_item r join order_line_item oli on oli.id = r.line_item_id
        join order_item oi on oi.item_id = oli.id where oi.order_id = ? and r.deleted_at is null`,
      [orderId]
    )
    expect(reservations).toHaveLength(1)
    return { cart, record, orderId, redemption, returnUrl, reservations }
  }

  async function expectRecovered(
    state: Awaited<ReturnType<typeof interruptedCompletion>>,
    seen: { placed: string[]; reservations: string[] }
  ) {
    const [after] = await recordsOfCart(state.cart.id)
    expect(after).toMatchObject({
      status: "completed",
      order_id: state.orderId,
    })
    const order = await orderOf(state.orderId)
    expect(order.payment_status).toBe("captured")
    expect(payments(order)).toHaveLength(1)
    expect(payments(order)[0].captures).toHaveLength(1)
    expect(order.summary.pending_difference).toBe(0)
    // Announced once, as Medusa announces a placed order: its subscribers (the plugin's redemption,
    // the merchant's e-mails and fulfilment) run once.
    expect(seen.placed.filter((id) => id === state.orderId)).toHaveLength(1)
    expect(seen.reservations.filter((id) => id === state.orderId)).toHaveLength(
      1
    )
    const redeemed = await eventually(
      async () => (await orderOf(state.orderId)).benefit_redemptions ?? [],
      (r) => r[0]?.status === "redeemed"
    )
    expect(redeemed).toEqual([
      expect.objectContaining({
        id: state.redemption.id,
        status: "redeemed",
        order_id: state.orderId,
      }),
    ])
    const { count } = (
      await api.get(`/admin/benefits/redemptions?status=authorized`, ctx.admin)
    ).data
    expect(count).toBe(0)
    // The stock stays reserved once for the order.
    const reservations = await sql(
      `select id from reservation_item where id = any(?) and deleted_at is null`,
      [state.reservations.map((r) => r.id)]
    )
    expect(reservations).toHaveLength(1)
  }

  describe("an order whose completion was interrupted (point 2)", () => {
    it("the job and three replayed returns at once pay it, announce order.placed once and hand it the loyalty redemption", async () => {
      const state = await interruptedCompletion()
      const seen = await countEvents(async () => {
        const answers = await Promise.all([
          followReturn(api, state.returnUrl),
          followReturn(api, state.returnUrl),
          followReturn(api, state.returnUrl),
          settleStrandedReturns(getContainer(), LATER()),
          settleStrandedReturns(getContainer(), LATER()),
        ])
        for (const back of answers.slice(0, 3) as any[]) {
          expect(back.status).toBe(200)
          expect(orderIdFrom(landedAt(back))).toBe(state.orderId)
        }
        // Once settled, more recovery changes nothing.
        expect(await settleStrandedReturns(getContainer(), LATER())).toBe(0)
        expect(
          orderIdFrom(landedAt(await followReturn(api, state.returnUrl)))
        ).toBe(state.orderId)
      })
      await expectRecovered(state, seen)
    })

    it("the merchant's Place order (three clicks at once) on a record left in needs_attention does the same", async () => {
      const state = await interruptedCompletion()
      await sql(
        `update paylink_checkout set status = 'needs_attention', attention_reason = 'left by 0.1.0' where id = ?`,
        [state.record.id]
      )
      const seen = await countEvents(async () => {
        const clicks = await Promise.all(
          [1, 2, 3].map(() =>
            api
              .post(
                `/admin/paylink/checkouts/${state.record.id}/place-order`,
                {},
                ctx.admin
              )
              .catch((e: any) => e.response)
          )
        )
        // One click settles it; the others find it settled (400, nothing done twice).
        expect(clicks.map((c) => c.status).sort()).toEqual([200, 400, 400])
      })
      await expectRecovered(state, seen)
    })
  })

  describe("the reason the merchant reads is the one true now (point 3)", () => {
    it("Place order on a link whose cart another link has since placed answers, and records, that reason", async () => {
      const cart = await gtqCart()
      const a = (await attempt(cart.id, PROVIDERS.gatewayA)).data
        .payment_session
      const b = (await attempt(cart.id, PROVIDERS.gatewayB)).data
        .payment_session
      const aPaid = await pressOnHostedPage(a.data.url, "pay")
      expect((await followReturn(api, aPaid)).status).toBe(200)
      const [recordA] = await recordsOfCart(cart.id)
      expect(recordA).toMatchObject({
        status: "needs_attention",
        attention_reason: expect.stringContaining("the cart was not completed"),
      })
      const placed = await followReturn(
        api,
        await pressOnHostedPage(b.data.url, "pay")
      )
      expect(placed.status).toBe(200)
      const order = await orderOf(orderIdFrom(landedAt(placed)))

      const refused = await api
        .post(
          `/admin/paylink/checkouts/${recordA.id}/place-order`,
          {},
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toContain(
        `after its cart had become order #${order.display_id} with another payment link`
      )
      const after = await checkout(recordA.id)
      expect(after).toMatchObject({
        status: "needs_attention",
        attention_reason: refused.data.message,
      })
      expect(after.attention_reason).not.toContain("the cart was not completed")
    })

    it("Record payment on an admin link answers, and records, why it cannot be recorded now", async () => {
      const { data: draft } = await api.post(
        `/admin/draft-orders`,
        {
          email: GUEST.email,
          region_id: ctx.seed.gtqRegionId,
          items: [{ variant_id: ctx.seed.variantId, quantity: 1 }],
          billing_address: GUEST.billing_address,
        },
        ctx.admin
      )
      const link = (
        await api.post(
          `/admin/paylink/orders/${draft.draft_order.id}/payment-links`,
          { provider_id: PROVIDERS.gatewayA },
          ctx.admin
        )
      ).data.checkout
      // The customer comes back after the return link's lifetime: the merchant must record it.
      const late = signedReturn({
        session: link.payment_session_id,
        cents: 10000n,
        currency: "GTQ",
        outcome: "success",
        exp: Math.floor(Date.now() / 1000) - 60,
      })
      expect((await followReturn(api, late)).status).toBe(200)
      expect(await checkout(link.id)).toMatchObject({
        status: "needs_attention",
        attention_reason: expect.stringContaining("expired"),
      })
      // Meanwhile the draft was edited: it owes GTQ 200 now.
      await api.post(
        `/admin/draft-orders/${draft.draft_order.id}/edit`,
        {},
        ctx.admin
      )
      await api.post(
        `/admin/draft-orders/${draft.draft_order.id}/edit/items`,
        { items: [{ variant_id: ctx.seed.variantId, quantity: 1 }] },
        ctx.admin
      )
      await api.post(
        `/admin/draft-orders/${draft.draft_order.id}/edit/confirm`,
        {},
        ctx.admin
      )

      const refused = await api
        .post(`/admin/paylink/checkouts/${link.id}/place-order`, {}, ctx.admin)
        .catch((e: any) => e.response)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toContain("owes GTQ 200.00")
      expect(await checkout(link.id)).toMatchObject({
        status: "needs_attention",
        attention_reason: refused.data.message,
      })
    })
  })

  describe("recovery after a failure or a late replay tells the truth (point 4)", () => {
    async function adminLink(quantity = 1) {
      const { data } = await api.post(
        `/admin/draft-orders`,
        {
          email: GUEST.email,
          region_id: ctx.seed.gtqRegionId,
          items: [{ variant_id: ctx.seed.variantId, quantity }],
          billing_address: GUEST.billing_address,
        },
        ctx.admin
      )
      const draftId = data.draft_order.id as string
      const link = (
        await api.post(
          `/admin/paylink/orders/${draftId}/payment-links`,
          { provider_id: PROVIDERS.gatewayA },
          ctx.admin
        )
      ).data.checkout
      return { draftId, link }
    }
    /** As if the process stopped between recording an admin link's payment and tying the record. */
    async function recordedNotTied() {
      const { draftId, link } = await adminLink()
      const returnUrl = await pressOnHostedPage(link.url, "pay")
      await paylink().transition(link.id, "returned", {
        returned_at: new Date(),
      })
      await recordOrderLinkPaymentWorkflow(getContainer()).run({
        input: {
          payment_session_id: link.payment_session_id,
          order_id: draftId,
        },
      })
      expect((await orderOf(draftId)).summary.pending_difference).toBe(0)
      return { draftId, link, returnUrl }
    }

    it("a failure after an admin link's payment was recorded leaves it for the job, never 'not recorded'; the job ties it", async () => {
      const { draftId, link } = await adminLink()
      const returnUrl = await pressOnHostedPage(link.url, "pay")
      // A database failure at the very end, when the record is tied to the order it paid.
      await sql(
        `create or replace function recovery_truth_fail() returns trigger as $$ begin raise exception 'simulated database failure'; end $$ language plpgsql`
      )
      await sql(
        `create trigger recovery_truth_fail before update on paylink_checkout for each row when (new.status = 'completed' and new.id = '${link.id}') execute function recovery_truth_fail()`
      )
      try {
        await followReturn(api, returnUrl)
      } finally {
        await sql(`drop trigger recovery_truth_fail on paylink_checkout`)
      }
      const order = await orderOf(draftId)
      expect(order.summary.pending_difference).toBe(0)
      const after = await checkout(link.id)
      expect(after.attention_reason ?? "").not.toContain("not recorded")
      expect(after.status).toBe("returned")

      expect(await settleStrandedReturns(getContainer(), LATER())).toBe(1)
      expect(await checkout(link.id)).toMatchObject({
        status: "completed",
        order_id: draftId,
      })
      const settled = await orderOf(draftId)
      expect(payments(settled)).toHaveLength(1)
      expect(settled.summary.paid_total).toBe(100)
    })

    it("a replay after the return link's lifetime finishes a return recorded in time (admin link, storefront link)", async () => {
      const { draftId, link } = await recordedNotTied()
      const late = (session: string, cents: bigint) =>
        signedReturn({
          session,
          cents,
          currency: "GTQ",
          outcome: "success",
          exp: Math.floor(Date.now() / 1000) - 60,
        })
      const back = await followReturn(
        api,
        late(link.payment_session_id, 10000n)
      )
      expect(back.status).toBe(200)
      expect(String(back.data)).toContain("Thank you for your payment")
      expect(await checkout(link.id)).toMatchObject({
        status: "completed",
        order_id: draftId,
        attention_reason: null,
      })
      expect(payments(await orderOf(draftId))).toHaveLength(1)

      const cart = await gtqCart()
      const s = (await attempt(cart.id, PROVIDERS.gatewayC)).data
        .payment_session
      const [record] = await recordsOfCart(cart.id)
      await paylink().transition(record.id, "returned", {
        returned_at: new Date(),
      })
      const placed = await followReturn(api, late(s.id, 10000n))
      expect(placed.status).toBe(200)
      const orderId = orderIdFrom(landedAt(placed))
      expect(await checkout(record.id)).toMatchObject({
        status: "completed",
        order_id: orderId,
        attention_reason: null,
      })
      expect((await orderOf(orderId)).payment_status).toBe("captured")
    })

    it("Mark refunded is refused, naming the order, while the link's payment is credited on it", async () => {
      const { draftId, link } = await recordedNotTied()
      await paylink().transition(link.id, "needs_attention", {
        attention_reason: "left by 0.1.0",
      })
      const refused = await api
        .post(
          `/admin/paylink/checkouts/${link.id}/mark-refunded`,
          { note: "Refunded in gateway A's dashboard" },
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(refused.status).toBe(400)
      const { display_id } = await orderOf(draftId)
      expect(refused.data.message).toContain(
        `is recorded on order #${display_id}`
      )
      expect(await checkout(link.id)).toMatchObject({
        status: "needs_attention",
        settled_by: null,
      })

      // A storefront link whose cart became its paid order, left in needs_attention by 0.1.0.
      const cart = await gtqCart()
      const s = (await attempt(cart.id, PROVIDERS.gatewayB)).data
        .payment_session
      const placed = await followReturn(
        api,
        await pressOnHostedPage(s.data.url, "pay")
      )
      const orderId = orderIdFrom(landedAt(placed))
      const [record] = await recordsOfCart(cart.id)
      await sql(
        `update paylink_checkout set status = 'needs_attention', attention_reason = 'left by 0.1.0', order_id = null where id = ?`,
        [record.id]
      )
      const refusedToo = await api
        .post(
          `/admin/paylink/checkouts/${record.id}/mark-refunded`,
          { note: "Refunded in gateway B's dashboard" },
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(refusedToo.status).toBe(400)
      expect(refusedToo.data.message).toContain(
        `is recorded on order #${(await orderOf(orderId)).display_id}`
      )

      // A paid link whose payment is on no order is still the merchant's to mark refunded.
      const other = await gtqCart()
      const x = (await attempt(other.id, PROVIDERS.gatewayA)).data
        .payment_session
      await attempt(other.id, PROVIDERS.gatewayB)
      await followReturn(api, await pressOnHostedPage(x.data.url, "pay"))
      const [withdrawnPaid] = await recordsOfCart(other.id)
      expect(withdrawnPaid.status).toBe("needs_attention")
      const ok = await api.post(
        `/admin/paylink/checkouts/${withdrawnPaid.id}/mark-refunded`,
        { note: "Refunded in gateway A's dashboard" },
        ctx.admin
      )
      expect(ok.data.checkout.status).toBe("refunded")
    })
  })
})
