/** The pure readers, imported from their own files: the index also exports the streaming reader (Node only). */
export { parseReportAmount } from "../../lib/reconciliation/amount"
export { parseReportDate } from "../../lib/reconciliation/report-date"
export {
  DEFAULT_PAID_STATUSES,
  isPaidStatus,
} from "../../lib/reconciliation/status"
