/**
 * Records a paid admin link on its order: Medusa authorizes the link's payment session (the
 * provider answers `captured`, from the record the verified return moved), which creates the
 * payment and its capture, and each capture becomes an order transaction, so the order's
 * outstanding amount drops by what was paid. Medusa's own authorizePaymentSessionForOrderWorkflow
 * does the same, but only for sessions pending authorization; a payment link's session is pending.
 */
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { addOrderTransactionStep, authorizePaymentSessionStep } from "@medusajs/medusa/core-flows"

export type RecordOrderLinkPaymentInput = { payment_session_id: string; order_id: string }

export const recordOrderLinkPaymentWorkflow = createWorkflow("record-paylink-order-payment", (input: RecordOrderLinkPaymentInput) => {
  const payment = authorizePaymentSessionStep({ id: input.payment_session_id, context: {} })
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
})
