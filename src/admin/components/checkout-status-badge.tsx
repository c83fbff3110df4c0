import { StatusBadge } from "@medusajs/ui"
import type { CheckoutStatus, PaylinkCheckout } from "../../types"
import { awaitsConfirmation, shownStatus } from "../lib/checkouts"
import { useLabels } from "../lib/labels"

/** The ones the merchant acts on first. */
export const CHECKOUT_STATUS_ORDER: readonly CheckoutStatus[] = [
  "needs_attention",
  "created",
  "unknown",
  "returned",
  "completed",
  "canceled",
  "withdrawn",
  "expired",
  "failed",
  "refunded",
]

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
  needs_attention: "red",
  refunded: "grey",
}

/** A record's status in the admin's language; a manual-mode payment not yet confirmed says so. */
export function CheckoutStatusBadge({
  checkout,
}: {
  checkout: PaylinkCheckout
}) {
  const labels = useLabels()
  if (awaitsConfirmation(checkout)) {
    return (
      <StatusBadge color="orange">
        {labels.status("awaiting_confirmation")}
      </StatusBadge>
    )
  }
  const status = shownStatus(checkout)
  return (
    <StatusBadge color={COLORS[status] ?? "grey"} className="whitespace-nowrap">
      {labels.status(status)}
    </StatusBadge>
  )
}
