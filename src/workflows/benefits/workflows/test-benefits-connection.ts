/** The admin's "test connection": a real setup call with the stored credentials. */
import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { setupBenefitsProgramStep } from "../steps/setup-benefits-program"

export const testBenefitsConnectionWorkflow = createWorkflow(
  "test-benefits-connection",
  () => {
    return new WorkflowResponse(setupBenefitsProgramStep())
  }
)
