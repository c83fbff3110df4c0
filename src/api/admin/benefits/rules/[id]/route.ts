import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  deleteBenefitRuleWorkflow,
  updateBenefitRuleWorkflow,
} from "../../../../../workflows/benefits/workflows/benefit-rules"
import type { AdminUpdateBenefitRuleType } from "../../validators"
import { refetchBenefitRule } from "../helpers"

export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.json({
    rule: await refetchBenefitRule(
      req.scope,
      req.params.id,
      req.queryConfig.fields
    ),
  })
}

export async function POST(
  req: AuthenticatedMedusaRequest<AdminUpdateBenefitRuleType>,
  res: MedusaResponse
) {
  await updateBenefitRuleWorkflow(req.scope).run({
    input: { id: req.params.id, ...req.validatedBody },
  })
  res.json({
    rule: await refetchBenefitRule(
      req.scope,
      req.params.id,
      req.queryConfig?.fields
    ),
  })
}

export async function DELETE(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  await deleteBenefitRuleWorkflow(req.scope).run({
    input: { id: req.params.id },
  })
  res.json({ id: req.params.id, object: "benefit_rule", deleted: true })
}
