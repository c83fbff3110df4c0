"use strict"
/**
 * `npm run soak -- --plant`: proof that the checks can fail. After the run and its passing checks, the
 * database is broken the way each invariant guards against (a record lost, a return unproven, an
 * order paid twice, a return left half-done, a payment off by a cent, two live links on a cart, a
 * redemption row lost, a link made after a paid one, an order's capture lost, a card granted past
 * its limit); the run then passes only if every invariant counts its break.
 */

async function plantBreaks(db, { results, sandbox }) {
  const ordered = results.filter(
    (r) =>
      r.result === "ordered" && r.returns.some((x) => x.current && x.orderId)
  )
  const granted = new Set(sandbox.discounts.map((d) => d.cardLast4))
  const carded = results.filter(
    (r) => r.plan.card && granted.has(r.plan.card.slice(-4))
  )
  // Records no order holds (withdrawn, canceled, failed, unknown, or live), taken from the database
  // so that the plants do not depend on how many customers walked away in this run.
  const spare = (
    await db.query(
      `select c.id, c.cart_id, c.payment_session_id, c.checkout_id,
              exists(select 1 from payment_session ps where ps.id = c.payment_session_id and ps.status = 'pending' and ps.deleted_at is null) as pending
         from paylink_checkout c
        where c.deleted_at is null and c.order_id is null and c.cart_id is not null and c.status <> 'completed'
        order by c.number`
    )
  ).rows
  const pendingWithCheckout = spare.find((c) => c.pending && c.checkout_id)
  if (
    ordered.length < 6 ||
    !pendingWithCheckout ||
    spare.length < 5 ||
    !carded.length
  ) {
    throw new Error(
      `--plant needs 6 orders, a pending session with its checkout, 5 records no order holds and a granted discount; ` +
        `the run made ${ordered.length}, ${pendingWithCheckout ? 1 : 0}, ${spare.length}, ${carded.length}`
    )
  }
  const others = spare.filter((c) => c !== pendingWithCheckout)
  const orderOf = (r) => r.returns.find((x) => x.current && x.orderId).orderId
  const planted = {}
  const plant = async (invariants, what, text, params) => {
    await db.query(text, params)
    for (const name of invariants) planted[name] = what
  }

  await plant(
    [
      "sessions left pending with no record",
      "checkouts at the service with no record",
    ],
    `deleted the record of cart ${pendingWithCheckout.cart_id}'s link`,
    "delete from paylink_checkout where id = $1",
    [pendingWithCheckout.id]
  )
  await plant(
    ["orders without a verified return"],
    `cleared returned_at of order ${orderOf(ordered[0])}'s link`,
    "update paylink_checkout set returned_at = null where order_id = $1",
    [orderOf(ordered[0])]
  )
  await plant(
    ["orders with more than one paid link"],
    `tied another link to order ${orderOf(ordered[1])} as completed`,
    "update paylink_checkout set status = 'completed', order_id = $1 where id = $2",
    [orderOf(ordered[1]), others[0].id]
  )
  await plant(
    [
      "paid returns with neither an order nor needs_attention",
      "paid returns of a cart's live link that placed no order",
    ],
    `left order ${orderOf(ordered[2])}'s link half-done (returned)`,
    "update paylink_checkout set status = 'returned' where order_id = $1 and status = 'completed'",
    [orderOf(ordered[2])]
  )
  await plant(
    ["orders charged another amount than paid at the service"],
    `added GTQ 0.01 to order ${orderOf(ordered[3])}'s payment`,
    "update payment set amount = amount + 0.01 where payment_collection_id in (select payment_collection_id from order_payment_collection where order_id = $1)",
    [orderOf(ordered[3])]
  )
  await plant(
    ["carts with more than one live link"],
    `made two links live on cart ${others[1].cart_id}`,
    "update paylink_checkout set status = 'created', cart_id = $1 where id = any($2)",
    [others[1].cart_id, [others[1].id, others[2].id]]
  )
  await plant(
    ["program authorizations with no redemption row"],
    `deleted the redemption rows of cart ${carded[0].cartId}`,
    "delete from benefit_redemption where cart_id = $1",
    [carded[0].cartId]
  )
  await plant(
    ["carts with a link made after a paid link came back"],
    `moved a link onto cart ${ordered[4].cartId}, made after its paid link came back`,
    "update paylink_checkout set cart_id = $1, created_at = now() where id = $2",
    [ordered[4].cartId, others[3].id]
  )
  await plant(
    ["orders whose paid link left them unpaid"],
    `deleted the capture of order ${orderOf(ordered[5])}'s payment`,
    "delete from capture where payment_id in (select p.id from payment p join order_payment_collection opc on opc.payment_collection_id = p.payment_collection_id where opc.order_id = $1)",
    [orderOf(ordered[5])]
  )
  // The program's side: its log shows four more grants to one card, none redeemed.
  const last4 = carded[0].plan.card.slice(-4)
  for (let k = 0; k < 4; k++) {
    sandbox.discounts.push({
      authorization: `PLANTED${k}`,
      confirmation: `PLANTED${k}`,
      cardLast4: last4,
      discount: "1",
      total: "1",
      at: new Date().toISOString(),
      answeredLate: false,
    })
  }
  planted["cards over the unused-authorization limit"] =
    `added 4 unredeemed program grants to card …${last4}`
  return planted
}

module.exports = { plantBreaks }
