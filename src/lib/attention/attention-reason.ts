/**
 * Why a paid link needs the merchant, as data: a code and its params, stored beside the English
 * sentence (`attention_reason`, for the API and the log) so the admin can say it in the merchant's
 * language (admin/i18n/<lang>/attention.json). Pure, so the admin may import it.
 */

export type AttentionOrder = {
  id: string
  display_id: number | null
  draft?: boolean
}

/** What a storefront link failed to do (complete its cart) or an admin link (record its payment). */
export type AttentionTarget = "cart" | "order"

export type AttentionParams = {
  number: number
  target?: AttentionTarget
  order?: AttentionOrder
  currency?: string
  /** Amounts in cents. */
  paid?: number
  total?: number
  owed?: number
  /** A status the record moved to meanwhile. */
  status?: string
  /** What an order change was ("edited", or Medusa's change types). */
  change?: string
  error?: string
  /** For amount_mismatch: the order owes less, is a draft, or owes more. */
  remedy?: "less" | "draft" | "more"
  /** For paid_in_report*: the gateway (its first product, e.g. gateway_a), the day (Guatemala time). */
  gateway?: string
  day?: string
  /** For paid_in_report_differs: what the report says arrived, in cents, and its currency when not the link's. */
  reported?: number
  reported_currency?: string
  report?: ReportRowSeen
}

/** Where a reconciliation saw a link paid. Only in the params, never in the sentence (which may reach a log). */
export type ReportRowSeen = {
  reconciliation_id: string
  file_name: string
  /** 1 is the header. */
  line: number | null
  /** ISO (UTC). */
  paid_at: string | null
  /** In cents. */
  amount: number | null
  currency: string | null
  card_last4: string | null
  authorization: string | null
}

/** English sentences; {{name}} are params, {{order}} is "order #5", {{target_tail}} ends the sentence. */
export const ATTENTION_TEMPLATES = {
  cart_missing: "Link {{number}} was paid, but its cart no longer exists.",
  return_link_expired:
    "Link {{number}} was paid, but its return link had expired (returnLinkTtlHours) when the customer came back; {{target_tail}}.",
  link_replaced:
    "Link {{number}} was paid, but the store had replaced it (the cart changed or another payment method was chosen); {{target_tail}}.",
  link_unanswered:
    "Link {{number}} was paid, but the store had withdrawn it, the service's answer to its creation having never reached the store; {{target_tail}}.",
  link_expired:
    "Link {{number}} was paid, but it had expired; {{target_tail}}.",
  link_failed:
    "Link {{number}} was paid, but the service had answered with an error when it was created; {{target_tail}}.",
  cart_total_changed:
    "Link {{number}} was paid for {{paid}}, but the cart's total is now {{total}}; the cart was not completed.",
  status_changed:
    "Link {{number}} was paid, but it became {{status}} while the return was handled; {{target_tail}}.",
  cart_completion_failed:
    "Link {{number}} was paid, but completing its cart failed: {{error}}; the cart was not completed.",
  cart_order_not_found:
    "Link {{number}} was paid, but its cart was completed without an order that can be found.",
  order_paid_by_other_link:
    "Link {{number}} was paid after its cart had become {{order}} with another payment link: refund one of them.",
  order_paid_otherwise:
    "Link {{number}} was paid after its cart had become {{order}} with another payment: refund one of them.",
  order_canceled:
    "Link {{number}} was paid, but {{order}} was canceled: refund it by hand.",
  order_missing:
    "Link {{number}} was paid, but its order no longer exists: refund it by hand.",
  order_owes_different:
    "Link {{number}} was paid {{paid}}, but {{order}} owes {{owed}}; the payment was not recorded on it: refund the payment, or the difference, by hand.",
  status_changed_recording:
    "Link {{number}} was paid, but it became {{status}} while its payment was recorded on {{order}}.",
  recording_failed:
    "Link {{number}} was paid, but recording its payment on {{order}} failed: {{error}}.",
  payment_not_accepted:
    "Link {{number}} was paid and its cart became {{order}}, but Medusa did not accept the link's payment on it.",
  return_handling_failed:
    "Link {{number}} was paid, but handling its return failed (see the server log); {{target_tail}}.",
  withdrawn_order_missing:
    "Link {{number}} was paid, but the store had withdrawn it and its order no longer exists; the payment was not recorded: refund it by hand.",
  withdrawn_order_changed:
    "Link {{number}} was paid, but the store withdrew it when {{order}} was {{change}} after the link was made ({{owed}} owed now, the link was for {{paid}}); the payment was not recorded on the order.",
  withdrawn_order_unchanged:
    "Link {{number}} was paid, but the store had withdrawn it (a newer link, or the balance settled another way; {{order}}: {{owed}} owed now, the link was for {{paid}}); the payment was not recorded on the order.",
  session_not_of_order:
    "Link {{number}} was paid, but its payment session does not belong to {{order}}: refund it by hand.",
  amount_mismatch:
    "Link {{number}} was paid {{paid}}, but {{order}} now owes {{owed}}; the payment was not recorded on the order: {{remedy_text}}.",
  session_failed:
    "Link {{number}} was paid, but no payment session could be made for it on {{order}}: {{error}}",
  draft_conversion_failed:
    "Link {{number}} was paid and the payment is recorded on {{order}}, but converting it to an order failed: {{error}}. Convert it in the admin.",
  paid_in_report:
    "Link {{number}} was paid ({{gateway}}'s report, {{day}}, {{paid}}), but the customer never came back to the store; {{target_tail}}.",
  paid_in_report_differs:
    "Link {{number}} was paid {{reported}} ({{gateway}}'s report, {{day}}), but it was for {{total}}; {{target_tail}}: refund the payment by hand.",
  paid_short_in_report:
    "Link {{number}} was paid less than it was for, or in another currency, by the gateway's own report; {{target_tail}}: refund the payment by hand.",
} as const

export type AttentionCode = keyof typeof ATTENTION_TEMPLATES

export const ATTENTION_CODES = Object.keys(
  ATTENTION_TEMPLATES
) as AttentionCode[]

export type AttentionDetail = { code: AttentionCode; params: AttentionParams }

export type AttentionReason = AttentionDetail & { text: string }

const REMEDY = {
  less: "refund the difference or the whole payment by hand",
  draft:
    "a draft order is converted only when it is paid in full: convert it in the admin first (then record this payment on it), or refund the payment by hand",
  more: "record it on the order with Record payment (the rest stays owed), or refund it by hand",
} as const

/** "GTQ 184.50" from cents. */
export function moneyText(
  cents: number | undefined,
  currency: string | undefined
): string {
  const c = Math.abs(Math.trunc(cents ?? 0))
  return `${(currency ?? "").toUpperCase()} ${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`.trim()
}

/** "order #5" ("draft order #5"; the id when it has no display id). */
export function orderText(order: AttentionOrder | undefined): string {
  if (!order) {
    return "its order"
  }
  return `${order.draft ? "draft order" : "order"} ${order.display_id ? `#${order.display_id}` : order.id}`
}

/** "gateway A" from gateway_a: the words of the gateway's own dashboard. */
export function gatewayText(gateway: string | undefined): string {
  const m = /^gateway_([a-z])/.exec(gateway ?? "")
  return m ? `gateway ${m[1].toUpperCase()}` : (gateway ?? "the gateway")
}

/** Codes whose Place order must stay refused: the order would show a payment that never came. */
export const PLACE_ORDER_REFUSED_CODES: readonly AttentionCode[] = [
  "paid_in_report_differs",
]

export function attentionText(
  code: AttentionCode,
  params: AttentionParams
): string {
  const values: Record<string, string> = {
    number: String(params.number),
    order: orderText(params.order),
    paid: moneyText(params.paid, params.currency),
    total: moneyText(params.total, params.currency),
    owed: moneyText(params.owed, params.currency),
    status: params.status ?? "",
    change: params.change ?? "",
    error: params.error ?? "",
    target_tail:
      params.target === "order"
        ? "the payment was not recorded on the order"
        : "the cart was not completed",
    remedy_text: REMEDY[params.remedy ?? "less"],
    gateway: gatewayText(params.gateway),
    day: params.day ?? "",
    reported: moneyText(
      params.reported,
      params.reported_currency ?? params.currency
    ),
  }
  return ATTENTION_TEMPLATES[code].replace(
    /\{\{(\w+)\}\}/g,
    (_, name: string) => values[name] ?? ""
  )
}

export function attentionReason(
  code: AttentionCode,
  params: AttentionParams
): AttentionReason {
  return { code, params, text: attentionText(code, params) }
}
