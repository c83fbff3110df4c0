/**
 * Records a paid admin link on its order by authorizing its session (the provider answers
 * `captured`): Medusa's authorizePaymentSessionForOrderWorkflow does the same, but only for sessions
 * pending authorization, and a payment link's is pending.
 */
import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  addOrderTransactionStep,
  authorizePaymentSessionStep,
} from "@medusajs/medusa/core-flows"

export type RecordOrderLinkPaymentInput = {
  payment_session_id: string
  order_id: string
}

export const recordOrderLinkPaymentWorkflow = createWorkflow(
  "record-paylink-order-payment",
  (input: RecordOrderLinkPaymentInput) => {
    const payment = authorizePaymentSessionStep({
      id: input.payment_session_id,
      context: {},
    })
    const transactions = transform({ payment, input }, ({ payment, input }) =>
      ((payment as any)?.captures ?? []).map((capture: any) => ({
        order_id: input.order_id,
        amount: capture.amount,
        currency_code: (payment as any).currency_code,
        reference: "capture",
        reference_id: capture.id,
      }))
    )
    addOrderTransactionStep(transactions)
    return new WorkflowResponse(payment)
  }
)
