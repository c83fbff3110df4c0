/**
 * The background read's statements, one per batch each; a batch's rows travel as one jsonb
 * parameter. Every write is idempotent: a read restarted after a crash changes nothing.
 */
import type { BadRowInsert, EntryInsert, ReadProgress } from "../types"
import { moneyColumns as money, type Statement } from "./statement"

/**
 * The records a batch names by link number or by checkout id, across every gateway (a record of
 * another gateway is told apart, not taken for a missing one), by the unique index on number and
 * the index on checkout_id.
 */
export function findRecords(
  numbers: number[],
  checkoutIds: string[]
): Statement {
  // Json arrays, not driver arrays: knex spreads an array parameter into a list.
  return [
    `select c."id", c."number", c."checkout_id", c."gateway", c."status", round(c."amount" * 100)::bigint::text as "cents",
            upper(c."currency_code") as "currency", c."order_id", c."canceled_by", c."payment_verification", c."created_at",
            c."attention_detail"->>'code' as "attention_code", coalesce((c."attention_detail"->'params'->'report'->>'paid_at')::timestamptz, c."returned_at", c."completed_at") as "first_paid_by",
            c."plan",
            s."status" as "subscription_status", s."ended_at" as "subscription_ended_at"
       from "paylink_checkout" c
       left join "paylink_subscription" s on s."checkout_record_id" = c."id" and s."deleted_at" is null
      where (c."number" in (select jsonb_array_elements_text(?::jsonb)::int) or c."checkout_id" in (select jsonb_array_elements_text(?::jsonb)))
        and c."deleted_at" is null order by c."created_at"`,
    [JSON.stringify(numbers), JSON.stringify(checkoutIds)],
  ]
}

const ENTRY_RECORD = `r(id text, line int, "group" text, reason text, action text, reference text, paid_at timestamptz,
  reported_amount numeric, raw_reported_amount jsonb, reported_currency text, card_last4 text, "authorization" text,
  checkout_record_id text, checkout_number int, record_status text, expected_amount numeric, raw_expected_amount jsonb,
  expected_currency text, order_id text)`

const ENTRY_COLUMNS = `"id", "line", "group", "reason", "action", "reference", "paid_at", "reported_amount", "raw_reported_amount",
  "reported_currency", "card_last4", "authorization", "checkout_record_id", "checkout_number", "record_status",
  "expected_amount", "raw_expected_amount", "expected_currency", "order_id"`

export function insertEntries(
  reconciliationId: string,
  entries: EntryInsert[]
): Statement {
  const rows = entries.map((e) => {
    const reported = money(e.reported_cents)
    const expected = money(e.record?.cents ?? null)
    return {
      id: e.id,
      line: e.line,
      group: e.group,
      reason: e.reason,
      action: e.action,
      reference: e.reference,
      paid_at: e.paid_at.toISOString(),
      reported_amount: reported.amount,
      raw_reported_amount: reported.raw,
      reported_currency: e.reported_currency,
      card_last4: e.card_last4,
      authorization: e.authorization,
      checkout_record_id: e.record?.id ?? null,
      checkout_number: e.record?.number ?? null,
      record_status: e.record?.status ?? null,
      expected_amount: expected.amount,
      raw_expected_amount: expected.raw,
      expected_currency: e.record?.currency ?? null,
      order_id: e.record?.order_id ?? null,
    }
  })
  return [
    `insert into "paylink_reconciliation_entry" ("reconciliation_id", ${ENTRY_COLUMNS})
     select ?, ${ENTRY_COLUMNS} from jsonb_to_recordset(?::jsonb) as ${ENTRY_RECORD}
     on conflict ("reconciliation_id", "line") where "line" is not null and "deleted_at" is null do nothing`,
    [reconciliationId, JSON.stringify(rows)],
  ]
}

export function insertBadRows(
  reconciliationId: string,
  rows: BadRowInsert[]
): Statement {
  return [
    `insert into "paylink_reconciliation_bad_row" ("reconciliation_id", "id", "line", "column", "value", "reason")
     select ?, "id", "line", "column", "value", "reason"
       from jsonb_to_recordset(?::jsonb) as r("id" text, "line" int, "column" text, "value" text, "reason" text)
     on conflict ("reconciliation_id", "line") where "deleted_at" is null do nothing`,
    [reconciliationId, JSON.stringify(rows)],
  ]
}

/** The progress bar; also the read's heartbeat (updated_at), which the resume job watches. */
export function progressUpdate(
  reconciliationId: string,
  p: ReadProgress
): Statement {
  return [
    `update "paylink_reconciliation" set "rows_read" = ?, "rows_skipped" = ?, "rows_bad" = ?, "bytes_read" = ?, "updated_at" = now()
      where "id" = ? and "status" = 'reading'`,
    [p.rows_read, p.rows_skipped, p.rows_bad, p.bytes_read, reconciliationId],
  ]
}

/**
 * The reconciliation, locked for the read's end, if it is still being read: of two readers (one
 * taken over as stale while alive), the second waits for the first's end, then finds it finished
 * and adds nothing.
 */
export function lockReading(reconciliationId: string): Statement {
  return [
    `select "id" from "paylink_reconciliation" where "id" = ? and "status" = 'reading' and "deleted_at" is null for update`,
    [reconciliationId],
  ]
}

/**
 * Fresh statistics for the entries just written. Without them the planner takes the table for as
 * small as when the read began and checks "no entry for this record" by scanning every entry of the
 * reconciliation for each record: the 50,000-row bench spent minutes there (rows x records).
 */
export const analyzeEntries: Statement = [
  `analyze "paylink_reconciliation_entry"`,
  [],
]

/**
 * Records of the report's gateway with an order placed and no payment row in this report, paid from
 * its first day (Guatemala time, as the report's dates) until the latest instant its rows reach
 * (report-period.ts): an order paid after the export was taken is not missing from it. Each is
 * `order_no_payment`, flagged unverified when applied unless a reconciliation already settled the
 * question (classifyUnpaidOrder).
 */
export function insertUnpaidOrders(
  reconciliationId: string,
  gateways: string[],
  periodStart: string,
  until: Date
): Statement {
  return [
    `insert into "paylink_reconciliation_entry" ("id", "reconciliation_id", "group", "reason", "action", "checkout_record_id",
       "checkout_number", "record_status", "expected_amount", "raw_expected_amount", "expected_currency", "order_id")
     -- The id made here (no ULID in SQL): the prefix the model's ids carry, and a random body.
     select 'plrce_' || replace(gen_random_uuid()::text, '-', ''), ?, 'order_no_payment', 'no_payment_in_report',
            case when c."payment_verification" is null then 'unverified' end,
            c."id", c."number", c."status", c."amount", c."raw_amount", upper(c."currency_code"), c."order_id"
       from "paylink_checkout" c
      where c."gateway" in (select jsonb_array_elements_text(?::jsonb)) and c."status" = 'completed' and c."order_id" is not null and c."deleted_at" is null
        and (coalesce(c."returned_at", c."confirmed_at", c."completed_at") at time zone 'America/Guatemala')::date >= ?::date
        and coalesce(c."returned_at", c."confirmed_at", c."completed_at") <= ?::timestamptz
        and not exists (select 1 from "paylink_reconciliation_entry" e
                         where e."reconciliation_id" = ? and e."checkout_record_id" = c."id" and e."deleted_at" is null)`,
    [
      reconciliationId,
      JSON.stringify(gateways),
      periodStart,
      until.toISOString(),
      reconciliationId,
    ],
  ]
}

/** Entries per group, counted from the entries themselves (a restarted read counts the same). */
export function countEntries(reconciliationId: string): Statement {
  return [
    `select "group", count(*)::int as "n" from "paylink_reconciliation_entry"
      where "reconciliation_id" = ? and "deleted_at" is null group by "group"`,
    [reconciliationId],
  ]
}

/**
 * The read's end: the period, the counts, the gateway mismatch (null: none), status ready (once: a
 * second reader finishes nothing).
 */
export function finishUpdate(
  reconciliationId: string,
  period: { start: string | null; end: string | null },
  p: ReadProgress,
  counts: Record<string, number>,
  gatewayMismatch: { payments: number; records: number } | null = null
): Statement {
  return [
    `update "paylink_reconciliation" set "status" = 'ready', "period_start" = ?, "period_end" = ?, "counts" = ?::jsonb,
            "rows_read" = ?, "rows_skipped" = ?, "rows_bad" = ?, "bytes_read" = ?, "gateway_mismatch" = ?::jsonb, "read_failures" = 0, "read_failed_line" = null, "updated_at" = now()
      where "id" = ? and "status" = 'reading' returning "id"`,
    [
      period.start,
      period.end,
      JSON.stringify(counts),
      p.rows_read,
      p.rows_skipped,
      p.rows_bad,
      p.bytes_read,
      gatewayMismatch && JSON.stringify(gatewayMismatch),
      reconciliationId,
    ],
  ]
}

/**
 * One more failed write, at the batch starting at `firstLine`: the count after it, or none when the
 * read is no longer `reading`. Counted across batches (only a finished read starts it again): a
 * database that fails a different batch each time would otherwise have the read taken up again
 * every few minutes, forever. Its updated_at is the heartbeat: the resume job reads it again once
 * it is stale, not at once.
 */
export function recordBatchFailure(
  reconciliationId: string,
  firstLine: number
): Statement {
  return [
    `update "paylink_reconciliation"
        set "read_failures" = "read_failures" + 1, "read_failed_line" = ?, "updated_at" = now()
      where "id" = ? and "status" = 'reading' and "deleted_at" is null returning "read_failures"`,
    [firstLine, reconciliationId],
  ]
}

export function failUpdate(reconciliationId: string, error: string): Statement {
  return [
    `update "paylink_reconciliation" set "status" = 'failed', "error" = ?, "updated_at" = now()
      where "id" = ? and "status" = 'reading' returning "id"`,
    [error, reconciliationId],
  ]
}

/**
 * Takes the reads whose process stopped (no heartbeat since `before`): the compare-and-set on
 * updated_at lets one instance of several take each.
 */
export function claimStaleReads(before: Date): Statement {
  return [
    `update "paylink_reconciliation" set "updated_at" = now()
      where "status" = 'reading' and "updated_at" < ? and "deleted_at" is null returning "id"`,
    [before],
  ]
}

/** A subscription's expected charge the report shows missing (lib/subscriptions/schedule.ts missedCharge). */
export type OverdueInsert = {
  id: string
  record_id: string
  number: number
  first_order_id: string
  expected_at: Date
  cents: bigint
  currency: string
}

/** The missed renewals, as entries with no line (written once: in the read's finishing transaction). */
export function insertOverdueRenewals(
  reconciliationId: string,
  rows: OverdueInsert[]
): Statement {
  const entries = rows.map((r) => {
    const expected = money(r.cents)
    return {
      id: r.id,
      line: null,
      group: "order_no_payment",
      reason: "renewal_not_charged",
      action: "renewal_overdue",
      reference: String(r.number),
      paid_at: r.expected_at.toISOString(),
      reported_amount: null,
      raw_reported_amount: null,
      reported_currency: null,
      card_last4: null,
      authorization: null,
      checkout_record_id: r.record_id,
      checkout_number: r.number,
      record_status: "completed",
      expected_amount: expected.amount,
      raw_expected_amount: expected.raw,
      expected_currency: r.currency,
      order_id: r.first_order_id,
    }
  })
  return [
    `insert into "paylink_reconciliation_entry" ("reconciliation_id", ${ENTRY_COLUMNS})
     select ?, ${ENTRY_COLUMNS} from jsonb_to_recordset(?::jsonb) as ${ENTRY_RECORD}`,
    [reconciliationId, JSON.stringify(entries)],
  ]
}
