export const RECONCILIATION_FIELDS = [
  "id",
  "gateway",
  "status",
  "file_name",
  "file_sha256",
  "file_size",
  "encoding",
  "delimiter",
  "mapping",
  "period_start",
  "period_end",
  "rows_read",
  "rows_skipped",
  "rows_bad",
  "bytes_read",
  "counts",
  "applied_changes",
  "created_by",
  "applied_by",
  "applied_at",
  "error",
  "gateway_mismatch",
  "created_at",
  "updated_at",
]

export const ENTRY_FIELDS = [
  "id",
  "group",
  "reason",
  "line",
  "reference",
  "paid_at",
  "reported_amount",
  "reported_currency",
  "card_last4",
  "authorization",
  "checkout_record_id",
  "checkout_number",
  "record_status",
  "expected_amount",
  "expected_currency",
  "order_id",
  "action",
  "applied",
  "changed",
]

export const BAD_ROW_FIELDS = ["line", "column", "value", "reason"]

export const listReconciliationsQueryConfig = {
  defaults: RECONCILIATION_FIELDS,
  allowed: RECONCILIATION_FIELDS,
  defaultLimit: 20,
  isList: true,
}
export const retrieveReconciliationQueryConfig = {
  defaults: RECONCILIATION_FIELDS,
  allowed: RECONCILIATION_FIELDS,
  isList: false,
}
export const listEntriesQueryConfig = {
  defaults: ENTRY_FIELDS,
  allowed: ENTRY_FIELDS,
  defaultLimit: 50,
  isList: true,
}
export const listBadRowsQueryConfig = {
  defaults: BAD_ROW_FIELDS,
  allowed: BAD_ROW_FIELDS,
  defaultLimit: 50,
  isList: true,
}
