/**
 * The reconciliation's reading library: pure functions over a gateway's CSV export (no database,
 * no Medusa container). The upload route sniffs and previews, the background job streams and
 * reads rows, the match classifies, the download writes the result.
 */
export { sniffDialect, HEAD_BYTES, type CsvDialect } from "./dialect"
export { previewCsv } from "./preview"
export { openCsv, type CsvRow } from "./open-csv"
export {
  parseReportAmount,
  MAX_REPORT_CENTS,
  MAX_REPORT_AMOUNT_TEXT,
  type AmountReading,
} from "./amount"
export { parseReportDate, type DateReading } from "./report-date"
export {
  EMPTY_PERIOD,
  widenPeriod,
  type ReportPeriod,
  type DatedRow,
} from "./report-period"
export { DEFAULT_PAID_STATUSES, normalizeStatus, isPaidStatus } from "./status"
export { suggestMapping, mappingProblems, withCrossCheck } from "./mapping"
export {
  readReportRow,
  type ReportRow,
  type PaymentRow,
  type OtherRow,
  type BadRow,
} from "./report-row"
export {
  classifyPayment,
  classifyUnpaidOrder,
  isShortPayment,
  isRenewalRow,
  notItsPayment,
  notAPayment,
  CLOCK_SKEW_MS,
  type RecordFacts,
  type RecordIdentity,
  type Classification,
} from "./classify"
export { entriesCsv, ENTRY_CSV_COLUMNS, type EntryForCsv } from "./entries-csv"
export { gatewayMismatch } from "./gateway-mismatch"
export { storableText, unstorableCharacter } from "./storable-text"
export {
  READ_ATTEMPTS,
  ReadWriteError,
  readFailedReason,
  readErrorSummary,
  databaseErrorCode,
  type FailedLines,
} from "./read-failure"
