/**
 * What the APIs show of benefits. The storefront sees its own cart's redemption with the card
 * masked; rules are shown without the program's internal code.
 */
import { STALE_MESSAGE } from "./state"
import { BENEFITS_CURRENCY_CODE } from "../../types/benefits"

type Redemption = {
  id: string
  status: string
  rule_id?: string | null
  card_last4: string
  discount: unknown
  total: unknown
  currency_code: string
  authorization: string | null
  confirmation: string | null
  promotion_code: string | null
}

export function storeRedemptionView(r: Redemption) {
  return {
    id: r.id,
    status: r.status,
    rule_id: r.rule_id ?? null,
    card: `•••• ${r.card_last4}`,
    discount: Number(r.discount),
    total: Number(r.total),
    currency_code: r.currency_code,
    promotion_code: r.promotion_code,
    authorization: r.authorization,
    confirmation: r.confirmation,
    message: r.status === "stale" ? STALE_MESSAGE : null,
  }
}

type Rule = {
  id: string
  name: string
  description?: string | null
  kind: string
  value: unknown
  applies_to: string
  cap?: unknown
  min_total?: unknown
  starts_at?: Date | string | null
  ends_at?: Date | string | null
}

export function storeRuleView(r: Rule) {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))
  return {
    id: r.id,
    name: r.name,
    description: r.description ?? null,
    kind: r.kind,
    value: Number(r.value),
    // What a percentage is computed on, so the storefront can say "on products" or "on products and shipping".
    applies_to: r.applies_to,
    cap: num(r.cap),
    min_total: num(r.min_total),
    currency_code: BENEFITS_CURRENCY_CODE,
    starts_at: r.starts_at ?? null,
    ends_at: r.ends_at ?? null,
  }
}

/** The redemption fields the admin API answers: everything but the card fingerprint. */
export const ADMIN_REDEMPTION_FIELDS = [
  "id",
  "cart_id",
  "order_id",
  "rule_id",
  "benefit_code",
  "card_last4",
  "reference",
  "attempt",
  "discount",
  "total",
  "currency_code",
  "authorization",
  "confirmation",
  "status",
  "promotion_id",
  "promotion_code",
  "failure_reason",
  "authorized_at",
  "stale_at",
  "removed_at",
  "redeemed_at",
  "created_at",
  "updated_at",
]
