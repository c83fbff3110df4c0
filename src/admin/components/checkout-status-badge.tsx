import { StatusBadge } from "@medusajs/ui"
import { awaitsConfirmation, type Checkout } from "../lib/checkouts"

const COLORS = {
  created: "blue",
  returned: "orange",
  completed: "green",
  canceled: "grey",
  expired: "grey",
  failed: "red",
} as const

export function CheckoutStatusBadge({ checkout }: { checkout: Checkout }) {
  if (awaitsConfirmation(checkout)) {
    return <StatusBadge color="orange">Awaiting confirmation</StatusBadge>
  }
  return <StatusBadge color={COLORS[checkout.status]}>{checkout.status}</StatusBadge>
}
