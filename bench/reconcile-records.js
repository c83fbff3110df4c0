"use strict"
/**
 * Checkout records for the reconciliation bench, written by SQL in batches (the bench measures the
 * read, not how records come to be), shaped so that every group of the result is exercised and
 * its size known beforehand. For the synthetic export's rows (src/sandbox/export-fixture.ts):
 *   - a bad row or a row that is not a payment: no record;
 *   - a paid row, by its position among paid rows (i % 20): 0 no record (unknown), 1 a `created`
 *     record with no order (paid, no order), 2 an order whose record expected 1.00 more (amount
 *     mismatch), otherwise a `completed` record with its order (matched);
 *   - and, not in the file, one order in 100 rows returned inside the file's period (order, no payment).
 */
const BATCH = 5_000

function cents(n) {
  const s = n.toString().padStart(3, "0")
  return `${s.slice(0, -2)}.${s.slice(-2)}`
}

/** Writes the records; answers { records, counts } with the groups the read must find. */
async function seedMatchingRecords(client, rows) {
  const counts = {
    matched: 0,
    paid_no_order: 0,
    order_no_payment: 0,
    unknown: 0,
    amount_mismatch: 0,
  }
  let batch = []
  let records = 0
  let paid = 0
  let lastNumber = 0
  let firstAt = null
  let total = 0
  const flush = async () => {
    if (!batch.length) return
    await insert(client, batch)
    records += batch.length
    batch = []
  }
  // Each record is the row's own link: its checkout id, made five minutes before it was paid (a
  // row older than its link, or of another checkout id, is another link's payment).
  const record = (
    number,
    amountCents,
    status,
    at,
    paidAt,
    checkoutId = null
  ) => ({
    id: `plck_bench_${number}`,
    number,
    checkout_id: checkoutId,
    amount: cents(amountCents),
    status,
    order_id: status === "completed" ? `order_bench_${number}` : null,
    at,
    created_at: new Date(paidAt.getTime() - 5 * 60_000),
  })
  for (const row of rows) {
    total++
    lastNumber = row.number
    if (!firstAt) firstAt = row.at
    if (row.bad || row.status !== "Pagado") continue
    const kind = paid++ % 20
    if (kind === 0) counts.unknown++
    else if (kind === 1) {
      counts.paid_no_order++
      batch.push(
        record(row.number, row.cents, "created", null, row.at, row.checkoutId)
      )
    } else if (kind === 2) {
      counts.amount_mismatch++
      batch.push(
        record(
          row.number,
          row.cents + 100n,
          "completed",
          row.at,
          row.at,
          row.checkoutId
        )
      )
    } else {
      counts.matched++
      batch.push(
        record(
          row.number,
          row.cents,
          "completed",
          row.at,
          row.at,
          row.checkoutId
        )
      )
    }
    if (batch.length >= BATCH) await flush()
  }
  const unpaid = Math.max(1, Math.round(total / 100))
  for (let i = 1; i <= unpaid; i++) {
    counts.order_no_payment++
    const at = new Date(firstAt.getTime() + i * 60_000)
    batch.push(record(lastNumber + i, 12_345n, "completed", at, at))
    if (batch.length >= BATCH) await flush()
  }
  await flush()
  await client.query(
    `select setval(pg_get_serial_sequence('paylink_checkout', 'number'), (select max(number) from paylink_checkout))`
  )
  return { records, counts }
}

async function insert(client, records) {
  await client.query(
    `insert into paylink_checkout (id, number, checkout_id, gateway, provider_id, payment_session_id, amount, raw_amount, currency_code,
       return_expires_at, status, confirmation, origin, order_id, returned_at, completed_at, created_at)
     select r.id, r.number, r.checkout_id, 'gateway_b', 'pp_paylink-gateway-b_default', 'payses_' || r.id, r.amount::numeric,
       jsonb_build_object('value', r.amount, 'precision', 20), 'gtq', now() + interval '1 day', r.status, 'return',
       'storefront', r.order_id, r.at, r.at, r.created_at
     from jsonb_to_recordset($1::jsonb) as r(id text, number int, checkout_id text, amount text, status text, order_id text, at timestamptz, created_at timestamptz)`,
    [JSON.stringify(records)]
  )
}

module.exports = { seedMatchingRecords }
