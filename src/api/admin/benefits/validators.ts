import { z } from "@medusajs/framework/zod"
import { createFindParams, createOperatorMap } from "@medusajs/medusa/api/utils/validators"
import { REDEMPTION_STATUSES } from "../../../modules/benefits/models/benefit-redemption"

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

export const AdminListBenefitRulesQuery = createFindParams({ limit: 50, offset: 0 }).extend({
  active: z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean()).optional(),
})

export const AdminGetBenefitQuery = createFindParams()

export const AdminListRedemptionsQuery = createFindParams({ limit: 20, offset: 0 }).extend({
  status: z.enum(REDEMPTION_STATUSES).optional(),
  order_id: z.string().optional(),
  cart_id: z.string().optional(),
  created_at: createOperatorMap().optional(),
})
