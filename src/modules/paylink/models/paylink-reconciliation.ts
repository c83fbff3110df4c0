import { model } from "@medusajs/framework/utils"
import { RECONCILIATION_STATUSES } from "../../../types/reconciliation"

/**
 * One reconciliation: a gateway's transactions export read against the checkout records. The file
 * itself stays in Medusa's File module (`file_key`); this row is the record the issue asks for —
 * who, when, which file (name and SHA-256), which gateway, the period it covers, the counts per
 * group — and the progress of its background read.
 */
const PaylinkReconciliation = model
  .define("paylink_reconciliation", {
    id: model.id({ prefix: "plrec" }).primaryKey(),
    /** The gateway's path key (gatewayA, gatewayB, gatewayC): products of one gateway share its export. */
    gateway: model.text(),
    status: model.enum([...RECONCILIATION_STATUSES]).default("reading"),
    file_key: model.text(),
    file_name: model.text(),
    file_sha256: model.text(),
    file_size: model.number(),
    encoding: model.text(),
    delimiter: model.text(),
    /** The mapping this file was read with (types/reconciliation.ts ReconciliationMapping). */
    mapping: model.json(),
    /** ISO days (YYYY-MM-DD, Guatemala time) of the report's earliest and latest row. */
    period_start: model.text().nullable(),
    period_end: model.text().nullable(),
    rows_read: model.number().default(0),
    rows_skipped: model.number().default(0),
    rows_bad: model.number().default(0),
    bytes_read: model.number().default(0),
    /** Entries per group (ReconciliationCounts). */
    counts: model.json().nullable(),
    /** Records changed by applying, per action; null until applied. */
    applied_changes: model.json().nullable(),
    created_by: model.text().nullable(),
    applied_by: model.text().nullable(),
    applied_at: model.dateTime().nullable(),
    error: model.text().nullable(),
    /**
     * The read's payment rows matched no link of this gateway while it has orders in the period
     * ({ payments, records }, lib/reconciliation gatewayMismatch): applying needs `confirm_gateway`.
     */
    gateway_mismatch: model.json().nullable(),
    /** Failed writes since the read began (any batch; the last at `read_failed_line`): at READ_ATTEMPTS the read ends `failed`. */
    read_failures: model.number().default(0),
    read_failed_line: model.number().nullable(),
  })
  .indexes([
    { on: ["gateway"] },
    { on: ["created_at"] },
    { on: ["file_sha256"] },
  ])

export default PaylinkReconciliation
