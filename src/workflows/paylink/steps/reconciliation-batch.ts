/**
 * One batch of the background read: up to a thousand lines' payment rows matched to their records by
 * one query, each checked and classified (lib/reconciliation), written with the batch's bad rows and
 * progress in one transaction.
 */
import { generateEntityId } from "@medusajs/framework/utils"
import {
  classifyPayment,
  isRenewalRow,
  notAPayment,
  notItsPayment,
  type PaymentRow,
  type RecordFacts,
} from "../../../lib/reconciliation"
import {
  gatewayDefinition,
  PATH_KEY_OF,
  type Gateway,
} from "../../../lib/paylink/gateways"
import { planOf } from "../../../lib/subscriptions/schedule"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import type {
  BadRowInsert,
  EntryInsert,
  ReadProgress,
} from "../../../modules/paylink/types"
import type { MatchedRecord } from "../../../modules/paylink/services/reconciliations"
import type {
  EntryReason,
  ReconciliationGateway,
} from "../../../types/reconciliation"

export type ReadContext = {
  id: string
  gateway: ReconciliationGateway
  /** Records an earlier row of this file matched: a second row for one is a duplicate. Ids only. */
  matched: Set<string>
  /** How far the service's clock may run from the store's (plugin option clockSkewMinutes). */
  skewMs: number
  /** The store's renewalGapMinutes, or null: half the plan's period. */
  gapMs: number | null
  /**
   * Makes the subscription of each paid subscription link with an order that has none yet (its
   * order.placed handler did not run: a crash, a link settled by the merchant) and answers their
   * record ids, so their renewals in this file are read as a subscription's.
   */
  ensureSubscriptions: (recordIds: string[]) => Promise<string[]>
}

function factsOf(
  record: MatchedRecord,
  gateway: ReconciliationGateway
): RecordFacts {
  return {
    id: record.id,
    number: record.number,
    gatewayMatches: PATH_KEY_OF[record.gateway as Gateway] === gateway,
    recurring: gatewayDefinition(record.gateway as Gateway).recurring,
    status: record.status,
    cents: record.cents,
    currency: record.currency,
    orderId: record.order_id,
    canceledBy: record.canceled_by,
    paymentVerification: record.payment_verification,
    handedOverShort: record.attention_code === "paid_in_report_differs",
    firstPaidBy: record.first_paid_by,
    plan: record.plan ? planOf(record.plan) : null,
    subscription: record.subscription_status,
    subscriptionEndedAt: record.subscription_ended_at,
  }
}

/** The batch's records by number and by checkout id (this gateway's when several share a checkout id). */
function indexRecords(
  records: MatchedRecord[],
  gateway: ReconciliationGateway
) {
  const byNumber = new Map<number, MatchedRecord>()
  const byCheckoutId = new Map<string, MatchedRecord>()
  const ours = (r: MatchedRecord) =>
    PATH_KEY_OF[r.gateway as Gateway] === gateway
  for (const record of records) {
    byNumber.set(record.number, record)
    if (record.checkout_id === null) continue
    const kept = byCheckoutId.get(record.checkout_id)
    if (!kept || (!ours(kept) && ours(record)))
      byCheckoutId.set(record.checkout_id, record)
  }
  return { byNumber, byCheckoutId }
}

/** By checkout id first, else by link number, then checked (docs/architecture.md#which-record-a-row-pays). */
function recordOfRow(
  row: PaymentRow,
  index: ReturnType<typeof indexRecords>,
  skewMs: number
): { record: MatchedRecord | null; refused: EntryReason | null } {
  const found =
    (row.checkoutId !== undefined
      ? index.byCheckoutId.get(row.checkoutId)
      : undefined) ??
    (row.number !== undefined ? index.byNumber.get(row.number) : undefined)
  if (!found) return { record: null, refused: null }
  const refused = notItsPayment(
    row,
    {
      number: found.number,
      checkoutId: found.checkout_id,
      createdAt: found.created_at,
    },
    skewMs
  )
  return refused ? { record: null, refused } : { record: found, refused: null }
}

export async function writeBatch(
  paylink: PaylinkModuleService,
  ctx: ReadContext,
  payments: PaymentRow[],
  badRows: Omit<BadRowInsert, "id">[],
  progress: ReadProgress
): Promise<void> {
  const numbers = [
    ...new Set(
      payments.flatMap((p) => (p.number === undefined ? [] : [p.number]))
    ),
  ]
  const checkoutIds = [
    ...new Set(
      payments.flatMap((p) =>
        p.checkoutId === undefined ? [] : [p.checkoutId]
      )
    ),
  ]
  let records = await paylink.findReconciliationRecords(numbers, checkoutIds)
  const unsubscribed = records.filter(
    (r) =>
      gatewayDefinition(r.gateway as Gateway).recurring &&
      r.status === "completed" &&
      r.order_id !== null &&
      r.subscription_status === null
  )
  if (unsubscribed.length) {
    const made = new Set(
      await ctx.ensureSubscriptions(unsubscribed.map((r) => r.id))
    )
    records = records.map((r) =>
      made.has(r.id) && r.subscription_status === null
        ? { ...r, subscription_status: "active" }
        : r
    )
  }
  const index = indexRecords(records, ctx.gateway)
  const entries: EntryInsert[] = payments.map((row) => {
    // A row refused as another link's payment keeps no record: it must not count as the record's row.
    const { record, refused } = recordOfRow(row, index, ctx.skewMs)
    const facts = record ? factsOf(record, ctx.gateway) : null
    const verdict = refused
      ? notAPayment(refused)
      : classifyPayment(
          row,
          facts,
          record ? ctx.matched.has(record.id) : false,
          ctx.skewMs,
          ctx.gapMs
        )
    // A renewal is no first payment: the link's first payment may come later in the file.
    if (
      facts?.gatewayMatches &&
      !isRenewalRow(row, facts, ctx.skewMs, ctx.gapMs)
    )
      ctx.matched.add(facts.id)
    return {
      id: generateEntityId(undefined, "plrce"),
      line: row.line,
      ...verdict,
      reference: row.reference,
      paid_at: row.paidAt,
      reported_cents: row.cents,
      reported_currency: row.currency,
      card_last4: row.cardLast4,
      authorization: row.authorization,
      record: record && {
        id: record.id,
        number: record.number,
        status: record.status,
        cents: record.cents,
        currency: record.currency,
        order_id: record.order_id,
      },
    }
  })
  const bad = badRows.map((b) => ({
    id: generateEntityId(undefined, "plrcb"),
    ...b,
  }))
  await paylink.writeReconciliationBatch(ctx.id, entries, bad, progress)
}
