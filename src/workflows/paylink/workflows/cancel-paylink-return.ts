/**
 * A verified cancel return: the customer left the gateway's page; nothing is completed. The cart's
 * order, when it was already placed, is where the customer goes instead of the payment step.
 */
import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  resolvePaylinkReturnStep,
  type ReturnClaimsInput,
} from "../steps/resolve-paylink-return"
import { markPaylinkCanceledStep } from "../steps/mark-paylink-canceled"
import { findCartOrderStep } from "../steps/find-cart-order"

export const cancelPaylinkReturnWorkflow = createWorkflow(
  "cancel-paylink-return",
  (input: ReturnClaimsInput) => {
    const found = resolvePaylinkReturnStep(input)
    const result = markPaylinkCanceledStep({ record_id: found.record_id })
    const placed = findCartOrderStep({ cart_id: found.cart_id })
    return new WorkflowResponse({
      cart_id: found.cart_id,
      number: found.number,
      status: result.status,
      redirect: found.cancel_redirect,
      origin: found.origin,
      order_id: placed.order_id,
      order_redirect: found.success_redirect,
    })
  }
)
