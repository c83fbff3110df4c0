import { ADMIN_REDEMPTION_FIELDS } from "../../../lib/benefits/views"

export const BENEFIT_RULE_FIELDS = [
  "id",
  "code",
  "name",
  "description",
  "kind",
  "value",
  "cap",
  "min_total",
  "active",
  "starts_at",
  "ends_at",
  "created_at",
  "updated_at",
]

export const listRulesQueryConfig = { defaults: BENEFIT_RULE_FIELDS, defaultLimit: 50, isList: true }
export const retrieveRuleQueryConfig = { defaults: BENEFIT_RULE_FIELDS, isList: false }

// `allowed` keeps the card fingerprint out of reach even through ?fields=.
const redemptionAllowed = [...ADMIN_REDEMPTION_FIELDS, "rule", "rule.*"]
export const listRedemptionsQueryConfig = {
  defaults: ADMIN_REDEMPTION_FIELDS,
  allowed: redemptionAllowed,
  defaultLimit: 20,
  isList: true,
}
export const retrieveRedemptionQueryConfig = {
  defaults: [...ADMIN_REDEMPTION_FIELDS, "rule.id", "rule.name"],
  allowed: redemptionAllowed,
  isList: false,
}
