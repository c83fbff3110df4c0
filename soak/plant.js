"use strict"
/**
 * `npm run soak -- --plant`: proof that the checks can fail. After the run and its passing checks, the
 * database is broken the way each invariant guards against (a record lost, a return unproven, an
 * order paid twice, a return left half-done, a redemption row lost); the run then passes only if
 * every invariant counts its break.
 */

async function plantBreaks(db, { results, sandbox }) {
  const ordered = results.filter((r) => r.result === "ordered")
  const abandoned = results.filter((r) => r.result === "abandoned" && r.links.length)
  const granted = new Set(sandbox.discounts.map((d) => d.cardLast4))
  const carded = results.filter((r) => r.plan.card && granted.has(r.plan.card.slice(-4)))
  if (ordered.length < 3 || abandoned.length < 2 || !carded.length) {
    throw new Error(`--plant needs 3 orders, 2 abandoned links and a granted discount; the run made ${ordered.length}, ${abandoned.length}, ${carded.length}`)
  }
  const orderOf = (r) => r.returns.find((x) => x.orderId).orderId
  const planted = {}

  await db.query("delete from paylink_checkout where payment_session_id = $1", [abandoned[0].links[0].sessionId])
  planted["sessions left pending with no record"] = `deleted the record of cart ${abandoned[0].cartId}'s link`
  planted["checkouts at the service with no record"] = planted["sessions left pending with no record"]

  await db.query("update paylink_checkout set returned_at = null where order_id = $1", [orderOf(ordered[0])])
  planted["orders without a verified return"] = `cleared returned_at of order ${orderOf(ordered[0])}'s link`

  await db.query("update paylink_checkout set status = 'completed', order_id = $1 where payment_session_id = $2", [
    orderOf(ordered[1]),
    abandoned[1].links[0].sessionId,
  ])
  planted["orders with more than one paid link"] = `tied an abandoned link to order ${orderOf(ordered[1])} as completed`

  await db.query("update paylink_checkout set status = 'returned' where order_id = $1 and status = 'completed'", [orderOf(ordered[2])])
  planted["paid returns with neither an order nor needs_attention"] = `left order ${orderOf(ordered[2])}'s link half-done (returned)`

  await db.query("delete from benefit_redemption where cart_id = $1", [carded[0].cartId])
  planted["program authorizations with no redemption row"] = `deleted the redemption rows of cart ${carded[0].cartId}`
  return planted
}

module.exports = { plantBreaks }
