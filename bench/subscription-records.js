"use strict"
/**
 * Subscriptions for the renewal bench and the renewal crash test, written by SQL in batches (they
 * measure renewal orders, not how subscriptions come to be): each a paid subscription link of
 * gateway A with its subscription (one unit of the seeded variant at GTQ 100, monthly, first paid
 * `paidAt`), and the gateway's export holding one renewal of each a month later, in the sandbox's
 * layout (src/sandbox/export-format.ts).
 */
const { stringify } = require("csv-stringify/sync")
const { loadSandboxSource } = require("../demo/lib/sandbox")

const BATCH = 2_000
const AMOUNT = "100"

const numberOf = (startNumber, i) => startNumber + i

/**
 * Writes `count` subscriptions; answers { subscriptions, records } ids. `store`: the seeded store's
 * { variantId, gtqRegionId } (integration-tests/helpers/seed.ts); the sales channel is the store's first.
 */
async function seedSubscriptions(
  client,
  { count, startNumber, paidAt, store }
) {
  const [{ id: channelId }] = (
    await client.query(
      `select id from sales_channel where deleted_at is null order by created_at limit 1`
    )
  ).rows
  const next = new Date(paidAt)
  next.setUTCMonth(next.getUTCMonth() + 1)
  for (let from = 0; from < count; from += BATCH) {
    const rows = []
    for (let i = from; i < Math.min(count, from + BATCH); i++) {
      const n = numberOf(startNumber, i)
      rows.push({
        record: `plck_subbench_${n}`,
        sub: `plsub_bench_${n}`,
        number: n,
        checkout_id: `chk_subbench_${n}`,
        email: `suscriptor${n}@example.com`,
      })
    }
    const json = JSON.stringify(rows)
    await client.query(
      `insert into paylink_checkout (id, number, checkout_id, gateway, provider_id, payment_session_id, amount, raw_amount,
         currency_code, return_expires_at, status, confirmation, origin, order_id, returned_at, completed_at, created_at, plan)
       select r.record, r.number, r.checkout_id, 'gateway_a_subscription', 'pp_paylink-gateway-a-subscription_monthly',
         'payses_' || r.record, ${AMOUNT}, jsonb_build_object('value', '${AMOUNT}', 'precision', 20), 'gtq',
         now() + interval '1 day', 'completed', 'return', 'storefront', 'order_subbench_' || r.number, $2, $2,
         $2::timestamptz - interval '5 minutes', '{"interval":"month","count":1}'::jsonb
       from jsonb_to_recordset($1::jsonb) as r(record text, sub text, number int, checkout_id text, email text)`,
      [json, paidAt]
    )
    const items = JSON.stringify([
      {
        variant_id: store.variantId,
        product_id: null,
        title: "Café de Huehuetenango",
        product_title: "Café de Huehuetenango",
        variant_title: "Bag",
        sku: null,
        thumbnail: null,
        quantity: 1,
        unit_price: AMOUNT,
        is_tax_inclusive: false,
      },
    ])
    await client.query(
      `insert into paylink_subscription (id, checkout_record_id, number, checkout_id, provider_id, first_order_id, email,
         customer_name, shipping_address, region_id, sales_channel_id, items, plan, amount, raw_amount, currency_code,
         started_at, last_charge_at, next_charge_at)
       select r.sub, r.record, r.number, r.checkout_id, 'pp_paylink-gateway-a-subscription_monthly', 'order_subbench_' || r.number,
         r.email, 'Suscriptor ' || r.number,
         '{"first_name":"Ana","last_name":"López","address_1":"6a Avenida 1-23","city":"Guatemala","country_code":"gt"}'::jsonb,
         $2, $3, $4::jsonb, '{"interval":"month","count":1}'::jsonb, ${AMOUNT},
         jsonb_build_object('value', '${AMOUNT}', 'precision', 20), 'gtq', $5, $5, $6
       from jsonb_to_recordset($1::jsonb) as r(record text, sub text, number int, checkout_id text, email text)`,
      [json, store.gtqRegionId, channelId, items, paidAt, next]
    )
  }
  await client.query(
    `select setval(pg_get_serial_sequence('paylink_checkout', 'number'), (select max(number) from paylink_checkout))`
  )
}

/** The export: one renewal per subscription, a month after `paidAt`, a minute apart (Guatemala time). */
function renewalExport({ count, startNumber, paidAt }) {
  const F = loadSandboxSource("export-format")
  const renewedAt = new Date(paidAt)
  renewedAt.setUTCMonth(renewedAt.getUTCMonth() + 1)
  const rows = [[...F.EXPORT_COLUMNS]]
  for (let i = 0; i < count; i++) {
    const n = numberOf(startNumber, i)
    rows.push([
      String(n),
      `chk_subbench_${n}`,
      F.formatGuatemalaDateTime(new Date(renewedAt.getTime() + i * 60_000)),
      F.formatExportMoney(10000n, "GTQ"),
      "GTQ",
      F.EXPORT_STATUS.paid,
      F.maskedCard("4242"),
      String(100000 + i),
      F.PRODUCT_SUBSCRIPTION,
      `Suscripción ${n}`,
    ])
  }
  return Buffer.from(stringify(rows, F.STRINGIFY_OPTIONS))
}

module.exports = { seedSubscriptions, renewalExport }
