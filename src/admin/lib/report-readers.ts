/**
 * The reading library's pure readers (src/lib/reconciliation), imported from their own files: its
 * index also exports the streaming reader, which needs Node's streams and has no place in the
 * admin's bundle.
 */
export { parseReportAmount } from "../../lib/reconciliation/amount"
export { parseReportDate } from "../../lib/reconciliation/report-date"
export { DEFAULT_PAID_STATUSES, isPaidStatus } from "../../lib/reconciliation/status"
