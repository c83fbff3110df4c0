import type { MiddlewareRoute } from "@medusajs/framework/http"
import {
  validateAndTransformBody,
  validateAndTransformQuery,
} from "../../utils/validation"
import {
  AdminBenefitSettingsBody,
  AdminCreateBenefitRule,
  AdminGetBenefitQuery,
  AdminListBenefitRulesQuery,
  AdminListRedemptionsQuery,
  AdminUpdateBenefitRule,
} from "./validators"
import {
  listRedemptionsQueryConfig,
  listRulesQueryConfig,
  retrieveRedemptionQueryConfig,
  retrieveRuleQueryConfig,
} from "./query-config"

export const adminBenefitRoutesMiddlewares: MiddlewareRoute[] = [
  {
    method: ["POST"],
    matcher: "/admin/benefits/settings",
    middlewares: [validateAndTransformBody(AdminBenefitSettingsBody)],
  },
  {
    method: ["GET"],
    matcher: "/admin/benefits/rules",
    middlewares: [
      validateAndTransformQuery(
        AdminListBenefitRulesQuery,
        listRulesQueryConfig
      ),
    ],
  },
  {
    method: ["POST"],
    matcher: "/admin/benefits/rules",
    middlewares: [
      validateAndTransformBody(AdminCreateBenefitRule),
      validateAndTransformQuery(AdminGetBenefitQuery, retrieveRuleQueryConfig),
    ],
  },
  {
    method: ["GET"],
    matcher: "/admin/benefits/rules/:id",
    middlewares: [
      validateAndTransformQuery(AdminGetBenefitQuery, retrieveRuleQueryConfig),
    ],
  },
  {
    method: ["POST"],
    matcher: "/admin/benefits/rules/:id",
    middlewares: [
      validateAndTransformBody(AdminUpdateBenefitRule),
      validateAndTransformQuery(AdminGetBenefitQuery, retrieveRuleQueryConfig),
    ],
  },
  {
    method: ["GET"],
    matcher: "/admin/benefits/redemptions",
    middlewares: [
      validateAndTransformQuery(
        AdminListRedemptionsQuery,
        listRedemptionsQueryConfig
      ),
    ],
  },
  {
    method: ["GET"],
    matcher: "/admin/benefits/redemptions/:id",
    middlewares: [
      validateAndTransformQuery(
        AdminGetBenefitQuery,
        retrieveRedemptionQueryConfig
      ),
    ],
  },
]
