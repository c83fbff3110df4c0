/**
 * Stock reserved for a renewal order's items, as cart completion reserves it for a placed order:
 * Medusa's createOrderWorkflow only checks that the stock is there (its own note says reservations
 * are the caller's), and fulfillment refuses an item of a managed variant with no reservation.
 */
import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  confirmVariantInventoryWorkflow,
  reserveInventoryStep,
} from "@medusajs/medusa/core-flows"

export type ReserveRenewalInventoryInput = {
  sales_channel_id: string
  variants: Record<string, unknown>[]
  items: { id: string; variant_id: string; quantity: unknown }[]
}

export const reserveRenewalInventoryWorkflow = createWorkflow(
  "reserve-paylink-renewal-inventory",
  (input: ReserveRenewalInventoryInput) => {
    const confirmed = confirmVariantInventoryWorkflow.runAsStep({
      input: input as any,
    })
    return new WorkflowResponse(reserveInventoryStep(confirmed as any))
  }
)
