import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { authorizePaymentSessionForOrderWorkflow } from "@medusajs/medusa/core-flows"
import { confirmPaylinkCheckoutStep } from "../steps/confirm-paylink-checkout"

export const confirmPaylinkPaymentWorkflow = createWorkflow(
  "confirm-paylink-payment",
  (input: { checkout_id: string; actor_id: string }) => {
    const confirmed = confirmPaylinkCheckoutStep(input)
    const payment = authorizePaymentSessionForOrderWorkflow.runAsStep({
      input: transform({ confirmed }, ({ confirmed }) => ({
        payment_session_id: confirmed.payment_session_id,
      })),
    })
    return new WorkflowResponse({ checkout: confirmed.checkout, payment })
  }
)
