#!/usr/bin/env node
"use strict"
/**
 * Crashes for real: a `medusa start` server on a throwaway database, the
 * sandbox in this process, and SIGKILL of the server's process group at a named point of a money
 * flow (PAYLINK_TEST_PAUSE_AT: src/lib/testing/crash-point.ts), then a restart and the plugin's jobs.
 *
 *   boot 1  paused at "return:returned"       cart 1's return recorded, the cart not completed  → kill
 *   boot 2  paused at "return:order-created"  carts 2, 3, 4: the order exists, its payment not  → kill
 *                                             (cart 2 carries a loyalty benefit: Medusa never
 *                                             announced its order, order.placed being held back)
 *   boot 3  paused at "return:authorized"     cart 5: the order paid, the record not tied       → kill
 *   boot 4  paused at "link:answered"         cart 6: the service made the checkout, the record
 *                                             never got its answer                              → kill
 *   boot 5  jobs at their production pace: cart 3 recovered by a replayed return, cart 4 (left in
 *           needs_attention, as 0.1.0 left such records) by the merchant's Place order
 *   boot 6  jobs every second: carts 1, 2 and 5 settled by the interrupted-returns job, cart 6's
 *           link withdrawn by the expiry job; paying it anyway reaches the merchant, not an order
 *
 * Every paid cart must end in exactly one order, paid once (one payment, captured for the amount
 * paid), with its record `completed` and tied to it; a repeated return and the storefront's own
 * complete call answer that order. Cart 2's loyalty redemption ends `redeemed` on its order (the
 * recovery announced the order, once). Prints each check with figures and exits non-zero on a failure.
 * CRASH_KEEP_LOGS=1 keeps the server logs of a passing run (a failing run always keeps them).
 */
const axios = require("axios")
const { landingTargetOf } = require("../../demo/lib/store-api")
const { crashRun, exitWith, expect } = require("./harness")

const PROVIDERS = [
  "pp_paylink-gateway-a_default",
  "pp_paylink-gateway-b_default",
  "pp_paylink-gateway-c_default",
]
const run = crashRun("crash")
const { log, sql, until, pausedAt, kill, boot, check } = run

async function main() {
  try {
    const { sandbox, seed, store, admin } = await run.setUp()
    const guest = {
      email: "ana.lopez@example.com",
      billing_address: {
        first_name: "Ana",
        last_name: "López",
        address_1: "6a Avenida 10-25, Zona 1",
        city: "Guatemala",
        country_code: "gt",
      },
    }
    const newCart = async (quantity) => {
      const res = await store.post("/store/carts", {
        region_id: seed.gtqRegionId,
        items: [{ variant_id: seed.variantId, quantity }],
        ...guest,
      })
      expect(
        res.status === 200,
        `cart: ${res.status} ${JSON.stringify(res.data)}`
      )
      return res.data.cart
    }
    const pressPay = async (url) => {
      const res = await axios.post(`${url}/pay`, undefined, {
        maxRedirects: 0,
        validateStatus: () => true,
      })
      expect(res.status === 303, `hosted page answered ${res.status} to pay`)
      return res.headers.location
    }
    const followReturn = (location) => {
      const u = new URL(location)
      return store.get(`${u.pathname}${u.search}`)
    }
    /** A loyalty discount on the cart, through the program (the sandbox's), as a customer would. */
    let ruleId = null
    const applyBenefit = async (cart) => {
      if (!ruleId) {
        const enabled = await admin.post("/admin/benefits/settings", {
          user: "sandbox",
          password: "sandbox-password",
          branch: 1,
          enabled: true,
        })
        expect(
          enabled.status === 200,
          `benefits settings: ${enabled.status} ${JSON.stringify(enabled.data)}`
        )
        const rule = await admin.post("/admin/benefits/rules", {
          code: 501,
          name: "Club 10%",
          kind: "percentage",
          value: 10,
          cap: 50,
          min_total: 50,
        })
        expect(
          rule.status === 201 || rule.status === 200,
          `benefit rule: ${rule.status} ${JSON.stringify(rule.data)}`
        )
        ruleId = rule.data.rule.id
      }
      const applied = await store.post(`/store/carts/${cart.id}/benefits`, {
        card: "6011 0000 1234 5678",
        rule_id: ruleId,
      })
      expect(
        applied.status === 200,
        `benefit on cart: ${applied.status} ${JSON.stringify(applied.data)}`
      )
      return applied.data.benefit
    }
    const redemptionsOf = async (cartId) =>
      await sql(
        `select id, status, order_id from benefit_redemption where cart_id = $1 and deleted_at is null order by created_at`,
        [cartId]
      )
    /** A cart with a paid link, ready to come back: { cart, location, providerId, cents }. */
    const paidCart = async (i, { benefit = false } = {}) => {
      const cart = await newCart(i + 1)
      if (benefit) await applyBenefit(cart)
      const providerId = PROVIDERS[i % PROVIDERS.length]
      const made = await store.post(`/store/carts/${cart.id}/payment-link`, {
        provider_id: providerId,
      })
      expect(
        made.status === 200,
        `link for cart ${i}: ${made.status} ${JSON.stringify(made.data)}`
      )
      return {
        i,
        cart,
        providerId,
        location: await pressPay(made.data.payment_session.data.url),
        cents: Math.round(made.data.payment_session.amount * 100),
      }
    }
    /** Fires the returns (not awaited: they hang at the pause) and waits until each reached it. */
    const crashAt = async (point, carts) => {
      for (const c of carts) followReturn(c.location).catch(() => undefined)
      await until(
        `${carts.length} return(s) to reach ${point}`,
        async () => pausedAt().filter((p) => p === point).length >= carts.length
      )
      await kill()
      log(`killed (SIGKILL) with ${carts.length} return(s) at ${point}`)
    }
    const recordOf = async (cartId) =>
      await sql(
        `select * from paylink_checkout where cart_id = $1 and deleted_at is null order by number`,
        [cartId]
      )
    /** What exists for a cart after the kill: the figures each check prints. */
    const stateOf = async (cartId) => {
      const [record] = await recordOf(cartId)
      const orders = await sql(
        `select order_id from order_cart where cart_id = $1 and deleted_at is null`,
        [cartId]
      )
      const [cart] = await sql(`select completed_at from cart where id = $1`, [
        cartId,
      ])
      const payments = orders[0]
        ? await sql(
            `select p.id, p.amount, p.captured_at, (select count(*) from capture c where c.payment_id = p.id and c.deleted_at is null) as captures
               from payment p join order_payment_collection opc on opc.payment_collection_id = p.payment_collection_id
              where opc.order_id = $1 and p.deleted_at is null and opc.deleted_at is null`,
            [orders[0].order_id]
          )
        : []
      return { record, orders, completed: !!cart?.completed_at, payments }
    }
    const describe = (s) =>
      `record ${s.record.status}, cart ${s.completed ? "completed" : "open"}, orders ${s.orders.length}, payments ${s.payments.length}`
    /** The end every paid cart must reach. */
    const assertPaidOnce = async (c, how) => {
      const s = await stateOf(c.cart.id)
      expect(s.orders.length === 1, `cart ${c.i}: ${s.orders.length} orders`)
      const orderId = s.orders[0].order_id
      expect(
        s.record.status === "completed" && s.record.order_id === orderId,
        `cart ${c.i}: record ${s.record.status} (order ${s.record.order_id}, reason ${s.record.attention_reason})`
      )
      expect(
        s.payments.length === 1 && Number(s.payments[0].captures) === 1,
        `cart ${c.i}: payments ${JSON.stringify(s.payments)}`
      )
      expect(
        Math.round(Number(s.payments[0].amount) * 100) === c.cents,
        `cart ${c.i}: payment of ${s.payments[0].amount}, link of ${c.cents / 100}`
      )
      const order = (
        await admin.get(
          `/admin/orders/${orderId}?fields=id,display_id,total,payment_status,*paylink_checkouts`
        )
      ).data.order
      expect(
        order.payment_status === "captured",
        `cart ${c.i}: order payment_status ${order.payment_status}`
      )
      expect(
        order.paylink_checkouts.length === 1,
        `cart ${c.i}: ${order.paylink_checkouts.length} links on the order`
      )
      const again = await followReturn(c.location)
      expect(
        landingTargetOf(again)?.includes(orderId),
        `cart ${c.i}: a repeated return answers ${again.status} ${landingTargetOf(again) ?? String(again.data).slice(0, 200)}`
      )
      const complete = await store.post(
        `/store/carts/${c.cart.id}/complete`,
        {}
      )
      expect(
        complete.status === 200 &&
          complete.data.type === "order" &&
          complete.data.order.id === orderId,
        `cart ${c.i}: complete answers ${complete.status} ${JSON.stringify(complete.data).slice(0, 300)}`
      )
      return `order #${order.display_id} ${order.payment_status} GTQ ${order.total} (${how})`
    }
    // ---- the kills
    await boot("paused at return:returned", {
      PAYLINK_TEST_PAUSE_AT: "return:returned",
    })
    const c1 = await paidCart(0)
    await crashAt("return:returned", [c1])
    const after1 = await stateOf(c1.cart.id)

    await boot("paused at return:order-created", {
      PAYLINK_TEST_PAUSE_AT: "return:order-created",
    })
    const [c2, c3, c4] = [
      await paidCart(1, { benefit: true }),
      await paidCart(2),
      await paidCart(3),
    ]
    await crashAt("return:order-created", [c2, c3, c4])
    const after2 = await stateOf(c2.cart.id)
    const redemption2 = await redemptionsOf(c2.cart.id)

    await boot("paused at return:authorized", {
      PAYLINK_TEST_PAUSE_AT: "return:authorized",
    })
    const c5 = await paidCart(4)
    await crashAt("return:authorized", [c5])
    const after5 = await stateOf(c5.cart.id)

    await boot("paused at link:answered", {
      PAYLINK_TEST_PAUSE_AT: "link:answered",
    })
    const c6 = { i: 5, cart: await newCart(1) }
    const before6 = sandbox.checkouts.size
    store
      .post(`/store/carts/${c6.cart.id}/payment-link`, {
        provider_id: PROVIDERS[0],
      })
      .catch(() => undefined)
    await until("the link request to reach link:answered", async () =>
      pausedAt().includes("link:answered")
    )
    await kill()
    log(
      "killed (SIGKILL) with a link answered by the service, not yet recorded"
    )
    const checkout6 = [...sandbox.checkouts.values()].slice(before6)[0]
    const [record6] = await recordOf(c6.cart.id)

    // ---- recovery
    await check(
      "the state each kill left (as the issue found it)",
      async () => {
        expect(
          after1.record.status === "returned" &&
            !after1.completed &&
            after1.orders.length === 0,
          `after return:returned: ${describe(after1)}`
        )
        expect(
          after2.record.status === "returned" &&
            after2.completed &&
            after2.orders.length === 1 &&
            after2.payments.length === 0,
          `after return:order-created: ${describe(after2)}`
        )
        expect(
          redemption2.length === 1 &&
            redemption2[0].status === "authorized" &&
            !redemption2[0].order_id,
          `after return:order-created: redemption ${JSON.stringify(redemption2)}`
        )
        expect(
          after5.record.status === "returned" &&
            after5.orders.length === 1 &&
            after5.payments.length === 1,
          `after return:authorized: ${describe(after5)}`
        )
        expect(
          record6?.status === "created" && !record6.checkout_id && checkout6,
          `after link:answered: record ${record6?.status}, checkout_id ${record6?.checkout_id}, sandbox checkout ${!!checkout6}`
        )
        return `return:returned → ${describe(after1)}; return:order-created → ${describe(after2)}, loyalty redemption ${redemption2[0].status}; return:authorized → ${describe(after5)}; link:answered → record created without checkout_id, sandbox checkout ${checkout6.id}`
      }
    )

    await boot("jobs at production pace")
    await check(
      "a replayed return pays the order its cart already became (killed at return:order-created)",
      async () => {
        const back = await followReturn(c3.location)
        expect(
          /\/order\//.test(landingTargetOf(back) ?? ""),
          `replay answered ${back.status} ${landingTargetOf(back) ?? String(back.data).slice(0, 200)}`
        )
        return await assertPaidOnce(c3, "replayed return")
      }
    )
    await check(
      "the merchant's Place order pays the order its cart already became (killed at return:order-created, left in needs_attention)",
      async () => {
        const [r] = await recordOf(c4.cart.id)
        await sql(
          `update paylink_checkout set status = 'needs_attention', attention_reason = 'left by 0.1.0' where id = $1`,
          [r.id]
        )
        const placed = await admin.post(
          `/admin/paylink/checkouts/${r.id}/place-order`,
          {}
        )
        expect(
          placed.status === 200,
          `place-order answered ${placed.status} ${JSON.stringify(placed.data)}`
        )
        const figures = await assertPaidOnce(c4, "Place order")
        const [after] = await recordOf(c4.cart.id)
        expect(
          after.settled_by,
          "the settlement is not recorded as the merchant's"
        )
        return figures
      }
    )
    await kill()

    await boot("jobs every second", {
      PAYLINK_STRANDED_AFTER_MS: "1000",
      PAYLINK_STRANDED_INTERVAL_MS: "1000",
      PAYLINK_EXPIRY_INTERVAL_MS: "1000",
      PAYLINK_UNANSWERED_AFTER_MS: "1000",
    })
    for (const [c, point] of [
      [c1, "return:returned"],
      [c2, "return:order-created"],
      [c5, "return:authorized"],
    ]) {
      await check(`the job settles a return killed at ${point}`, async () => {
        const t = Date.now()
        await until(`cart ${c.i}'s record to be settled`, async () =>
          ["completed", "needs_attention"].includes(
            (await recordOf(c.cart.id))[0].status
          )
        )
        const figures = `${await assertPaidOnce(c, "job")} within ${Date.now() - t} ms of the restart's first check`
        if (c !== c2) return figures
        // Its completion never announced the order: the recovery did, and the redemption is the order's.
        const [r] = await recordOf(c.cart.id)
        const redemptions = await redemptionsOf(c.cart.id)
        expect(
          redemptions.length === 1 &&
            redemptions[0].status === "redeemed" &&
            redemptions[0].order_id === r.order_id,
          `cart ${c.i}: loyalty redemption ${JSON.stringify(redemptions)} (order ${r.order_id})`
        )
        const onOrder =
          (
            await admin.get(
              `/admin/orders/${r.order_id}?fields=id,*benefit_redemptions`
            )
          ).data.order.benefit_redemptions ?? []
        expect(
          onOrder.length === 1 && onOrder[0].id === redemptions[0].id,
          `cart ${c.i}: the order reads redemptions ${JSON.stringify(onOrder)}`
        )
        expect(
          r.order_placed_event === "emitted",
          `cart ${c.i}: order.placed ${r.order_placed_event ?? "never owed"}`
        )
        return `${figures}; loyalty redemption redeemed and linked to it, order.placed ${r.order_placed_event} by the recovery`
      })
    }
    await check(
      "a link whose answer was lost in the kill is withdrawn by the job; paying it reaches the merchant, not an order",
      async () => {
        const r = await until(
          "the unanswered record to be withdrawn",
          async () => {
            const [row] = await recordOf(c6.cart.id)
            return row.status === "withdrawn" ? row : null
          }
        )
        expect(
          r.failure_reason && /no answer/.test(r.failure_reason),
          `failure_reason ${r.failure_reason}`
        )
        const body = sandbox.requests.find(
          (q) => q.body?.number === r.number
        )?.body
        expect(body, "the service got no request for the record's number")
        const location = await pressPay(checkout6.url)
        const back = await followReturn(location)
        expect(
          back.status === 200 &&
            /received your payment/i.test(String(back.data)),
          `paying the withdrawn link answered ${back.status}`
        )
        const [after] = await recordOf(c6.cart.id)
        const orders = await sql(
          `select 1 from order_cart where cart_id = $1`,
          [c6.cart.id]
        )
        expect(
          after.status === "needs_attention" && orders.length === 0,
          `record ${after.status}, orders ${orders.length}`
        )
        expect(
          /answer to its creation having never reached the store/.test(
            after.attention_reason
          ),
          `reason: ${after.attention_reason}`
        )
        return `record #${r.number} created → unknown → withdrawn ("${r.failure_reason}"); paid anyway → needs_attention ("${after.attention_reason}"), 0 orders`
      }
    )
  } catch (e) {
    run.fail(e)
  }
  await run.finish(
    "Crash recovery (real SIGKILL at named points, restart, jobs)",
    7
  )
}

exitWith(main)
