import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createBenefitRuleWorkflow } from "../../../../workflows/benefits/workflows/benefit-rules"
import type { AdminCreateBenefitRuleType } from "../validators"
import { refetchBenefitRule } from "./helpers"

export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data, metadata } = await query.graph({
    entity: "benefit_rule",
    ...req.queryConfig,
    filters: req.filterableFields,
  })
  res.json({
    rules: data,
    count: metadata?.count ?? data.length,
    offset: metadata?.skip ?? 0,
    limit: metadata?.take ?? data.length,
  })
}

export async function POST(
  req: AuthenticatedMedusaRequest<AdminCreateBenefitRuleType>,
  res: MedusaResponse
) {
  const { result } = await createBenefitRuleWorkflow(req.scope).run({
    input: req.validatedBody,
  })
  res.status(201).json({
    rule: await refetchBenefitRule(
      req.scope,
      result.id,
      req.queryConfig?.fields
    ),
  })
}
