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

/**
 * Every query config lists what `?fields=` may ask for (`allowed`: anything else is dropped), and
 * the card fingerprint is also `disallowed` (a hard boundary Medusa enforces on any path), so it
 * can never be read through a relation such as `redemptions.card_fingerprint` or
 * `rule.redemptions.*`. A redemption's own fields are read through the redemptions routes.
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
export const retrieveRuleQueryConfig = { defaults: BENEFIT_RULE_FIELDS, allowed: ruleAllowed, disallowed: NEVER, isList: false }

const redemptionAllowed = [...ADMIN_REDEMPTION_FIELDS, "rule", ...BENEFIT_RULE_FIELDS.map((f) => `rule.${f}`)]
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
