import { StatusBadge } from "@medusajs/ui"
import type { CheckoutStatus, PaylinkCheckout } from "../../types"
import { awaitsConfirmation } from "../lib/checkouts"

/**
 * What the merchant reads for each status: the badge here, the status filter of the list, in the
 * order that filter offers them (the statuses the merchant acts on first).
 */
export const CHECKOUT_STATUS_LABELS: Record<CheckoutStatus, string> = {
  needs_attention: "Needs attention",
  created: "Created",
  unknown: "Outcome unknown",
  returned: "Returned",
  completed: "Completed",
  canceled: "Canceled",
  withdrawn: "Withdrawn",
  expired: "Expired",
  failed: "Failed",
  refunded: "Refunded by hand",
}

const TEXT = {
  awaitingConfirmation: "Awaiting confirmation",
}

type Color = "green" | "red" | "blue" | "orange" | "grey" | "purple"

const COLORS: Record<CheckoutStatus, Color> = {
  created: "blue",
  unknown: "orange",
  returned: "orange",
  completed: "green",
  canceled: "grey",
  withdrawn: "grey",
  expired: "grey",
  failed: "red",
  // Paid, but no order: the merchant has to act.
  needs_attention: "red",
  refunded: "grey",
}

export function CheckoutStatusBadge({ checkout }: { checkout: PaylinkCheckout }) {
  if (awaitsConfirmation(checkout)) {
    return <StatusBadge color="orange">{TEXT.awaitingConfirmation}</StatusBadge>
  }
  return (
    <StatusBadge color={COLORS[checkout.status] ?? "grey"}>
      {CHECKOUT_STATUS_LABELS[checkout.status] ?? checkout.status}
    </StatusBadge>
  )
}
