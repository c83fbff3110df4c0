import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { BENEFITS_MODULE } from "../../../modules/benefits"
import type BenefitsModuleService from "../../../modules/benefits/service"
import type { BenefitAppliesTo } from "../../../types/benefits"

export type BenefitRuleInput = {
  code: number
  name: string
  description?: string | null
  kind: "percentage" | "fixed"
  value: number
  /** Omitted: goods only ("items"), the model's default. */
  applies_to?: BenefitAppliesTo
  cap?: number | null
  min_total?: number | null
  active?: boolean
  starts_at?: Date | null
  ends_at?: Date | null
}

const service = (container: { resolve: <T>(key: string) => T }) =>
  container.resolve<BenefitsModuleService>(BENEFITS_MODULE)

export const createBenefitRuleStep = createStep(
  "create-benefit-rule",
  async (input: BenefitRuleInput, { container }) => {
    const rule = await service(container).createBenefitRules(input)
    return new StepResponse(rule, rule.id)
  },
  async (id, { container }) => {
    if (id) {
      await service(container).deleteBenefitRules(id)
    }
  }
)

export const updateBenefitRuleStep = createStep(
  "update-benefit-rule",
  async (
    { id, ...input }: Partial<BenefitRuleInput> & { id: string },
    { container }
  ) => {
    const before = await service(container).retrieveBenefitRule(id)
    const rule = await service(container).updateBenefitRules({ id, ...input })
    return new StepResponse(rule, before)
  },
  async (before, { container }) => {
    if (!before) {
      return
    }
    const {
      id,
      code,
      name,
      description,
      kind,
      value,
      applies_to,
      cap,
      min_total,
      active,
      starts_at,
      ends_at,
    } = before
    await service(container).updateBenefitRules({
      id,
      code,
      name,
      description,
      kind,
      value: Number(value),
      applies_to,
      cap: cap === null ? null : Number(cap),
      min_total: min_total === null ? null : Number(min_total),
      active,
      starts_at,
      ends_at,
    })
  }
)

/** Soft delete: redemptions keep pointing at the rule they used. */
export const deleteBenefitRuleStep = createStep(
  "delete-benefit-rule",
  async ({ id }: { id: string }, { container }) => {
    await service(container).retrieveBenefitRule(id)
    await service(container).softDeleteBenefitRules(id)
    return new StepResponse({ id, deleted: true }, id)
  },
  async (id, { container }) => {
    if (id) {
      await service(container).restoreBenefitRules(id)
    }
  }
)
