import { Button, toast, usePrompt } from "@medusajs/ui"
import type { PaylinkCheckout as Checkout } from "../../types"
import { usePlaceOrder } from "../lib/checkouts"
import { formatAmount } from "../lib/format"
import { GATEWAY_LABELS } from "./gateway-labels"

const TEXT = {
  button: "Place order",
  title: (c: Checkout) => `Place the order for payment link #${c.number}?`,
  description: (c: Checkout) =>
    `The customer paid ${formatAmount(c)} through ${GATEWAY_LABELS[c.gateway]}. Check this payment in the gateway's dashboard first. ` +
    "The cart becomes an order with this payment recorded as captured. If the cart's total has changed since it was paid, the order is not placed.",
  confirm: "Place order",
  cancel: "Cancel",
  placed: (c: Checkout) => `Order placed for payment link #${c.number}`,
  failed: (c: Checkout) => `Could not place the order for payment link #${c.number}`,
}

/** The refusal's toast, so that the next action on the same link can put it away. */
export const placeOrderErrorToastId = (c: Pick<Checkout, "id">) => `paylink-place-order-${c.id}`

/** A paid link that needs attention: the merchant places the order its cart was paid for. */
export function PlaceOrderButton({ checkout }: { checkout: Checkout }) {
  const prompt = usePrompt()
  const place = usePlaceOrder()
  const onClick = async () => {
    const ok = await prompt({
      title: TEXT.title(checkout),
      description: TEXT.description(checkout),
      confirmText: TEXT.confirm,
      cancelText: TEXT.cancel,
      variant: "confirmation",
    })
    if (!ok) {
      return
    }
    place.mutate(checkout.id, {
      onSuccess: () => toast.success(TEXT.placed(checkout)),
      // The server says why (e.g. the cart's total changed, and by how much); it stays until read.
      onError: (e) => toast.error(TEXT.failed(checkout), {
          id: placeOrderErrorToastId(checkout),
          description: e.message,
          // Given with other options, the position must be given too (or sonner's default applies).
          position: "top-right",
          duration: 20_000,
          dismissable: true,
        }),
    })
  }
  return (
    <Button size="small" variant="secondary" isLoading={place.isPending} onClick={onClick}>
      {TEXT.button}
    </Button>
  )
}
