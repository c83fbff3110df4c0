/** Loyalty-benefit records and answers as the plugin's APIs show them. Pure: no Medusa import. */

export const REDEMPTION_STATUSES = [
  "pending",
  "authorized",
  "unknown",
  "stale",
  "removed",
  "redeemed",
  "failed",
] as const
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number]

/** A cart's redemption that is still its benefit (shown, removable, blocks a second one). */
export const ACTIVE_REDEMPTION_STATUSES = [
  "authorized",
  "stale",
] as const satisfies readonly RedemptionStatus[]

/** A redemption whose authorization the program gave and no order used: it can be brought back. */
export const HELD_REDEMPTION_STATUSES = [
  "authorized",
  "stale",
  "removed",
  "failed",
] as const satisfies readonly RedemptionStatus[]

/** The one currency the benefits program accepts, lower-case as Medusa writes currency codes. */
export const BENEFITS_CURRENCY_CODE = "gtq"

export type BenefitRuleKind = "percentage" | "fixed"

/**
 * What a percentage benefit is computed on: the goods only (the discountable items), or the goods
 * and shipping (the cart's total, as every rule did before the option existed). Either way the
 * discount is taken off the goods: Medusa's order-level promotion never discounts shipping.
 */
export const BENEFIT_APPLIES_TO = ["items", "items_and_shipping"] as const
export type BenefitAppliesTo = (typeof BENEFIT_APPLIES_TO)[number]

/** New rules: goods only, what most loyalty programs do (shipping is a carrier's cost, not the store's goods). */
export const DEFAULT_BENEFIT_APPLIES_TO: BenefitAppliesTo = "items"

export type BenefitRule = {
  id: string
  code: number
  name: string
  description: string | null
  kind: BenefitRuleKind
  value: number
  /** What a percentage is computed on; a fixed amount does not depend on it. */
  applies_to: BenefitAppliesTo
  cap: number | null
  min_total: number | null
  active: boolean
  starts_at: string | null
  ends_at: string | null
}

/** A redemption as the admin routes answer it: the card as its last 4 digits only. */
export type BenefitRedemption = {
  id: string
  cart_id: string
  order_id: string | null
  rule_id: string | null
  card_last4: string
  reference: string | null
  attempt: number | null
  discount: number
  total: number
  currency_code: string
  authorization: string | null
  confirmation: string | null
  status: RedemptionStatus
  promotion_code: string | null
  failure_reason: string | null
  created_at: string
}

/** The program settings as the admin sees them: never the password or the token. */
export type BenefitSettingsView = {
  base_url: string | null
  effective_base_url: string | null
  user: string | null
  branch: number | null
  enabled: boolean
  password_set: boolean
  token_set: boolean
  token_obtained_at: string | null
}
