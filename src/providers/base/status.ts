/**
 * The one status map: what Medusa should believe about a payment session, given the checkout
 * record that the return flow keeps. Nothing from the storefront enters this decision.
 */
import type { PaymentSessionStatus } from "@medusajs/framework/types"

import type { CheckoutStatus } from "../../modules/paylink/models/paylink-checkout"

type RecordView = {
  status: CheckoutStatus
  confirmation: "return" | "manual"
  confirmed_at?: Date | string | null
}

export function sessionStatusFor(
  record: RecordView | null
): PaymentSessionStatus {
  if (!record) {
    // No record: never a payment link of this store.
    return "error"
  }
  switch (record.status) {
    case "created":
    case "unknown":
      return "pending"
    case "needs_attention":
      // Paid, but the merchant settles it: only their "Place order" makes it count.
      return "pending"
    case "returned":
    case "completed":
      if (record.confirmation === "manual" && !record.confirmed_at) {
        // The merchant has not yet vouched for the money.
        return "pending_authorization"
      }
      return "captured"
    case "canceled":
    case "withdrawn":
    case "expired":
    case "refunded":
      return "canceled"
    case "failed":
      return "error"
  }
}
