/**
 * One batch of the background read: the payment rows of up to a thousand lines matched to their
 * records by ONE query, each classified (lib/reconciliation classifyPayment), written with the
 * batch's bad rows and the progress in one transaction.
 */
import { generateEntityId } from "@medusajs/framework/utils"
import { classifyPayment, type PaymentRow, type RecordFacts } from "../../../lib/reconciliation"
import { gatewayDefinition, PATH_KEY_OF, type Gateway } from "../../../lib/paylink/gateways"
import type PaylinkModuleService from "../../../modules/paylink/service"
import type { BadRowInsert, EntryInsert, ReadProgress } from "../../../modules/paylink/reconciliation-sql"
import type { MatchedRecord } from "../../../modules/paylink/services/reconciliations"
import type { ReconciliationGateway, ReferenceKind } from "../../../types/reconciliation"

export type ReadContext = {
  id: string
  gateway: ReconciliationGateway
  kind: ReferenceKind
  /** Records an earlier row of this file matched: a second row for one is a duplicate. Ids only. */
  matched: Set<string>
}

const keyOf = (kind: ReferenceKind, row: PaymentRow) => (kind === "number" ? row.number : row.checkoutId) as number | string

function factsOf(record: MatchedRecord, gateway: ReconciliationGateway): RecordFacts {
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
  }
}

/** Per reference, the record to compare with: this gateway's when several share a checkout id. */
function recordsByReference(kind: ReferenceKind, records: MatchedRecord[], gateway: ReconciliationGateway) {
  const byKey = new Map<number | string, MatchedRecord>()
  for (const record of records) {
    const key = kind === "number" ? record.number : (record.checkout_id as string)
    const kept = byKey.get(key)
    if (!kept || (PATH_KEY_OF[kept.gateway as Gateway] !== gateway && PATH_KEY_OF[record.gateway as Gateway] === gateway)) {
      byKey.set(key, record)
    }
  }
  return byKey
}

export async function writeBatch(
  paylink: PaylinkModuleService,
  ctx: ReadContext,
  payments: PaymentRow[],
  badRows: Omit<BadRowInsert, "id">[],
  progress: ReadProgress
): Promise<void> {
  const refs = [...new Set(payments.map((p) => keyOf(ctx.kind, p)))]
  const byKey = recordsByReference(ctx.kind, await paylink.findReconciliationRecords(ctx.kind, refs), ctx.gateway)
  const entries: EntryInsert[] = payments.map((row) => {
    const record = byKey.get(keyOf(ctx.kind, row)) ?? null
    const facts = record ? factsOf(record, ctx.gateway) : null
    const verdict = classifyPayment(row, facts, record ? ctx.matched.has(record.id) : false)
    if (facts?.gatewayMatches) ctx.matched.add(facts.id)
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
  const bad = badRows.map((b) => ({ id: generateEntityId(undefined, "plrcb"), ...b }))
  await paylink.writeReconciliationBatch(ctx.id, entries, bad, progress)
}
