import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { deleteBenefitRuleWorkflow, updateBenefitRuleWorkflow } from "../../../../../workflows/benefits/benefit-rules"
import type { AdminUpdateBenefitRuleType } from "../../validators"

export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "benefit_rule", fields: req.queryConfig.fields, filters: { id: req.params.id } })
  if (!data[0]) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Benefit rule ${req.params.id} was not found.`)
  }
  res.json({ rule: data[0] })
}

export async function POST(req: AuthenticatedMedusaRequest<AdminUpdateBenefitRuleType>, res: MedusaResponse) {
  const { result } = await updateBenefitRuleWorkflow(req.scope).run({ input: { id: req.params.id, ...req.validatedBody } })
  res.json({ rule: result })
}

export async function DELETE(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  await deleteBenefitRuleWorkflow(req.scope).run({ input: { id: req.params.id } })
  res.json({ id: req.params.id, object: "benefit_rule", deleted: true })
}
