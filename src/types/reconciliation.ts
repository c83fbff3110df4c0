/**
 * Reconciliation against a gateway's transactions export: the shapes the admin API answers and the
 * admin pages read (docs/architecture.md#reconciliation). Pure types and constants, no Medusa import.
 */
import type { GatewayPathKey } from "../lib/paylink/gateways"
import type { CheckoutStatus } from "./paylink"
import type { ReconciliationRenewals } from "./subscriptions"

/** Products that share a gateway share its export, so the key is the gateway's path key. */
export type ReconciliationGateway = GatewayPathKey

/** `reference` is the link number or the checkout id; `other_reference` the other one, as a cross-check. */
export const MAPPED_FIELDS = [
  "reference",
  "other_reference",
  "amount",
  "currency",
  "paid_at",
  "status",
  "card_last4",
  "authorization",
] as const
export type MappedField = (typeof MAPPED_FIELDS)[number]

/** Fields every mapping must name; the rest are optional (currency defaults to the gateway's first). */
export const REQUIRED_MAPPED_FIELDS = [
  "reference",
  "amount",
  "paid_at",
  "status",
] as const satisfies readonly MappedField[]

export const REFERENCE_KINDS = ["number", "checkout_id"] as const
export type ReferenceKind = (typeof REFERENCE_KINDS)[number]

/** Kept per gateway for the next file; columns named by their exact header text. */
export type ReconciliationMapping = {
  reference: string
  reference_kind: ReferenceKind
  /** With both kinds mapped, a row is a record's payment only when both agree (link numbers repeat across stores). */
  other_reference?: string | null
  amount: string
  /** Absent: every row is in the gateway's first currency, or the amount's own symbol says (Q, US$). */
  currency?: string | null
  paid_at: string
  status: string
  card_last4?: string | null
  authorization?: string | null
  /** Status values that mean the money arrived, compared without case or accents; other rows are skipped. */
  paid_statuses: string[]
}

/** Where a row, or a record with no row, ends up. */
export const RECONCILIATION_GROUPS = [
  /** Paid, order placed (or settled by hand): nothing to do. */
  "matched",
  /** Paid, and no order: the customer never came back, or paid a withdrawn or expired link. */
  "paid_no_order",
  /** An order placed by a return, or a confirmed manual link, with no payment in a report covering its date. */
  "order_no_payment",
  /** A payment row that is no record's payment (another gateway's or store's, older than the link, a duplicate). */
  "unknown",
  /** A row and a record that disagree on the amount or the currency. */
  "amount_mismatch",
] as const
export type ReconciliationGroup = (typeof RECONCILIATION_GROUPS)[number]

/** Why an entry is in its group, as data the admin words in the merchant's language. */
export const ENTRY_REASONS = [
  "order_placed",
  "settled_by_merchant",
  "refunded_by_merchant",
  /** A later charge of a subscription link: Apply records it on the subscription and makes its renewal order. */
  "subscription_renewal",
  /** A subscription's expected charge, in the report's period with its grace, that the report does not show. */
  "renewal_not_charged",
  /** A later charge of a subscription the merchant marked ended: listed for a refund, no order. */
  "renewal_after_end",
  /** A later charge of a link whose first payment has no order yet: listed, no order. */
  "renewal_no_subscription",
  "never_returned",
  "paid_after_withdrawal",
  "paid_after_expiry",
  "already_needs_attention",
  "settling",
  "no_payment_in_report",
  "no_record",
  "other_gateway",
  "checkout_id_differs",
  /** The link never learned its checkout id: the row cannot be shown to be its payment. */
  "checkout_id_unknown",
  "number_differs",
  "paid_before_link",
  "duplicate_row",
  "amount_differs",
  "currency_differs",
] as const
export type EntryReason = (typeof ENTRY_REASONS)[number]

/** What applying does to an entry's record (null: nothing); flags go on the record and on its order. */
export const ENTRY_ACTIONS = [
  "needs_attention",
  "unverified",
  "verified",
  "short",
  /** Record the renewal on its subscription and make its order (unless the merchant's setting is off). */
  "renewal_order",
  /** Flag the subscription `renewal_overdue`. */
  "renewal_overdue",
] as const
export type EntryAction = (typeof ENTRY_ACTIONS)[number]

/** `reading` → `ready` → `applying` → `applied`; `failed` when the file cannot be read at all. */
export const RECONCILIATION_STATUSES = [
  "reading",
  "ready",
  "applying",
  "applied",
  "failed",
] as const
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number]

export type ReconciliationCounts = Record<ReconciliationGroup, number>

/** Payment rows the file has (none of them this gateway's), and this gateway's orders in its period. */
export type ReconciliationGatewayMismatch = {
  payments: number
  records: number
}

export type Reconciliation = {
  id: string
  gateway: ReconciliationGateway
  status: ReconciliationStatus
  file_name: string
  /** Hex SHA-256 of the file as uploaded. */
  file_sha256: string
  file_size: number
  encoding: "utf-8" | "latin1"
  delimiter: "," | ";"
  mapping: ReconciliationMapping
  /** The paid dates the report covers (its earliest and latest row of any status), ISO days. */
  period_start: string | null
  period_end: string | null
  /** Data rows read so far (progress), and of them skipped (not a payment) and bad (unreadable). */
  rows_read: number
  rows_skipped: number
  rows_bad: number
  /** Bytes of the file read so far, of `file_size`: the progress bar. */
  bytes_read: number
  counts: ReconciliationCounts
  /** How many records applying changed, per action (null until applied). */
  applied_changes: Record<EntryAction, number> | null
  created_by: string | null
  applied_by: string | null
  applied_at: string | null
  /** Why the file could not be read (status `failed`). */
  error: string | null
  /** Likely another gateway's export: applying it needs `confirm_gateway: true`. */
  gateway_mismatch: ReconciliationGatewayMismatch | null
  /** Its subscriptions' renewals, before and after Apply (the single reconciliation's routes answer it). */
  renewals?: ReconciliationRenewals
  created_at: string
  updated_at: string
}

/** One line of the result: a row of the file, a record with no row, or both. */
export type ReconciliationEntry = {
  id: string
  group: ReconciliationGroup
  reason: EntryReason
  /** The file's line (1 = header); null for a record with no row (`order_no_payment`). */
  line: number | null
  reference: string | null
  paid_at: string | null
  /** What the report says arrived (major units, as the admin's other amounts), and in which currency. */
  reported_amount: number | null
  reported_currency: string | null
  card_last4: string | null
  authorization: string | null
  /** The matched record, its number and status when read, the amount it expected, and its order. */
  checkout_record_id: string | null
  checkout_number: number | null
  record_status: CheckoutStatus | null
  expected_amount: number | null
  expected_currency: string | null
  order_id: string | null
  /** The order's display number (#12), as the merchant knows it; answered by the entries route. */
  order_display_id?: number | null
  /** What applying does to the record (null: nothing), and whether it has been done. */
  action: EntryAction | null
  applied: boolean
  /** Applied by changing the record (false while not applied, or when the record was already so). */
  changed: boolean
}

/** A row that could not be read: where, which column, the value and the rule it broke. */
export type ReconciliationBadRow = {
  line: number
  column: string
  value: string
  reason: string
}

/** The first rows of an uploaded file, for the mapping form. */
export type ReconciliationUploadPreview = {
  /** The stored file's key: the reconciliation is created from it. */
  file_key: string
  file_name: string
  file_size: number
  file_sha256: string
  encoding: "utf-8" | "latin1"
  delimiter: "," | ";"
  columns: string[]
  /** Up to 10 data rows, cells in the columns' order. */
  rows: string[][]
  /** The mapping kept from this gateway's last file, else one guessed from the column names. */
  suggested_mapping: Partial<ReconciliationMapping>
  /** Whether `suggested_mapping` is the one kept for this gateway (else a guess). */
  mapping_is_saved: boolean
}

export type AdminReconciliationResponse = { reconciliation: Reconciliation }
export type AdminReconciliationListResponse = {
  reconciliations: Reconciliation[]
  count: number
  offset: number
  limit: number
}
export type AdminReconciliationEntriesResponse = {
  entries: ReconciliationEntry[]
  count: number
  offset: number
  limit: number
}
export type AdminReconciliationBadRowsResponse = {
  bad_rows: ReconciliationBadRow[]
  count: number
  offset: number
  limit: number
}
export type AdminReconciliationUploadResponse = {
  upload: ReconciliationUploadPreview
}
