/** The inputs of the paylink module service's methods: a link and its record's moves, a reconciliation read's batch. */
import type { Gateway } from "../../../lib/paylink/gateways"
import type { FailureDetail } from "../../../lib/paylink/failure-detail"
import type { AttentionDetail } from "../../../lib/attention/attention-reason"
import type {
  EntryAction,
  EntryReason,
  ReconciliationGroup,
} from "../../../types/reconciliation"

export type OpenCheckoutInput = {
  gateway: Gateway
  payment_session_id: string
  cart_id?: string | null
  /** Admin links: the order (or draft order) whose outstanding amount the link collects. */
  order_id?: string | null
  origin?: "storefront" | "order" | "draft_order"
  created_by?: string | null
  provider_id?: string | null
  /** The amount sent to the gateway, in integer cents. */
  cents: bigint
  currency_code: string
  return_expires_at: Date
  confirmation: "return" | "manual"
  success_redirect?: string | null
  cancel_redirect?: string | null
  /** A subscription link's plan, as its registration sends it to the service. */
  plan?: { interval: "week" | "month" | "year"; count: number } | null
}

/** A new link: its record, and the return addresses signed with the plugin's secret. */
export type OpenLinkInput = Omit<OpenCheckoutInput, "return_expires_at"> & {
  /** How long the signed return addresses are honoured. */
  return_ttl_hours: number
  /** This server's public URL: the return route lives under it. */
  backend_url: string
  /** The shopper's language at checkout, signed into the return addresses (their pages speak it). */
  lang?: "es" | "en" | null
}

/** What the service answered for a link. */
export type CreatedLink = {
  checkout_id: string
  url: string
  product?: string | null
  expires_at?: string | null
}

/** Columns a transition may set beside `status`. */
export type TransitionPatch = Partial<{
  canceled_by: "customer" | "store" | null
  canceled_at: Date | null
  returned_at: Date | null
  completed_at: Date | null
  order_id: string | null
  cart_id: string | null
  provider_id: string | null
  failure_reason: string | null
  failure_detail: FailureDetail | null
  attention_reason: string | null
  attention_detail: AttentionDetail | null
  settled_by: string | null
  settled_at: Date | null
  settlement_note: string | null
  checkout_id: string | null
  url: string | null
  product: string | null
  expires_at: Date | null
  payment_verification: "verified" | "unverified" | null
  verified_at: Date | null
  verification_reconciliation_id: string | null
}>

// ---- A reconciliation's background read: what one batch writes

/** One entry the read writes: a payment row, with the record it matched if any. */
export type EntryInsert = {
  id: string
  line: number
  group: ReconciliationGroup
  reason: EntryReason
  action: EntryAction | null
  reference: string
  paid_at: Date
  reported_cents: bigint
  reported_currency: string
  card_last4: string | null
  authorization: string | null
  record: {
    id: string
    number: number
    status: string
    cents: bigint
    currency: string
    order_id: string | null
  } | null
}

export type BadRowInsert = {
  id: string
  line: number
  column: string
  value: string
  reason: string
}

/** The read's progress, absolute (a restarted read counts again from the start). */
export type ReadProgress = {
  rows_read: number
  rows_skipped: number
  rows_bad: number
  bytes_read: number
}
