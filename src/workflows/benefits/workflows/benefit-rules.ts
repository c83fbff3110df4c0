/** The merchant's benefit rules: create, update, delete (each undoes itself on failure). */
import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  createBenefitRuleStep,
  deleteBenefitRuleStep,
  updateBenefitRuleStep,
  type BenefitRuleInput,
} from "../steps/benefit-rules"

export const createBenefitRuleWorkflow = createWorkflow(
  "create-benefit-rule",
  (input: BenefitRuleInput) => {
    return new WorkflowResponse(createBenefitRuleStep(input))
  }
)

export const updateBenefitRuleWorkflow = createWorkflow(
  "update-benefit-rule",
  (input: Partial<BenefitRuleInput> & { id: string }) => {
    return new WorkflowResponse(updateBenefitRuleStep(input))
  }
)

export const deleteBenefitRuleWorkflow = createWorkflow(
  "delete-benefit-rule",
  (input: { id: string }) => {
    return new WorkflowResponse(deleteBenefitRuleStep(input))
  }
)
