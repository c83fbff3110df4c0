import { StatusBadge } from "@medusajs/ui"
import { awaitsConfirmation, STATUS_LABELS, type Checkout, type CheckoutStatus } from "../lib/checkouts"

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

export function CheckoutStatusBadge({ checkout }: { checkout: Checkout }) {
  if (awaitsConfirmation(checkout)) {
    return <StatusBadge color="orange">{TEXT.awaitingConfirmation}</StatusBadge>
  }
  return <StatusBadge color={COLORS[checkout.status] ?? "grey"}>{STATUS_LABELS[checkout.status] ?? checkout.status}</StatusBadge>
}
