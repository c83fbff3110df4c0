/**
 * What applying a reconciliation decides for one entry, apart from the database: the reason a paid
 * record is handed to the merchant with, which records a verification may be set on, and which
 * orders' flags must change. Pure, so each rule is a unit test.
 */
import {
  attentionReason,
  type AttentionReason,
} from "../attention/attention-reason"
import {
  GATEWAY_DEFINITIONS,
  GATEWAY_PATHS,
  PATH_KEY_OF,
  type Gateway,
} from "../paylink/gateways"
import { MAY_NEED_ATTENTION } from "./classify"
import type { CheckoutOrigin, CheckoutStatus } from "../../types/paylink"
import type { PaymentVerification } from "../../types/paylink"
import type {
  ReconciliationGateway,
  ReconciliationGatewayMismatch,
} from "../../types/reconciliation"

/** Guatemala keeps UTC−06:00 all year: the day a merchant reads in the gateway's dashboard. */
const GUATEMALA_OFFSET_MS = -6 * 3_600_000

/** The order metadata keys applying writes (merged into the order's metadata, never replacing it). */
export const ORDER_VERIFICATION_KEY = "paylink_payment_verification"
export const ORDER_RECONCILIATION_KEY = "paylink_reconciliation_id"

export function guatemalaDay(at: Date): string {
  return new Date(at.getTime() + GUATEMALA_OFFSET_MS).toISOString().slice(0, 10)
}

/** The gateway's name in its report: its first product (gateway_a for A's subscriptions too). */
export function reportGateway(gateway: Gateway): Gateway {
  return GATEWAY_DEFINITIONS.find((d) => d.pathKey === PATH_KEY_OF[gateway])!.id
}

export type ReportedPayment = {
  paid_at: Date | null
  reported_cents: bigint | null
  reported_currency: string | null
  row: {
    reconciliation_id: string
    file_name: string
    line: number | null
    card_last4: string | null
    authorization: string | null
  }
  record: {
    number: number
    gateway: Gateway
    origin: CheckoutOrigin
    cents: bigint
    currency: string
  }
}

/**
 * `paid_in_report` when the report shows the link's own amount (Place order may complete it), else
 * `paid_in_report_differs` (Place order stays refused).
 */
export function reportAttention(p: ReportedPayment): {
  reason: AttentionReason
  verified: boolean
} {
  const r = p.record
  const reportedCurrency = (p.reported_currency ?? r.currency).toUpperCase()
  const same = p.reported_cents === r.cents && reportedCurrency === r.currency
  const base = {
    number: r.number,
    target: r.origin === "storefront" ? ("cart" as const) : ("order" as const),
    gateway: reportGateway(r.gateway),
    day: p.paid_at ? guatemalaDay(p.paid_at) : undefined,
    currency: r.currency,
    report: {
      ...p.row,
      paid_at: p.paid_at ? p.paid_at.toISOString() : null,
      amount: p.reported_cents === null ? null : Number(p.reported_cents),
      currency:
        p.reported_currency === null ? null : p.reported_currency.toUpperCase(),
    },
  }
  if (same) {
    return {
      reason: attentionReason("paid_in_report", {
        ...base,
        paid: Number(r.cents),
      }),
      verified: true,
    }
  }
  return {
    reason: attentionReason("paid_in_report_differs", {
      ...base,
      total: Number(r.cents),
      reported:
        p.reported_cents === null ? undefined : Number(p.reported_cents),
      ...(reportedCurrency !== r.currency
        ? { reported_currency: reportedCurrency }
        : {}),
    }),
    verified: false,
  }
}

/**
 * Which verification a report may write over which, lowest first: each replaces only those before
 * it. Short is last: only the merchant clears it (docs/architecture.md#paid-short-and-another-gateways-export).
 */
export const VERIFICATION_PRECEDENCE: readonly (PaymentVerification | null)[] =
  [null, "unverified", "verified", "short"]

const rank = (v: PaymentVerification | null | undefined) =>
  VERIFICATION_PRECEDENCE.indexOf(v ?? null)

/** The verifications (null: never reconciled) that `to` may replace on a record. */
export function replacedBy(
  to: PaymentVerification
): (PaymentVerification | null)[] {
  return VERIFICATION_PRECEDENCE.slice(0, rank(to))
}

/** Whether a record holding `current` ends up holding `to` once applied. */
export function mayFlag(
  current: PaymentVerification | null,
  to: PaymentVerification
): boolean {
  return rank(current) <= rank(to)
}

/** Whether an entry of `to` is done for a record holding `current`: it has it, or one that outranks it. */
export function holdsAtLeast(
  current: PaymentVerification | null,
  to: PaymentVerification
): boolean {
  return rank(current) >= rank(to)
}

type OrderFlags = { id: string; metadata?: Record<string, unknown> | null }

/** The orders to flag `to`: those without it yet; a short flag stays (VERIFICATION_PRECEDENCE). */
export function ordersToFlag(
  orders: OrderFlags[],
  to: "unverified" | "short"
): string[] {
  return orders
    .filter((o) => {
      const flag = o.metadata?.[ORDER_VERIFICATION_KEY]
      return flag !== to && flag !== "short"
    })
    .map((o) => o.id)
}

/** The orders a verification clears: only those an earlier report flagged unverified. */
export function ordersToClear(orders: OrderFlags[]): string[] {
  return orders
    .filter((o) => o.metadata?.[ORDER_VERIFICATION_KEY] === "unverified")
    .map((o) => o.id)
}

/**
 * The status a paid record moves to needs_attention from: its status now while still unsettled with
 * no order, else the one it was read in, so one settled meanwhile fails the compare-and-set.
 */
export function attentionFrom(
  read: CheckoutStatus,
  now: CheckoutStatus
): CheckoutStatus {
  return MAY_NEED_ATTENTION.includes(now) ? now : read
}

const count = (n: number, one: string, many: string) =>
  `${n} ${n === 1 ? one : many}`

/** Why a reconciliation whose payments matched none of its gateway's links needs the merchant's word. */
export function gatewayMismatchRefusal(
  id: string,
  gateway: ReconciliationGateway,
  m: ReconciliationGatewayMismatch
): string {
  const name = `gateway ${GATEWAY_PATHS.find((p) => p.key === gateway)?.letter ?? gateway}`
  const payments =
    m.payments === 1 ? "The 1 payment" : `None of the ${m.payments} payments`
  const matches = m.payments === 1 ? "does not match" : "matches"
  return (
    `${payments} in reconciliation ${id} ${matches} a ${name} link, while ${name} has ${count(m.records, "order", "orders")} in its period: ` +
    `is this ${name}'s export? Applying it would flag ${m.records === 1 ? "that order" : "those orders"} unverified; ` +
    `send confirm_gateway: true to apply it anyway.`
  )
}
