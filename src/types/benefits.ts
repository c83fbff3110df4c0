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

export type BenefitRule = {
  id: string
  code: number
  name: string
  description: string | null
  kind: BenefitRuleKind
  value: number
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
