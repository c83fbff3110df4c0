import { z } from "@medusajs/framework/zod"
import { createFindParams, createOperatorMap } from "@medusajs/medusa/api/utils/validators"
import { REDEMPTION_STATUSES } from "../../../modules/benefits/models/benefit-redemption"

const money = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .nonnegative({ error: `${field} must not be negative` })
    .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, {
      error: `${field} must have at most 2 decimals`,
    })

export const AdminBenefitSettingsBody = z
  .object({
    base_url: z.url({ error: "base_url must be an absolute URL" }).nullable().optional(),
    user: z.string().min(1, { error: "user must not be empty" }).nullable().optional(),
    password: z.string().min(1, { error: "password must not be empty" }).nullable().optional(),
    branch: z.number().int({ error: "branch must be an integer" }).nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .strict()

const ruleFields = {
  code: z.number({ error: "code must be the program's benefit code (an integer)" }).int({ error: "code must be an integer" }),
  name: z.string().trim().min(1, { error: "name must not be empty" }),
  description: z.string().nullable().optional(),
  kind: z.enum(["percentage", "fixed"], { error: "kind must be percentage or fixed" }),
  value: z.number({ error: "value must be a number" }).positive({ error: "value must be greater than 0" }),
  cap: money("cap").nullable().optional(),
  min_total: money("min_total").nullable().optional(),
  active: z.boolean().optional(),
  starts_at: z.coerce.date().nullable().optional(),
  ends_at: z.coerce.date().nullable().optional(),
}

type RuleShape = { kind?: string; value?: number; starts_at?: Date | null; ends_at?: Date | null }

const ruleChecks = <T extends z.ZodType<RuleShape>>(schema: T) =>
  schema
    .refine((r) => r.kind !== "percentage" || r.value === undefined || r.value <= 100, {
      error: "value: a percentage must be at most 100",
      path: ["value"],
    })
    .refine((r) => r.kind !== "fixed" || r.value === undefined || money("value").safeParse(r.value).success, {
      error: "value: a fixed amount must have at most 2 decimals",
      path: ["value"],
    })
    .refine((r) => !r.starts_at || !r.ends_at || r.ends_at > r.starts_at, {
      error: "ends_at must be after starts_at",
      path: ["ends_at"],
    })

export const AdminCreateBenefitRule = ruleChecks(z.object(ruleFields).strict())
export const AdminUpdateBenefitRule = ruleChecks(z.object(ruleFields).partial().strict())

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

export type AdminBenefitSettingsBodyType = z.infer<typeof AdminBenefitSettingsBody>
export type AdminCreateBenefitRuleType = z.infer<typeof AdminCreateBenefitRule>
export type AdminUpdateBenefitRuleType = z.infer<typeof AdminUpdateBenefitRule>
