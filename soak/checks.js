"use strict"
/**
 * The soak's verdicts, read after the run from the store's database and from the sandbox (the
 * service's own truth: which checkouts exist, which were paid, which discounts were granted). Each
 * invariant answers { count, examples }; its target is 0.
 */

const PAYLINK = "pp_paylink-%"
/** The plugin's default per-card limit of unused program authorizations in 24 h (benefits option). */
const UNUSED_AUTHORIZATIONS_PER_CARD = 3

/** "125.5", "125.50" or 125.5 as integer cents; null when it is not a two-decimal amount. */
function toCents(value) {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(value ?? "").trim())
  return m ? Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) : null
}

async function rows(db, text, params) {
  return (await db.query(text, params)).rows
}

const examples = (list) => list.slice(0, 5)
const verdict = (list) => ({ count: list.length, examples: examples(list) })

async function invariants(db, { sandbox, results }) {
  const service = [...sandbox.checkouts.values()]
  const paidAtService = new Set(
    service.filter((c) => c.state === "paid").map((c) => c.id)
  )

  // 1. A payment session of a payment-link provider that nobody can trace: no record of the link.
  const untraced = await rows(
    db,
    `select ps.id, ps.provider_id from payment_session ps
      where ps.provider_id like $1 and ps.deleted_at is null and ps.status = 'pending'
        and not exists (
          select 1 from paylink_checkout c
           where c.deleted_at is null
             -- Medusa's compensation re-creates a deleted session under a new id with the old data,
             -- which names its record: that session is traced too.
             and (c.payment_session_id = ps.id or c.id = ps.data->>'paylink_checkout_id'))`,
    [PAYLINK]
  )

  // 2. An order must come from a link the customer paid at the service and came back from.
  const orders = await rows(
    db,
    `select o.id,
            (select json_agg(json_build_object('checkout_id', c.checkout_id, 'status', c.status, 'returned_at', c.returned_at))
               from paylink_checkout c where c.order_id = o.id and c.deleted_at is null) as records
       from "order" o where o.deleted_at is null`
  )
  const unverified = orders
    .filter(
      (o) =>
        !(o.records ?? []).some(
          (c) =>
            c.status === "completed" &&
            c.returned_at &&
            paidAtService.has(c.checkout_id)
        )
    )
    .map((o) => ({ order_id: o.id, records: o.records }))

  // 3. One order, one paid link: neither two records that settled it nor two payments on it.
  const doubled = await rows(
    db,
    `select o.id as order_id,
            (select count(*) from paylink_checkout c where c.order_id = o.id and c.status = 'completed' and c.deleted_at is null)::int as completed_links,
            (select count(*) from order_payment_collection opc
               join payment p on p.payment_collection_id = opc.payment_collection_id and p.deleted_at is null and p.canceled_at is null
              where opc.order_id = o.id and opc.deleted_at is null)::int as payments
       from "order" o where o.deleted_at is null`
  )
  const doublePaid = doubled.filter(
    (o) => o.completed_links > 1 || o.payments > 1
  )

  // 3b. What the order was charged is what the customer paid at the service, to the cent.
  const charged = await rows(
    db,
    `select o.id as order_id, c.checkout_id, c.amount::text as record_amount, p.amount::text as payment_amount
       from "order" o
       join paylink_checkout c on c.order_id = o.id and c.status = 'completed' and c.deleted_at is null
       join order_payment_collection opc on opc.order_id = o.id and opc.deleted_at is null
       join payment p on p.payment_collection_id = opc.payment_collection_id and p.deleted_at is null and p.canceled_at is null
      where o.deleted_at is null`
  )
  const checkoutsById = new Map(service.map((c) => [c.id, c]))
  const misCharged = charged
    .map((x) => ({
      ...x,
      service_amount: checkoutsById.get(x.checkout_id)?.amount ?? null,
    }))
    .filter((x) => {
      const cents = [x.service_amount, x.record_amount, x.payment_amount].map(
        toCents
      )
      return cents.some((c) => c === null) || new Set(cents).size !== 1
    })

  // 4. Every paid return the customer made ends in an order or in a record the merchant must settle.
  const paidReturns = results.flatMap((r) =>
    r.returns
      .filter((x) => !x.canceled)
      .map((x) => ({ ...x, cartId: r.cartId, i: r.i }))
  )
  const recordsBySession = new Map(
    (
      await rows(
        db,
        `select c.payment_session_id, c.status, c.order_id, exists(select 1 from "order" o where o.id = c.order_id) as order_exists
           from paylink_checkout c where c.deleted_at is null and c.payment_session_id = any($1)`,
        [[...new Set(paidReturns.map((x) => x.sessionId))]]
      )
    ).map((c) => [c.payment_session_id, c])
  )
  const lost = paidReturns
    .filter((x) => {
      const c = recordsBySession.get(x.sessionId)
      return (
        !c ||
        !(
          (c.status === "completed" && c.order_exists) ||
          c.status === "needs_attention"
        )
      )
    })
    .map((x) => ({
      checkout: x.i,
      cart_id: x.cartId,
      session_id: x.sessionId,
      answer: x.status,
      record: recordsBySession.get(x.sessionId) ?? null,
    }))

  // 4b. Stricter, for this soak's customers: the paid return of the link a cart was left with, for
  //     the cart as it was, places the order (needs_attention is for the switched and changed ones).
  const notPlaced = paidReturns
    .filter((x) => x.current)
    .filter((x) => {
      const c = recordsBySession.get(x.sessionId)
      return !(c && c.status === "completed" && c.order_exists)
    })
    .map((x) => ({
      checkout: x.i,
      cart_id: x.cartId,
      session_id: x.sessionId,
      answer: x.status,
      record: recordsBySession.get(x.sessionId) ?? null,
    }))

  // 5. Every discount the program granted (also those answered after the deadline) has its row, on
  //    the cart whose card it was; a granted answer that arrived in time carries its codes.
  // A card belongs to one customer, who may have taken it to other carts (the farmers).
  const cartsOfCard = new Map(
    results
      .filter((r) => r.plan.card)
      .map((r) => [
        r.plan.card.slice(-4),
        [r.cartId, ...(r.farm ?? []).map((f) => f.cartId)],
      ])
  )
  const redemptions = await rows(
    db,
    'select cart_id, card_last4, status, "authorization" from benefit_redemption where deleted_at is null'
  )
  const grantsByCard = new Map()
  for (const d of sandbox.discounts)
    grantsByCard.set(d.cardLast4, [...(grantsByCard.get(d.cardLast4) ?? []), d])
  const unaccounted = []
  for (const [last4, grants] of grantsByCard) {
    const carts = cartsOfCard.get(last4) ?? []
    const cartId = carts[0]
    const mine = redemptions.filter(
      (r) => carts.includes(r.cart_id) && r.card_last4 === last4
    )
    // One row per program call: at least as many rows as grants, and each grant answered in time
    // matched to its own row by its authorization code.
    const inTime = grants.filter((d) => !d.answeredLate)
    const matched = inTime.filter((d) =>
      mine.some((r) => r.authorization === d.authorization)
    )
    if (mine.length < grants.length || matched.length < inTime.length) {
      unaccounted.push({
        card_last4: last4,
        cart_id: cartId ?? null,
        grants: grants.length,
        late: grants.length - inTime.length,
        rows: mine.length,
        matched: matched.length,
      })
    }
  }

  // 6. A checkout made at the service is on record under its number: with its id when its answer
  //    arrived, as an unread attempt (`unknown`, later withdrawn or expired) when it came too late.
  const byNumber = new Map(
    (
      await rows(
        db,
        "select number, checkout_id, status from paylink_checkout where deleted_at is null"
      )
    ).map((c) => [Number(c.number), c])
  )
  const unrecorded = service
    .filter((c) => {
      const record = byNumber.get(Number(c.request.number))
      if (!record) return true
      return c.answeredLate
        ? !(
            record.checkout_id === null &&
            ["unknown", "withdrawn", "expired"].includes(record.status)
          )
        : record.checkout_id !== c.id
    })
    .map((c) => ({
      checkout_id: c.id,
      number: c.request.number,
      late: c.answeredLate,
      state: c.state,
      record: byNumber.get(Number(c.request.number)) ?? null,
    }))

  // 7. One live link per cart (DESIGN 8.1), also after double clicks.
  const twoLive = await rows(
    db,
    `select cart_id, count(*)::int as live from paylink_checkout
      where status = 'created' and deleted_at is null and cart_id is not null group by cart_id having count(*) > 1`
  )
  const doubleClicks = results
    .filter((r) => r.twoLinksAtOnce)
    .map((r) => ({
      checkout: r.i,
      cart_id: r.cartId,
      sessions: r.twoLinksAtOnce,
    }))

  // 8. A customer never pays twice for one cart (DESIGN 8): no link is made for a cart after a paid
  //    link of it came back and before the merchant settled or refunded it; the customers who ask
  //    for one after paying are refused.
  const linkAfterPaid = await rows(
    db,
    `select later.cart_id, paid.number as paid_number, paid.status as paid_status, later.number as later_number
       from paylink_checkout paid
       join paylink_checkout later on later.cart_id = paid.cart_id and later.id <> paid.id and later.deleted_at is null
      where paid.deleted_at is null and paid.returned_at is not null
        and paid.status in ('returned', 'needs_attention', 'completed') and later.created_at > paid.returned_at`
  )
  const grantedAfterPaid = results
    .filter((r) => r.linkAfterPaying && r.linkAfterPaying.status < 400)
    .map((r) => ({
      checkout: r.i,
      cart_id: r.cartId,
      answer: r.linkAfterPaying.status,
    }))

  // 9. An order a paid link settled holds that payment captured, to the cent.
  const unpaid = (
    await rows(
      db,
      `select o.id as order_id, c.number, c.amount::text as paid,
              coalesce((select sum(cap.amount) from capture cap
                          join payment p on p.id = cap.payment_id and p.deleted_at is null and p.canceled_at is null
                          join order_payment_collection opc on opc.payment_collection_id = p.payment_collection_id and opc.deleted_at is null
                         where opc.order_id = o.id and cap.deleted_at is null), 0)::text as captured
         from "order" o join paylink_checkout c on c.order_id = o.id and c.status = 'completed' and c.deleted_at is null
        where o.deleted_at is null`
    )
  ).filter(
    (x) => toCents(x.captured) === null || toCents(x.captured) < toCents(x.paid)
  )

  // 10. The program granted no card more unused authorizations than the per-card limit (the
  //     plugin's default, which the demo keeps): grants whose authorization no order redeemed,
  //     those answered too late to be read included, since each costs the merchant all the same.
  const redeemed = new Set(
    redemptions
      .filter((r) => r.status === "redeemed" && r.authorization)
      .map((r) => r.authorization)
  )
  const overLimit = [...grantsByCard]
    .map(([last4, grants]) => ({
      card_last4: last4,
      unused: grants.filter((d) => !redeemed.has(d.authorization)).length,
      grants: grants.length,
    }))
    .filter((x) => x.unused > UNUSED_AUTHORIZATIONS_PER_CARD)

  return {
    "sessions left pending with no record": verdict(untraced),
    "orders without a verified return": verdict(unverified),
    "orders with more than one paid link": verdict(doublePaid),
    "paid returns with neither an order nor needs_attention": verdict(lost),
    "program authorizations with no redemption row": verdict(unaccounted),
    "checkouts at the service with no record": verdict(unrecorded),
    "orders charged another amount than paid at the service":
      verdict(misCharged),
    "paid returns of a cart's live link that placed no order":
      verdict(notPlaced),
    "carts with more than one live link": verdict([
      ...twoLive,
      ...doubleClicks,
    ]),
    "carts with a link made after a paid link came back": verdict([
      ...linkAfterPaid,
      ...grantedAfterPaid,
    ]),
    "orders whose paid link left them unpaid": verdict(unpaid),
    "cards over the unused-authorization limit": verdict(overLimit),
  }
}

const countBy = (list, key) =>
  list.reduce((acc, x) => ((acc[key(x)] = (acc[key(x)] ?? 0) + 1), acc), {})

async function figures(db, { sandbox, results }) {
  const failures = results.flatMap((r) => r.failures)
  const service = [...sandbox.checkouts.values()]
  const byStatus = async (table) =>
    Object.fromEntries(
      (
        await rows(
          db,
          `select status, count(*)::int as n from ${table} where deleted_at is null group by status order by status`
        )
      ).map((x) => [x.status, x.n])
    )
  return {
    checkouts: {
      attempted: results.length,
      planned: {
        pay: results.filter((r) => r.plan.outcome === "pay").length,
        cancel: results.filter((r) => r.plan.outcome === "cancel").length,
        abandon: results.filter((r) => r.plan.outcome === "abandon").length,
        switched: results.filter((r) => r.plan.switchTo).length,
        double_return: results.filter((r) => r.plan.doubleReturn).length,
        card: results.filter((r) => r.plan.card).length,
        by_provider: countBy(results, (r) => r.plan.provider),
        by_route: countBy(results, (r) => r.plan.route),
      },
      ordered: results.filter((r) => r.result === "ordered").length,
      paid_no_order: results.filter((r) => r.result === "paid, no order")
        .length,
      canceled: results.filter((r) => r.result === "canceled").length,
      abandoned: results.filter((r) => r.result === "abandoned").length,
      failed: results.filter((r) => r.result === "failed").length,
      link_attempts: results.reduce((n, r) => n + r.attempts.length, 0),
      double_clicks: results.filter((r) => r.plan.doubleClick && r.links.length)
        .length,
      card_retries: results.filter((r) => (r.benefit?.attempts ?? 0) > 1)
        .length,
      complete_before_paying: countBy(
        results.filter((r) => r.completeFirst),
        (r) => `${r.completeFirst.status} ${r.completeFirst.type}`
      ),
      cart_changed_after_link: countBy(
        results.filter((r) => r.changedCart !== undefined),
        (r) => `${r.changedCart} then ${r.result}`
      ),
      link_asked_after_paying: countBy(
        results.filter((r) => r.linkAfterPaying),
        (r) => String(r.linkAfterPaying.status)
      ),
      farmers: results.filter((r) => r.farm).length,
      farm_applies: countBy(
        results.flatMap((r) => r.farm ?? []),
        (f) => String(f.status)
      ),
    },
    failures: {
      total: failures.length,
      clear: failures.filter((f) => f.clear).length,
      unclear: failures.filter((f) => !f.clear).length,
      by_status: countBy(failures, (f) => `${f.step} ${f.status}`),
      // Grouped by what they say: numbers and redemption references stand for any.
      messages: countBy(failures, (f) =>
        f.message.replace(/BEN-[0-9A-Z]+/g, "BEN-…").replace(/\d+/g, "N")
      ),
      unclear_examples: examples(failures.filter((f) => !f.clear)),
    },
    faults_injected: sandbox.faultsInjected(),
    records_by_status: await byStatus("paylink_checkout"),
    redemptions_by_status: await byStatus("benefit_redemption"),
    service: {
      checkouts: service.length,
      paid: service.filter((c) => c.state === "paid").length,
      canceled: service.filter((c) => c.state === "canceled").length,
      answered_late: service.filter((c) => c.answeredLate).length,
      discounts: sandbox.discounts.length,
      discounts_late: sandbox.discounts.filter((d) => d.answeredLate).length,
    },
  }
}

module.exports = { invariants, figures }
