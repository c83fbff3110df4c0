import { Button, toast, usePrompt } from "@medusajs/ui"
import type { PaylinkCheckout as Checkout } from "../../types"
import { usePlaceOrder } from "../lib/checkouts"
import { useFormat } from "../lib/format"
import { useLabels, usePaylinkTranslation } from "../lib/labels"

/** The refusal's toast, so that the next action on the same link can put it away. */
export const placeOrderErrorToastId = (c: Pick<Checkout, "id">) => `paylink-place-order-${c.id}`

/** A paid link that needs attention: the merchant places the order its cart was paid for. */
export function PlaceOrderButton({ checkout }: { checkout: Checkout }) {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const labels = useLabels()
  const prompt = usePrompt()
  const place = usePlaceOrder()
  const number = { number: checkout.number }
  const onClick = async () => {
    const ok = await prompt({
      title: t("checkouts.placeOrder.title", number),
      description: t("checkouts.placeOrder.description", { amount: format.amount(checkout), gateway: labels.gateway(checkout.gateway) }),
      confirmText: t("checkouts.placeOrder.button"),
      cancelText: t("actions.cancel"),
      variant: "confirmation",
    })
    if (!ok) {
      return
    }
    place.mutate(checkout.id, {
      onSuccess: () => toast.success(t("checkouts.placeOrder.placed", number)),
      // The server says why (e.g. the cart's total changed, and by how much); it stays until read.
      onError: (e) =>
        toast.error(t("checkouts.placeOrder.failed", number), {
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
      {t("checkouts.placeOrder.button")}
    </Button>
  )
}
