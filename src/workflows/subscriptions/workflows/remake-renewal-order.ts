/** The merchant makes again a renewal order Medusa refused (a variant deleted, out of stock), once fixed. */
import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  remakeRenewalOrderStep,
  type RemakeRenewalOrderInput,
} from "../steps/remake-renewal-order"

export const remakeRenewalOrderWorkflow = createWorkflow(
  "remake-paylink-renewal-order",
  (input: RemakeRenewalOrderInput) => {
    return new WorkflowResponse(remakeRenewalOrderStep(input))
  }
)
