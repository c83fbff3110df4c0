/**
 * The bodies the admin benefits routes accept. Pure (zod and Medusa-free helpers only), so the
 * admin's forms validate with the same schemas before sending; the routes get them through ./validators.
 */
import { z } from "zod"
import { isSecretSafeUrl } from "../../../lib/credentials/secret-safe-url"
import {
  BENEFIT_APPLIES_TO,
  type BenefitAppliesTo,
} from "../../../types/benefits"

const hasCents = (n: number) =>
  Number.isInteger(Math.round(n * 100)) &&
  Math.abs(n * 100 - Math.round(n * 100)) < 1e-9

/**
 * An amount in GTQ, one custom issue at a time (Medusa's formatter rewrites zod's min check, and a
 * decimals check on a negative number would add a false message).
 */
const money = (field: string) =>
  z.number({ error: `${field} must be a number` }).superRefine((n, ctx) => {
    if (n < 0) {
      ctx.addIssue({ code: "custom", message: `${field} must not be negative` })
    } else if (!hasCents(n)) {
      ctx.addIssue({
        code: "custom",
        message: `${field} must have at most 2 decimals`,
      })
    }
  })

/** PostgreSQL `integer`: a larger value would be a database error (a bare 500), not a 400. */
export const INT32_MAX = 2_147_483_647

/** An integer column; custom, since Medusa's formatter rewrites min/max issues and quotes values. */
const int32 = (field: string, what: string) =>
  z.custom<number>(
    (v) =>
      typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= INT32_MAX,
    {
      error: `${field} must be ${what}: a whole number from 0 to ${INT32_MAX}`,
    }
  )

/** The program's address receives its password: https, except on this machine. */
export const isAcceptableProgramUrl = isSecretSafeUrl

export const AdminBenefitSettingsBody = z
  .object({
    base_url: z
      .custom<string>(
        (v) => typeof v === "string" && isAcceptableProgramUrl(v),
        {
          error:
            "base_url must be an absolute https URL (plain http only for localhost, 127.0.0.1 or ::1)",
        }
      )
      .nullable()
      .optional(),
    user: z
      .string()
      .min(1, { error: "user must not be empty" })
      .nullable()
      .optional(),
    // Never z.string(): a type error would quote the password back in the answer and the log.
    password: z
      .custom<string>((v) => typeof v === "string" && v.length > 0, {
        error: "password must be a non-empty string",
      })
      .nullable()
      .optional(),
    branch: int32("branch", "the program's branch code").nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .strict()

export const BENEFIT_RULE_KINDS = ["percentage", "fixed"] as const

const ruleFields = {
  code: int32("code", "the program's benefit code"),
  name: z.string().trim().min(1, { error: "name must not be empty" }),
  description: z.string().nullable().optional(),
  kind: z.enum(BENEFIT_RULE_KINDS, {
    error: "kind must be percentage or fixed",
  }),
  value: z.number({ error: "value must be a number" }).superRefine((n, ctx) => {
    if (!(n > 0)) {
      ctx.addIssue({
        code: "custom",
        message:
          "value must be greater than 0: a discount is a positive percentage or amount",
      })
    }
  }),
  /**
   * Omitted on create: goods only ("items"), the model's default. Custom, since Medusa's formatter
   * replaces an enum's message with its own list of values.
   */
  applies_to: z
    .custom<BenefitAppliesTo>(
      (v) => (BENEFIT_APPLIES_TO as readonly unknown[]).includes(v),
      {
        error:
          "applies_to must be items (the percentage is computed on the products only) or items_and_shipping (on the products and shipping)",
      }
    )
    .optional(),
  cap: money("cap").nullable().optional(),
  min_total: money("min_total").nullable().optional(),
  active: z.boolean().optional(),
  starts_at: z.coerce.date().nullable().optional(),
  ends_at: z.coerce.date().nullable().optional(),
}

type RuleShape = {
  kind?: string
  value?: number
  starts_at?: Date | null
  ends_at?: Date | null
}

const ruleChecks = <T extends z.ZodType<RuleShape>>(schema: T) =>
  schema
    .refine(
      (r) => r.kind !== "percentage" || r.value === undefined || r.value <= 100,
      {
        error: "value: a percentage must be at most 100",
        path: ["value"],
      }
    )
    .refine(
      (r) =>
        r.kind !== "fixed" ||
        r.value === undefined ||
        !(r.value > 0) ||
        hasCents(r.value),
      {
        error: "value: a fixed amount must have at most 2 decimals",
        path: ["value"],
      }
    )
    .refine((r) => !r.starts_at || !r.ends_at || r.ends_at > r.starts_at, {
      error: "ends_at must be after starts_at",
      path: ["ends_at"],
    })

export const AdminCreateBenefitRule = ruleChecks(z.object(ruleFields).strict())
export const AdminUpdateBenefitRule = ruleChecks(
  z.object(ruleFields).partial().strict()
)

export type AdminBenefitSettingsBodyType = z.infer<
  typeof AdminBenefitSettingsBody
>
export type AdminCreateBenefitRuleType = z.infer<typeof AdminCreateBenefitRule>
export type AdminUpdateBenefitRuleType = z.infer<typeof AdminUpdateBenefitRule>
