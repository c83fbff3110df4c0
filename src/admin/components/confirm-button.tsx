import { Button, toast, usePrompt } from "@medusajs/ui"
import type { PaylinkCheckout as Checkout } from "../../types"
import { useConfirmCheckout } from "../lib/checkouts"

const TEXT = {
  button: "Confirm payment",
  title: (c: Checkout) => `Confirm payment link #${c.number}?`,
  description:
    "Confirm only after you have seen this payment in the gateway's dashboard. The order's payment will be marked as captured.",
  confirm: "Confirm payment",
  cancel: "Cancel",
  confirmed: (c: Checkout) => `Payment link #${c.number} confirmed`,
}

/**
 * Manual confirmation: the merchant vouches that the gateway's dashboard shows this payment, and
 * the order's pending payment is authorized and captured.
 */
export function ConfirmButton({ checkout }: { checkout: Checkout }) {
  const prompt = usePrompt()
  const confirm = useConfirmCheckout()
  const onClick = async () => {
    const ok = await prompt({
      title: TEXT.title(checkout),
      description: TEXT.description,
      confirmText: TEXT.confirm,
      cancelText: TEXT.cancel,
    })
    if (!ok) {
      return
    }
    confirm.mutate(checkout.id, {
      onSuccess: () => toast.success(TEXT.confirmed(checkout)),
      onError: (e) => toast.error(e.message),
    })
  }
  return (
    <Button size="small" variant="secondary" isLoading={confirm.isPending} onClick={onClick}>
      {TEXT.button}
    </Button>
  )
}
