import { z } from "@medusajs/framework/zod"
import { createFindParams } from "@medusajs/medusa/api/utils/validators"
import { REDEMPTION_STATUSES } from "../../../modules/benefits/models/benefit-redemption"
import { adminListParams, dateRange, oneOf } from "../list-params"

// The bodies live in ./schemas (pure zod), shared with the admin's forms.
export {
  AdminBenefitSettingsBody,
  AdminCreateBenefitRule,
  AdminUpdateBenefitRule,
  isAcceptableProgramUrl,
  type AdminBenefitSettingsBodyType,
  type AdminCreateBenefitRuleType,
  type AdminUpdateBenefitRuleType,
} from "./schemas"

export const AdminListBenefitRulesQuery = adminListParams({
  limit: 50,
  offset: 0,
}).extend({
  active: z
    .preprocess(
      (v) => (v === "true" ? true : v === "false" ? false : v),
      z.custom<boolean>((v) => typeof v === "boolean", {
        error: "active must be true or false",
      })
    )
    .optional(),
})

export const AdminGetBenefitQuery = createFindParams()

export const AdminListRedemptionsQuery = adminListParams({
  limit: 20,
  offset: 0,
}).extend({
  status: oneOf("status", REDEMPTION_STATUSES).optional(),
  order_id: z.string().optional(),
  cart_id: z.string().optional(),
  created_at: dateRange("created_at").optional(),
})
