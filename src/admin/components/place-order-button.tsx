import { Button, toast, usePrompt } from "@medusajs/ui"
import type { PaylinkCheckout as Checkout } from "../../types"
import { usePlaceOrder } from "../lib/checkouts"
import { useFormat } from "../lib/format"
import { useLabels, usePaylinkTranslation } from "../lib/labels"
import { useReportRowSentence } from "./report-row-seen"

/** The refusal's toast, so that the next action on the same link can put it away. */
export const placeOrderErrorToastId = (c: Pick<Checkout, "id">) =>
  `paylink-place-order-${c.id}`

const PLACE_ORDER = {
  title: "checkouts.placeOrder.title",
  description: "checkouts.placeOrder.description",
  button: "checkouts.placeOrder.button",
  placed: "checkouts.placeOrder.placed",
  failed: "checkouts.placeOrder.failed",
}
const RECORD_PAYMENT = {
  title: "checkouts.recordPayment.title",
  description: "checkouts.recordPayment.description",
  button: "checkouts.recordPayment.button",
  placed: "checkouts.recordPayment.placed",
  failed: "checkouts.recordPayment.failed",
}

/** Places the order its cart was paid for, or, for an admin link, records the payment on its order. */
export function PlaceOrderButton({ checkout }: { checkout: Checkout }) {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const labels = useLabels()
  const prompt = usePrompt()
  const place = usePlaceOrder()
  const reportRow = useReportRowSentence()
  const number = { number: checkout.number }
  const k = checkout.origin === "storefront" ? PLACE_ORDER : RECORD_PAYMENT
  const onClick = async () => {
    const description = t(k.description, {
      amount: format.amount(checkout),
      gateway: labels.gateway(checkout.gateway),
    })
    // A link a report handed over: no return proves it, so the report's row comes first.
    const seen = reportRow(checkout)
    const ok = await prompt({
      title: t(k.title, number),
      description: seen ? `${seen} ${description}` : description,
      confirmText: t(k.button),
      cancelText: t("actions.cancel"),
      variant: "confirmation",
    })
    if (!ok) {
      return
    }
    place.mutate(checkout.id, {
      onSuccess: () => toast.success(t(k.placed, number)),
      // The server says why (e.g. the cart's total changed, and by how much); it stays until read.
      onError: (e) =>
        toast.error(t(k.failed, number), {
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
    <Button
      size="small"
      variant="secondary"
      isLoading={place.isPending}
      onClick={onClick}
    >
      {t(k.button)}
    </Button>
  )
}
