import { Button, toast, usePrompt } from "@medusajs/ui"
import { useConfirmCheckout, type Checkout } from "../lib/checkouts"

/**
 * Manual confirmation: the merchant vouches that the gateway's dashboard shows this payment, and
 * the order's pending payment is authorized and captured.
 */
export function ConfirmButton({ checkout }: { checkout: Checkout }) {
  const prompt = usePrompt()
  const confirm = useConfirmCheckout()
  const onClick = async () => {
    const ok = await prompt({
      title: `Confirm payment link #${checkout.number}?`,
      description:
        "Confirm only after you have seen this payment in the gateway's dashboard. The order's payment will be marked as captured.",
      confirmText: "Confirm payment",
      cancelText: "Cancel",
    })
    if (!ok) {
      return
    }
    confirm.mutate(checkout.id, {
      onSuccess: () => toast.success(`Payment link #${checkout.number} confirmed`),
      onError: (e) => toast.error(e.message),
    })
  }
  return (
    <Button size="small" variant="secondary" isLoading={confirm.isPending} onClick={onClick}>
      Confirm payment
    </Button>
  )
}
