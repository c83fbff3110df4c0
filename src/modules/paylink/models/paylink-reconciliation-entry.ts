import { model } from "@medusajs/framework/utils"
import {
  ENTRY_ACTIONS,
  RECONCILIATION_GROUPS,
} from "../../../types/reconciliation"

/**
 * One line of a reconciliation's result: a payment row of the file (with the record it matched,
 * if any), or a record with an order and no row (`order_no_payment`, `line` null). Written in
 * batches by the background read; `applied` turns true when applying has done `action`, and
 * `changed` says whether that apply changed the record (false: it was already so), written in the
 * same statement: the hook's lists are read from it, so they hold every change across runs.
 */
const PaylinkReconciliationEntry = model
  .define("paylink_reconciliation_entry", {
    id: model.id({ prefix: "plrce" }).primaryKey(),
    reconciliation_id: model.text(),
    group: model.enum([...RECONCILIATION_GROUPS]),
    /** types/reconciliation.ts ENTRY_REASONS */
    reason: model.text(),
    line: model.number().nullable(),
    reference: model.text().nullable(),
    paid_at: model.dateTime().nullable(),
    reported_amount: model.bigNumber().nullable(),
    reported_currency: model.text().nullable(),
    card_last4: model.text().nullable(),
    authorization: model.text().nullable(),
    checkout_record_id: model.text().nullable(),
    checkout_number: model.number().nullable(),
    record_status: model.text().nullable(),
    expected_amount: model.bigNumber().nullable(),
    expected_currency: model.text().nullable(),
    order_id: model.text().nullable(),
    action: model.enum([...ENTRY_ACTIONS]).nullable(),
    applied: model.boolean().default(false),
    changed: model.boolean().default(false),
  })
  .indexes([
    { on: ["reconciliation_id", "group"] },
    {
      on: ["reconciliation_id", "line"],
      unique: true,
      where: "line IS NOT NULL AND deleted_at IS NULL",
    },
    { on: ["checkout_record_id"] },
  ])

export default PaylinkReconciliationEntry
