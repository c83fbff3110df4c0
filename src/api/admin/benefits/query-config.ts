import { ADMIN_REDEMPTION_FIELDS } from "../../../lib/benefits/views"

export const BENEFIT_RULE_FIELDS = [
  "id",
  "code",
  "name",
  "description",
  "kind",
  "value",
  "applies_to",
  "cap",
  "min_total",
  "active",
  "starts_at",
  "ends_at",
  "created_at",
  "updated_at",
]

/**
 * The card fingerprint is also `disallowed` (Medusa enforces that on any path), so no relation such
 * as `rule.redemptions.*` can read it.
 */
const NEVER = ["card_fingerprint"]

const ruleAllowed = [...BENEFIT_RULE_FIELDS]
export const listRulesQueryConfig = {
  defaults: BENEFIT_RULE_FIELDS,
  allowed: ruleAllowed,
  disallowed: NEVER,
  defaultLimit: 50,
  isList: true,
}
export const retrieveRuleQueryConfig = {
  defaults: BENEFIT_RULE_FIELDS,
  allowed: ruleAllowed,
  disallowed: NEVER,
  isList: false,
}

const redemptionAllowed = [
  ...ADMIN_REDEMPTION_FIELDS,
  "rule",
  ...BENEFIT_RULE_FIELDS.map((f) => `rule.${f}`),
]
export const listRedemptionsQueryConfig = {
  defaults: ADMIN_REDEMPTION_FIELDS,
  allowed: redemptionAllowed,
  disallowed: NEVER,
  defaultLimit: 20,
  isList: true,
}
export const retrieveRedemptionQueryConfig = {
  defaults: [...ADMIN_REDEMPTION_FIELDS, "rule.id", "rule.name"],
  allowed: redemptionAllowed,
  disallowed: NEVER,
  isList: false,
}
